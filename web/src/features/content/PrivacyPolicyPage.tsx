import { useTranslation } from 'react-i18next';
import { TextPage } from './TextPage';

export default function PrivacyPolicyPage() {
  const { t } = useTranslation();
  return <TextPage paragraphs={t('content.privacy', { returnObjects: true }) as string[]} />;
}
