import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ns } from '../i18n';
import { useSearchParams } from 'react-router';
import { goToGateway, startPayment } from '@/shared/api/payment';
import { attemptKey } from '@/shared/api/outcome';
import { useRouteInfo } from '@/shared/hooks/routeInfo';
import { AlertIcon, CheckIcon, InfoIcon } from '@/shared/ui/Icons';
import { Money } from '@/shared/ui/Money';
import { PageTitle } from '@/shared/ui/PageTitle';
import { PrefetchLink } from '@/shared/ui/PrefetchLink';
import { LoadError } from '@/shared/ui/Status';
import { persianDigits, useCore } from '@/shared/core/useCore';
import { cancelOrder, paymentResult, type PaymentResult } from '../api/orders';
import { useLoad } from '../hooks/useLoad';

const CODE = /^[A-Za-z0-9]{1,20}$/;
/** Orders that can still be paid (the payment window is checked by the server). */
const PAYABLE_STATES = new Set(['registered', 'awaiting_payment']);

const button = 'rounded-xl px-5 py-2.5 text-sm font-bold transition';

function Facts({ r }: { r: PaymentResult }) {
  const { t } = useTranslation(ns);
  const core = useCore();
  return (
    <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2" data-testid="payment-facts">
      <div className="flex justify-between gap-2 sm:block">
        <dt className="text-slate-500">{t('result.code')}</dt>
        <dd className="font-bold" dir="ltr" data-testid="order-code">
          {r.Code}
        </dd>
      </div>
      <div className="flex justify-between gap-2 sm:block">
        <dt className="text-slate-500">{t('result.amount')}</dt>
        <dd className="font-bold" data-testid="amount">
          <Money value={r.Amount} />
        </dd>
      </div>
      <div className="flex justify-between gap-2 sm:block">
        <dt className="text-slate-500">{t('result.refId')}</dt>
        <dd className="font-bold" dir="ltr" data-testid="ref-id">
          {r.RefId ? persianDigits(core, r.RefId) : t('result.noRefId')}
        </dd>
      </div>
      <div className="flex justify-between gap-2 sm:block">
        <dt className="text-slate-500">{t('result.date')}</dt>
        <dd className="font-bold" data-testid="date">
          {r.Date}
        </dd>
      </div>
      <div className="flex justify-between gap-2 sm:block">
        <dt className="text-slate-500">{t('result.state')}</dt>
        <dd className="font-bold" data-testid="order-state">
          {r.OrderStatusLabel}
        </dd>
      </div>
    </dl>
  );
}

/**
 * `/success-payment?code=…` and `/error-payment?code=…`: the order and payment as the server
 * has them. Which page the bank sent the customer to decides nothing: a success page for an
 * unpaid order says so, and an unknown or someone else's code shows no order at all.
 */
export function PaymentResultPage({ expect }: { expect: 'success' | 'error' }) {
  const { t } = useTranslation(ns);
  const route = useRouteInfo();
  const [params] = useSearchParams();
  const code = (params.get('code') ?? '').trim();
  const valid = CODE.test(code);
  const [state, retry] = useLoad(valid ? code : '', () =>
    valid ? paymentResult(code) : Promise.resolve({ ok: false as const, status: 404, message: null, field: null }),
  );
  const [paying, setPaying] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const [payError, setPayError] = useState<string | null>(null);

  const cancel = async () => {
    if (cancelling) return;
    setCancelling(true);
    setPayError(null);
    const out = await cancelOrder(code);
    setCancelling(false);
    if (out.ok) retry();
    else setPayError(out.message ?? t('result.cancelFailed'));
  };

  const payAgain = async () => {
    if (paying) return;
    setPaying(true);
    setPayError(null);
    const out = await startPayment(code, attemptKey());
    if (out.ok) {
      goToGateway(out.data.url);
      return;
    }
    setPaying(false);
    setPayError(out.message ?? t('result.payFailed'));
  };

  let body: React.ReactNode;
  if (!valid || (state.kind === 'failed' && state.status === 404)) {
    body = (
      <div role="alert" data-testid="unknown-order" className="flex flex-col items-center gap-3 text-center">
        <InfoIcon className="h-12 w-12 text-amber-500" />
        <p className="leading-8 text-slate-700">{valid ? t('result.unknown') : t('result.noCode')}</p>
        <PrefetchLink to="/profile/factors" className={`${button} bg-brand-600 text-white hover:bg-brand-700`}>
          {t('result.goFactors')}
        </PrefetchLink>
      </div>
    );
  } else if (state.kind === 'loading') {
    body = <div className="h-48 animate-pulse rounded-xl bg-slate-100" aria-busy="true" />;
  } else if (state.kind === 'failed') {
    body = <LoadError message={state.message} onRetry={retry} />;
  } else {
    const r = state.data;
    const paid = r.PaymentStatus === 'paid' && !r.RefundNeeded;
    const canPay = !paid && PAYABLE_STATES.has(r.OrderStatus);
    const pending = !paid && !r.RefundNeeded && r.PaymentStatus === 'pending';
    // One true sentence: paid; the server's own sentence for a refund the shop owes or an
    // answer the bank has not given yet; or not paid, with the order still held (pay or cancel
    // it) or closed (the cart is still there).
    const title = paid
      ? t('result.paidTitle')
      : r.RefundNeeded || pending
        ? r.Message
          : expect === 'success'
            ? t('result.notPaidTitle')
            : t('result.failedTitle');
    body = (
      <div className="space-y-5">
        <div className={`flex items-start gap-3 rounded-xl p-4 ${paid ? 'bg-green-50 text-green-800' : 'bg-amber-50 text-amber-900'}`} data-testid="payment-message">
          {paid ? <CheckIcon className="h-8 w-8 shrink-0" /> : <AlertIcon className="h-8 w-8 shrink-0" />}
          <div className="space-y-1 leading-8">
            <p className="font-bold">{title}</p>
            {!paid && !r.RefundNeeded && canPay && <p data-testid="order-held">{t('result.orderHeld')}</p>}
            {!paid && !r.RefundNeeded && !canPay && <p data-testid="cart-intact">{t('result.cartIntact')}</p>}
          </div>
        </div>
        <Facts r={r} />
        {payError && (
          <p role="alert" className="rounded-xl bg-red-50 p-3 text-sm text-red-700">
            {payError}
          </p>
        )}
        <div className="flex flex-wrap gap-3">
          {canPay && (
            <button type="button" onClick={() => void payAgain()} disabled={paying || cancelling} className={`${button} bg-brand-600 text-white hover:bg-brand-700 disabled:opacity-60`}>
              {paying ? t('result.paying') : t('result.pay')}
            </button>
          )}
          {canPay && (
            <button
              type="button"
              onClick={() => void cancel()}
              disabled={paying || cancelling}
              className={`${button} border border-red-200 bg-white text-red-700 hover:bg-red-50 disabled:opacity-60`}
            >
              {cancelling ? t('result.cancelling') : t('result.cancel')}
            </button>
          )}
          {/* A cancelled or expired order gave its stock back; the cart is still there to register again. */}
          {!paid && !canPay && !r.RefundNeeded && (
            <PrefetchLink to="/profile/cart/order-register" className={`${button} bg-brand-600 text-white hover:bg-brand-700`}>
              {t('result.payAgain')}
            </PrefetchLink>
          )}
          {!paid && (
            <PrefetchLink to="/profile/cart" className={`${button} bg-slate-100 text-slate-800 hover:bg-slate-200`}>
              {t('result.goCart')}
            </PrefetchLink>
          )}
          <PrefetchLink to={`/profile/factors/${encodeURIComponent(r.Code)}`} className={`${button} bg-slate-100 text-slate-800 hover:bg-slate-200`}>
            {t('result.invoice')}
          </PrefetchLink>
        </div>
      </div>
    );
  }

  return (
    <section aria-labelledby="page-title" className="mx-auto w-full max-w-2xl">
      <PageTitle>
        <span id="page-title">{route.title}</span>
      </PageTitle>
      <div className="rounded-2xl bg-white p-4 shadow-sm md:p-6">{body}</div>
    </section>
  );
}
