/**
 * The finance page's calls: every payment and each plan's schedule, an order's schedule for
 * the instalment success page, and paying the next instalment (one Idempotency-Key per
 * attempt).
 */
import { api, type components } from '@/shared/api';
import { attemptKey, settle, type CallOutcome } from '@/shared/api/outcome';

type S = components['schemas'];
export type Finance = S['FinanceResponse'];
export type PlanView = S['InstalmentOrderPlan'];
export type InstalmentRow = S['InstalmentRow'];
export type FinancePayment = S['FinancePayment'];
export type OrderPlan = S['InstalmentOrderResponse'];

export function finance(): Promise<CallOutcome<Finance>> {
  return settle(() => api.POST('/api/client/v1/instalment/finance'));
}

export function orderPlan(code: string): Promise<CallOutcome<OrderPlan>> {
  return settle(() => api.POST('/api/client/v1/instalment/order', { body: { code } }));
}

/** Opens the bank's page for one instalment; the answer is the page's address. */
export function payInstalment(id: number, key: string = attemptKey()): Promise<CallOutcome<{ url: string }>> {
  return settle(() =>
    api.POST('/api/client/v1/instalment/pay', {
      params: { header: { 'Idempotency-Key': key } },
      body: { id },
    }),
  );
}
