/**
 * The checkout calls: the server-priced summary, order registration (one Idempotency-Key per
 * attempt) and the open cart's id. The address book's calls are in `shared/api/address`.
 */
import { api, type components } from '@/shared/api';
import { attemptKey, settle, type CallOutcome } from '@/shared/api/outcome';

type S = components['schemas'];
export type Summary = S['CheckoutSummary'];
export type SummaryLine = S['CheckoutLine'];
export type DeliveryChoice = S['DeliveryOption'];
export type RegisterAnswer = S['OrderRegisterResponse'];

/** The caller's open cart: its id (null when there is none) and its line count. */
export function openCart(uid: string): Promise<CallOutcome<{ orderId: number | null; lines: number }>> {
  return settle(async () => {
    const r = await api.POST('/api/client/v1/order/list/preorder', { body: { uid } });
    return { ...r, data: r.data ? { orderId: r.data.OrderId ?? null, lines: r.data.data.length } : undefined };
  });
}

export function summary(orderid: number, addressid: number | null, deliveryid: number | null): Promise<CallOutcome<Summary>> {
  return settle(() =>
    api.POST('/api/client/v1/order/summary', {
      body: { orderid, addressid: addressid ?? undefined, deliveryid: deliveryid ?? undefined },
    }),
  );
}

export interface Registration {
  orderid: number;
  addressid: number;
  deliveryid: number;
  acceptprices: boolean;
  /** The payable the customer saw. */
  payable: number;
  /** An instalment plan's id to buy in instalments; absent: pay in full. */
  planid?: number | null;
}

/** Registers the order; `key` is this attempt's Idempotency-Key. */
export function registerOrder(r: Registration, key: string = attemptKey()): Promise<CallOutcome<RegisterAnswer>> {
  return settle(() =>
    api.POST('/api/client/v1/order/register', {
      params: { header: { 'Idempotency-Key': key } },
      body: { ...r, paymentmethod: r.planid ? 'instalment' : 'full', planid: r.planid ?? undefined },
    }),
  );
}
