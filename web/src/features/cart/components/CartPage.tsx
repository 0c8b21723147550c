import { useTranslation } from 'react-i18next';
import { CartIcon } from '@/shared/ui/Icons';
import { SimplePage } from '@/shared/ui/SimplePage';

export default function CartPage() {
  const { t } = useTranslation();
  return (
    <SimplePage
      icon={<CartIcon />}
      message={t('empty.cart')}
      action={{ to: '/shop', label: t('empty.goShop') }}
    />
  );
}
