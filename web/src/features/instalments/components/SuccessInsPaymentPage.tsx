import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ns } from '../i18n';
import { useSearchParams } from 'react-router';
import { useRouteInfo } from '@/shared/hooks/routeInfo';
import { AlertIcon, CheckIcon, InfoIcon } from '@/shared/ui/Icons';
import { PageTitle } from '@/shared/ui/PageTitle';
import { PrefetchLink } from '@/shared/ui/PrefetchLink';
import { LoadError } from '@/shared/ui/Status';
import { orderPlan, type OrderPlan } from '../api/instalments';
import { ScheduleView } from './ScheduleView';
import { PART_SEPARATOR } from '@/shared/lib/format';

const CODE = /^[A-Za-z0-9]{1,20}$/;
const button = 'rounded-xl px-5 py-2.5 text-sm font-bold transition';

type State = { kind: 'loading' } | { kind: 'failed'; status: number; message: string | null } | { kind: 'ready'; data: OrderPlan };

/**
 * `/success-inspayment?code=…`: the order bought in instalments, whether its down payment went
 * through (as the server has it, not as the URL claims) and its schedule.
 */
export default function SuccessInsPaymentPage() {
  const { t } = useTranslation(ns);
  const route = useRouteInfo();
  const [params] = useSearchParams();
  const code = (params.get('code') ?? '').trim();
  const valid = CODE.test(code);
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [reload, setReload] = useState(0);

  useEffect(() => {
    if (!valid) return;
    let alive = true;
    setState({ kind: 'loading' });
    void orderPlan(code).then((out) => {
      if (!alive) return;
      setState(out.ok ? { kind: 'ready', data: out.data } : { kind: 'failed', status: out.status, message: out.message });
    });
    return () => {
      alive = false;
    };
  }, [code, valid, reload]);

  let body: React.ReactNode;
  if (!valid || (state.kind === 'failed' && state.status === 404)) {
    body = (
      <div role="alert" data-testid="unknown-order" className="flex flex-col items-center gap-3 text-center">
        <InfoIcon className="h-12 w-12 text-amber-500" />
        <p className="leading-8 text-slate-700">{valid ? t('success.notFound') : t('success.missing')}</p>
        <PrefetchLink to="/profile/factors" className={`${button} bg-brand-600 text-white hover:bg-brand-700`}>
          {t('success.goFactors')}
        </PrefetchLink>
      </div>
    );
  } else if (state.kind === 'loading') {
    body = <div className="h-48 animate-pulse rounded-xl bg-slate-100" aria-busy="true" />;
  } else if (state.kind === 'failed') {
    body = <LoadError message={state.message} onRetry={() => setReload((n) => n + 1)} />;
  } else {
    const r = state.data;
    body = (
      <div className="space-y-5">
        <div
          className={`flex items-start gap-3 rounded-xl p-4 ${r.DownPaymentPaid ? 'bg-green-50 text-green-800' : 'bg-amber-50 text-amber-900'}`}
          data-testid="payment-message"
        >
          {r.DownPaymentPaid ? <CheckIcon className="h-8 w-8 shrink-0" /> : <AlertIcon className="h-8 w-8 shrink-0" />}
          <p className="leading-8">{r.Message}</p>
        </div>
        <h2 className="font-bold">
          {r.Plan.PlanName}{PART_SEPARATOR}<span dir="ltr">{r.Plan.Code}</span>
        </h2>
        <ScheduleView plan={r.Plan} />
        <PrefetchLink to="/profile/finance" className={`${button} inline-block bg-brand-600 text-white hover:bg-brand-700`}>
          {t('success.goFinance')}
        </PrefetchLink>
      </div>
    );
  }
  return (
    <section aria-labelledby="page-title" className="mx-auto w-full max-w-3xl">
      <PageTitle>
        <span id="page-title">{route.title}</span>
      </PageTitle>
      <div className="rounded-2xl bg-white p-4 shadow-sm md:p-6">{body}</div>
    </section>
  );
}
