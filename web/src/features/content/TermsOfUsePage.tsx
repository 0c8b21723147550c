import { useTranslation } from 'react-i18next';
import { TextPage } from './TextPage';

export default function TermsOfUsePage() {
  const { t } = useTranslation();
  return <TextPage paragraphs={t('content.terms', { returnObjects: true }) as string[]} />;
}
