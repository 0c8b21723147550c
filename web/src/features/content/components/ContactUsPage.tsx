import { useTranslation } from 'react-i18next';
import { ns } from '../i18n';
import { useResource } from '@/shared/api/resource';
import { getShopInfo, type ShopInfo } from '@/features/content/api/content';
import { TextPage } from './TextPage';

/** The shop's details from its one record (`/shop`): only the ones the shop has filled in. */
export function ShopDetails({ shop }: { shop: ShopInfo }) {
  const { t } = useTranslation(ns);
  const address = [shop.City, shop.Address].filter(Boolean).join('، ');
  const rows: { key: string; label: string; value: React.ReactNode }[] = [];
  if (address) rows.push({ key: 'address', label: t('contact.address'), value: address });
  if (shop.PostalCode) rows.push({ key: 'postal', label: t('contact.postalCode'), value: shop.PostalCode });
  if (shop.Phone)
    rows.push({
      key: 'phone',
      label: t('contact.phone'),
      value: (
        <a href={`tel:${shop.PhoneHref}`} className="font-bold text-brand-700 hover:underline" dir="ltr">
          {shop.Phone}
        </a>
      ),
    });
  if (shop.Email)
    rows.push({
      key: 'email',
      label: t('contact.email'),
      value: (
        <a href={`mailto:${shop.Email}`} className="font-bold text-brand-700 hover:underline" dir="ltr">
          {shop.Email}
        </a>
      ),
    });
  if (shop.OpeningHours) rows.push({ key: 'hours', label: t('contact.hours'), value: shop.OpeningHours });
  if (!rows.length) return null;
  return (
    <dl className="mt-6 grid gap-3 rounded-2xl border border-slate-200 p-4 sm:grid-cols-[8rem_1fr]" data-testid="shop-details">
      {rows.map((r) => (
        <div key={r.key} className="contents">
          <dt className="text-sm font-bold text-slate-600">{r.label}</dt>
          <dd className="leading-7 text-slate-800">{r.value}</dd>
        </div>
      ))}
    </dl>
  );
}

export default function ContactUsPage() {
  const { data } = useResource(getShopInfo());
  return <TextPage name="contact">{data && <ShopDetails shop={data.data} />}</TextPage>;
}
