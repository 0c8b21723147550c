import { useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { ns } from '../i18n';
import { useNavigate } from 'react-router';
import { useRouteInfo } from '@/shared/hooks/routeInfo';
import { PageTitle } from '@/shared/ui/PageTitle';
import { PrefetchLink } from '@/shared/ui/PrefetchLink';
import { AddressFormSlot } from './addressFormSlot';

/**
 * First-time cart: a customer with no delivery details yet gives the receiver's name, city and
 * address once (it becomes their default address), then goes on to order registration.
 */
export default function CartFirstPage() {
  const { t } = useTranslation(ns);
  const route = useRouteInfo();
  const navigate = useNavigate();
  const AddressForm = useContext(AddressFormSlot);
  return (
    <section aria-labelledby="page-title" className="mx-auto w-full max-w-3xl">
      <PageTitle
        aside={
          <PrefetchLink to="/profile/cart" className="text-sm font-medium text-brand-600 hover:underline">
            {t('backToCart')}
          </PrefetchLink>
        }
      >
        <span id="page-title">{route.title}</span>
      </PageTitle>
      <div className="rounded-2xl bg-white p-4 shadow-sm md:p-6">
        <p className="mb-4 leading-8 text-slate-600">{t('first.intro')}</p>
        {AddressForm && <AddressForm submitLabel={t('first.continue')} onSaved={() => navigate('/profile/cart/order-register')} />}
      </div>
    </section>
  );
}
