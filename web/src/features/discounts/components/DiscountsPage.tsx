import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ns } from '../i18n';
import { useCore, persianDigits } from '@/shared/core/useCore';
import { useRouteInfo } from '@/shared/hooks/routeInfo';
import { TagIcon } from '@/shared/ui/Icons';
import { EmptyState } from '@/shared/ui/EmptyState';
import { PageTitle } from '@/shared/ui/PageTitle';
import { LoadError } from '@/shared/ui/Status';
import { listDiscounts, type DiscountItem } from '../api/discounts';
import { joinParts } from '@/shared/lib/format';

type State = { kind: 'loading' } | { kind: 'ok'; data: DiscountItem[] } | { kind: 'failed'; message: string | null };

function CodeCard({ d }: { d: DiscountItem }) {
  const { t } = useTranslation(ns);
  const core = useCore();
  const [copied, setCopied] = useState(false);
  const copy = () => {
    void navigator.clipboard?.writeText(d.Code).then(() => setCopied(true), () => undefined);
  };
  return (
    <li className="rounded-2xl border border-dashed border-brand-300 bg-white p-4 shadow-sm" data-testid="discount-code">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <p className="flex flex-wrap items-center gap-2">
            <span className="sr-only">{t('code')}</span>
            <bdi dir="ltr" className="rounded-lg bg-brand-50 px-2 py-1 font-mono text-lg font-bold tracking-wider text-brand-700">
              {d.Code}
            </bdi>
            {d.Personal && <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-bold text-amber-900">{t('personal')}</span>}
            {!d.Started && <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-bold text-slate-700">{t('notStarted')}</span>}
          </p>
          <p className="break-words font-bold text-slate-900">{d.TermsText}</p>
          {d.Description && <p className="break-words text-sm text-slate-600">{d.Description}</p>}
        </div>
        <button
          type="button"
          onClick={copy}
          className="shrink-0 rounded-xl border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50"
        >
          {copied ? t('copied') : t('copy')}
        </button>
      </div>
      <ul className="mt-3 space-y-1 text-sm text-slate-600">
        <li>{d.Started ? t('until', { date: d.EndsText }) : joinParts([t('from', { date: d.StartsText }), t('until', { date: d.EndsText })])}</li>
        {d.UsesLeft != null && <li>{t('usesLeft', { n: persianDigits(core, d.UsesLeft) })}</li>}
        {d.Categories.length > 0 && <li>{t('onlyCategories', { names: d.Categories.join('، ') })}</li>}
        {d.ProductsOnly && <li>{t('onlyProducts')}</li>}
      </ul>
    </li>
  );
}

/** `/profile/discounts`: the codes this customer may use, with their terms and Jalali dates. */
export default function DiscountsPage() {
  const { t } = useTranslation(ns);
  const route = useRouteInfo();
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [round, setRound] = useState(0);
  useEffect(() => {
    let alive = true;
    setState({ kind: 'loading' });
    void listDiscounts().then((out) => {
      if (alive) setState(out.ok ? { kind: 'ok', data: out.data } : { kind: 'failed', message: out.message });
    });
    return () => {
      alive = false;
    };
  }, [round]);
  const retry = useCallback(() => setRound((n) => n + 1), []);
  return (
    <section aria-labelledby="page-title">
      <PageTitle>
        <span id="page-title">{route.title}</span>
      </PageTitle>
      {state.kind === 'loading' && <div className="h-40 animate-pulse rounded-2xl bg-slate-200/60" aria-busy="true" />}
      {state.kind === 'failed' && <LoadError message={state.message} onRetry={retry} />}
      {state.kind === 'ok' && state.data.length === 0 && (
        <EmptyState icon={<TagIcon />} message={t('empty')} action={{ to: '/specials', label: t('goSpecials') }} />
      )}
      {state.kind === 'ok' && state.data.length > 0 && (
        <>
          <p className="mb-3 text-sm text-slate-600">{t('intro')}</p>
          <ul className="space-y-3" data-testid="discounts">
            {state.data.map((d) => (
              <CodeCard key={d.Code} d={d} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
