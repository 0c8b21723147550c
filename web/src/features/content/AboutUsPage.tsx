import { useTranslation } from 'react-i18next';
import { TextPage } from './TextPage';

export default function AboutUsPage() {
  const { t } = useTranslation();
  return <TextPage paragraphs={t('content.about', { returnObjects: true }) as string[]} />;
}
