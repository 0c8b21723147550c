import { useAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { ns } from '../i18n';
import { toast } from '@/shared/ui/toast';
import { formatCount } from '@/shared/lib/format';
import { PrefetchLink } from '@/shared/ui/PrefetchLink';
import { compareAtom, MAX_COMPARE, toggleIn } from '@/features/catalog/utils/localLists';

/** "Add to compare" toggle for one product. */
export function CompareToggle({ uid, className = '' }: { uid: string; className?: string }) {
  const { t } = useTranslation(ns);
  const [list, setList] = useAtom(compareAtom);
  const on = list.includes(uid);
  return (
    <button
      type="button"
      aria-pressed={on}
      onClick={() => {
        const next = toggleIn(list, uid, MAX_COMPARE);
        if (next === null) toast(t('product.compareFull', { n: formatCount(MAX_COMPARE) }), { id: 'compare-full' });
        else setList(next);
      }}
      className={`inline-flex h-10 items-center gap-1.5 rounded-xl border px-3 text-sm font-bold transition ${
        on ? 'border-brand-600 bg-brand-50 text-brand-800' : 'border-slate-200 bg-white text-slate-700 hover:border-brand-500'
      } ${className}`}
      data-testid="compare-toggle"
    >
      <span aria-hidden="true">{on ? '✓' : '⇄'}</span>
      {on ? t('product.uncompare') : t('product.compare')}
    </button>
  );
}

/** Floating bar while products are picked for comparison. */
export function CompareBar() {
  const { t } = useTranslation(ns);
  const [list, setList] = useAtom(compareAtom);
  if (!list.length) return null;
  return (
    <div className="fixed inset-x-3 bottom-20 z-30 mx-auto flex max-w-md items-center justify-between gap-2 rounded-2xl bg-slate-900 px-4 py-2.5 text-sm text-white shadow-lg lg:bottom-4" data-testid="compare-bar">
      <span>{t('compare.bar', { n: formatCount(list.length) })}</span>
      <span className="flex items-center gap-2">
        <button type="button" onClick={() => setList([])} className="h-9 rounded-lg px-2 text-slate-300 hover:text-white">
          {t('compare.clear')}
        </button>
        <PrefetchLink to={`/compare?uids=${list.join(',')}`} className="flex h-9 items-center rounded-lg bg-white px-3 font-bold text-slate-900">
          {t('compare.go')}
        </PrefetchLink>
      </span>
    </div>
  );
}
