import { useTranslation } from 'react-i18next';
import { ChatIcon } from '@/shared/ui/Icons';
import { SimplePage } from '@/shared/ui/SimplePage';

export default function MessagesPage() {
  const { t } = useTranslation();
  return (
    <SimplePage
      icon={<ChatIcon />}
      message={t('empty.messages')}
    />
  );
}
