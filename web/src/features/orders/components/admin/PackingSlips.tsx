import { useTranslation } from 'react-i18next';
import { ns } from './i18n';
import { formatCount, formatDigits, PART_SEPARATOR } from '@/shared/lib/format';
import type { AdminSlip } from '../../api/admin';
import './packing-slips.css';

/** One parcel's slip: the order code, the receiver and what goes in the box (no prices). */
function Slip({ s }: { s: AdminSlip }) {
  const { t } = useTranslation(ns);
  return (
    <article className="rounded-2xl bg-white p-5 shadow-sm" data-testid="packing-slip">
      <header className="flex flex-wrap items-baseline justify-between gap-2 border-b border-slate-200 pb-2">
        <h2 className="text-lg font-bold" dir="ltr">
          {s.code}
        </h2>
        <p className="text-sm text-slate-600">
          {s.created_text}{PART_SEPARATOR}{s.delivery_name}
          {s.delivery_slot && <>{PART_SEPARATOR}{s.delivery_slot}</>}
        </p>
      </header>
      <section className="mt-3 text-sm leading-7">
        <h3 className="font-bold">{t('slips.receiver')}</h3>
        <p className="break-words">
          <bdi>{s.address.Name}</bdi>{PART_SEPARATOR}<bdi dir="ltr">{formatDigits(s.address.Mobile)}</bdi>
          <br />
          {s.address.State}، {s.address.City}، {s.address.Address}
          <br />
          {t('order.postalCode')}: {formatDigits(s.address.PostalCode)}
        </p>
      </section>
      <table className="mt-3 w-full text-sm">
        <caption className="sr-only">{t('order.lines')}</caption>
        <thead className="bg-slate-50 text-slate-700">
          <tr>
            <th scope="col" className="p-2 text-start">{t('order.item')}</th>
            <th scope="col" className="p-2 text-start">{t('order.warranty')}</th>
            <th scope="col" className="p-2 text-center">{t('order.num')}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {s.lines.map((l, i) => (
            <tr key={i}>
              <td className="p-2">
                {l.name}
                <span className="block text-xs text-slate-600">{[l.color, l.property].filter(Boolean).join(PART_SEPARATOR)}</span>
              </td>
              <td className="p-2">{l.warranty_name}</td>
              <td className="p-2 text-center">{formatCount(l.num)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="mt-2 text-sm font-bold">{t('slips.items', { n: formatCount(s.count) })}</p>
    </article>
  );
}

/** The selected orders' packing slips, ready to print (print CSS: the slips alone, one a page). */
export function PackingSlips({ slips, onBack }: { slips: AdminSlip[]; onBack: () => void }) {
  const { t } = useTranslation(ns);
  return (
    <section id="packing-slips" aria-labelledby="slips-title" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2" data-print="hide">
        <h1 id="slips-title" className="text-xl font-bold">
          {t('slips.title')}
        </h1>
        <div className="flex gap-2">
          <button type="button" onClick={() => window.print()} className="rounded-xl bg-brand-600 px-4 py-2 text-sm font-bold text-white hover:bg-brand-700">
            {t('slips.print')}
          </button>
          <button type="button" onClick={onBack} className="rounded-xl border border-slate-300 px-4 py-2 text-sm font-bold text-slate-700">
            {t('slips.back')}
          </button>
        </div>
      </div>
      {slips.length === 0 ? <p>{t('slips.none')}</p> : slips.map((s) => <Slip key={s.code} s={s} />)}
    </section>
  );
}
