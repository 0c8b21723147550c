import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ns } from '../i18n';
import { useSearchParams } from 'react-router';
import { goToGateway } from '@/shared/api/payment';
import { attemptKey } from '@/shared/api/outcome';
import { useRouteInfo } from '@/shared/hooks/routeInfo';
import { PageTitle } from '@/shared/ui/PageTitle';
import { LoadError } from '@/shared/ui/Status';
import { finance, payInstalment, type Finance, type PlanView } from '../api/instalments';
import { ScheduleView } from './ScheduleView';
import { PART_SEPARATOR } from '@/shared/lib/format';
import { useCore, persianDigits } from '@/shared/core/useCore';

type State = { kind: 'loading' } | { kind: 'failed'; message: string | null } | { kind: 'ready'; data: Finance };

const RESULTS = new Set(['paid', 'failed', 'pending']);

function Section({ title, children, testId }: { title: string; children: React.ReactNode; testId: string }) {
  return (
    <section className="rounded-2xl bg-white p-4 shadow-sm md:p-5" data-testid={testId}>
      <h2 className="mb-3 font-bold text-slate-900">{title}</h2>
      {children}
    </section>
  );
}

/** One plan with «پرداخت قسط» for its next instalment. */
function PlanCard({ plan }: { plan: PlanView }) {
  const { t } = useTranslation(ns);
  const [paying, setPaying] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const next = plan.Instalments.find((i) => i.Id === plan.NextId);
  const pay = async () => {
    if (!next || paying) return;
    setPaying(true);
    setError(null);
    const out = await payInstalment(next.Id, attemptKey());
    if (out.ok) {
      goToGateway(out.data.url);
      return;
    }
    setPaying(false);
    setError(out.message ?? t('finance.payFailed'));
  };
  return (
    <article className="space-y-3 rounded-xl border border-slate-200 p-3 md:p-4" data-testid="plan" data-code={plan.Code}>
      <header className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="font-bold">
          {t('finance.order', { code: plan.Code })}{PART_SEPARATOR}{plan.PlanName}
        </h3>
        <span className="text-xs text-slate-600">{t('finance.orderDate', { date: plan.DateText })}</span>
      </header>
      <ScheduleView plan={plan}>
        {error && (
          <p role="alert" className="rounded-xl bg-red-50 p-3 text-sm text-red-700" data-testid="pay-error">
            {error}
          </p>
        )}
        {next ? (
          <button
            type="button"
            onClick={() => void pay()}
            disabled={paying}
            className="w-full rounded-xl bg-brand-600 px-5 py-2.5 text-sm font-bold text-white transition hover:bg-brand-700 disabled:opacity-50 sm:w-auto"
            aria-label={t('finance.payNext', { n: next.NumberText })}
          >
            {paying ? t('finance.paying') : t('finance.pay')}
          </button>
        ) : (
          <p className="text-sm text-green-800">{t('finance.allPaid')}</p>
        )}
      </ScheduleView>
    </article>
  );
}

/**
 * `/profile/finance`: every payment the customer made, and each instalment plan's schedule
 * with paid, due and overdue instalments, as the server has them.
 */
export default function FinancePage() {
  const { t } = useTranslation(ns);
  const core = useCore();
  const route = useRouteInfo();
  const [params] = useSearchParams();
  const result = params.get('result') ?? '';
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [reload, setReload] = useState(0);

  useEffect(() => {
    let alive = true;
    setState({ kind: 'loading' });
    void finance().then((out) => {
      if (!alive) return;
      setState(out.ok ? { kind: 'ready', data: out.data } : { kind: 'failed', message: out.message });
    });
    return () => {
      alive = false;
    };
  }, [reload]);

  return (
    <section aria-labelledby="page-title" className="space-y-4">
      <PageTitle>
        <span id="page-title">{route.title}</span>
      </PageTitle>
      {RESULTS.has(result) && (
        <p
          role="status"
          data-testid="pay-result"
          className={`rounded-xl p-3 text-sm ${result === 'paid' ? 'bg-green-50 text-green-800' : 'bg-amber-50 text-amber-900'}`}
        >
          {t(`finance.result.${result}`)}
        </p>
      )}
      {state.kind === 'loading' && <div className="h-64 animate-pulse rounded-2xl bg-slate-200/60" aria-busy="true" />}
      {state.kind === 'failed' && <LoadError message={state.message ?? t('finance.loadFailed')} onRetry={() => setReload((n) => n + 1)} />}
      {state.kind === 'ready' && (
        <>
          <Section title={t('finance.plans')} testId="plans">
            {state.data.plans.length === 0 ? (
              <p className="text-sm text-slate-600">{t('finance.noPlans')}</p>
            ) : (
              <div className="space-y-4">
                {state.data.plans.map((p) => (
                  <PlanCard key={p.Code} plan={p} />
                ))}
              </div>
            )}
          </Section>
          <Section title={t('finance.payments')} testId="payments">
            {state.data.payments.length === 0 ? (
              <p className="text-sm text-slate-600">{t('finance.noPayments')}</p>
            ) : (
              <ul className="divide-y divide-slate-100" aria-label={t('finance.paymentsCaption')}>
                {state.data.payments.map((p) => (
                  <li key={p.Id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm" data-testid="payment">
                    <span className="min-w-0">
                      <span className="font-medium">{p.KindLabel}</span>{PART_SEPARATOR}{t('finance.order', { code: p.Code })}
                      <span className="block text-xs text-slate-600">
                        {p.DateText}
                        {p.RefId && (
                          <>
                            {PART_SEPARATOR}
                            {t('finance.ref')}: <span dir="ltr">{persianDigits(core, p.RefId)}</span>
                          </>
                        )}
                      </span>
                    </span>
                    <span className="text-end font-medium whitespace-nowrap">
                      {p.AmountText}
                      {p.RefundNeeded && <span className="block text-xs font-normal text-amber-800">{t('finance.refund')}</span>}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </Section>
        </>
      )}
    </section>
  );
}
