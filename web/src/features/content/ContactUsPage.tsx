import { useTranslation } from 'react-i18next';
import { TextPage } from './TextPage';

export default function ContactUsPage() {
  const { t } = useTranslation();
  return <TextPage paragraphs={t('content.contact', { returnObjects: true }) as string[]} />;
}
