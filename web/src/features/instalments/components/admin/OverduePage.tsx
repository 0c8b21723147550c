import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ns } from './i18n';
import { AdminList } from '@/shared/admin/AdminList';
import { pageOf } from '@/shared/admin/useUrlFilters';
import { useLoad } from '@/shared/hooks/useLoad';
import { formatCount, formatDigits, formatPlain } from '@/shared/lib/format';
import { DocIcon } from '@/shared/ui/Icons';
import { Money } from '@/shared/ui/Money';
import { overdueInstalments, type OverdueCustomer } from '../../api/overdue';
import { LatinCode } from '@/shared/ui/LatinCode';

function Customer({ c }: { c: OverdueCustomer }) {
  const { t } = useTranslation(ns);
  const name = c.name || t('noName');
  return (
    <li className="rounded-2xl bg-white p-4 shadow-sm" data-testid="overdue-customer">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="font-bold text-slate-800">
          {name} <bdi className="text-sm font-normal text-slate-600">{formatDigits(c.mobile)}</bdi>
        </p>
        <p className="text-sm text-slate-700">
          {t('total')}: <Money value={c.total} className="font-bold" />
        </p>
      </div>
      <div className="relative mt-3 overflow-x-auto">
        <table className="w-full min-w-[28rem] text-start text-sm">
          <caption className="sr-only">{t('listOf', { name })}</caption>
          <thead>
            <tr className="text-slate-600">
              <th scope="col" className="py-1 text-start font-medium">{t('order')}</th>
              <th scope="col" className="py-1 text-start font-medium">{t('number')}</th>
              <th scope="col" className="py-1 text-start font-medium">{t('amount')}</th>
              <th scope="col" className="py-1 text-start font-medium">{t('due')}</th>
              <th scope="col" className="py-1 text-start font-medium">{t('days')}</th>
            </tr>
          </thead>
          <tbody>
            {c.instalments.map((i) => (
              <tr key={i.id} className="border-t border-slate-100" data-testid="overdue-instalment">
                <td className="py-1">
                  <LatinCode>{i.order_code}</LatinCode>
                </td>
                <td className="py-1">{formatPlain(i.number)}</td>
                <td className="py-1">
                  <Money value={i.amount} />
                </td>
                <td className="py-1">{i.due_text}</td>
                <td className="py-1 font-bold text-red-700">{t('daysText', { n: formatCount(i.days_overdue) })}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </li>
  );
}

/** /admin/instalments: customers with overdue instalments, the longest overdue first. */
export default function OverduePage() {
  const { t } = useTranslation(ns);
  const [params] = useSearchParams();
  const page = pageOf(params);
  const [state, retry] = useLoad(`overdue-${page}`, () => overdueInstalments(page));
  return (
    <AdminList
      state={state}
      retry={retry}
      rows={(d) => d.customers}
      count={(d) => t('count', { n: formatCount(d.total) })}
      paging={(d) => d}
      page={page}
      empty={{ icon: <DocIcon />, message: t('empty') }}
      listTestId="overdue-list"
      renderRow={(c) => <Customer key={c.user_id} c={c} />}
    />
  );
}
