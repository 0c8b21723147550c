/**
 * Starting a payment for a registered order: the checkout page and the failed-payment page both
 * do it. The answer is the gateway's page (sandbox bank or Zarinpal's StartPay).
 */
import { api } from './client';
import { attemptKey, settle, type CallOutcome } from './outcome';

export function startPayment(code: string, key: string = attemptKey()): Promise<CallOutcome<{ url: string }>> {
  return settle(() =>
    api.POST('/api/client/v1/payment/start', {
      params: { header: { 'Idempotency-Key': key } },
      body: { code },
    }),
  );
}

/** Sends the browser to the gateway's page (a full page load: the gateway is another site). */
export function goToGateway(url: string): void {
  window.location.assign(url);
}
