/**
 * The checkout calls: the server-priced summary, the discount code kept on the cart, order
 * registration (one Idempotency-Key per attempt) and the open cart's id. The address book's calls are in `shared/api/address`.
 */
import { api, type components } from '@/shared/api';
import { attemptKey, settle, type CallOutcome } from '@/shared/api/outcome';

type S = components['schemas'];
export type Summary = S['CheckoutSummary'];
export type SummaryLine = S['CheckoutLine'];
export type DeliveryChoice = S['DeliveryOption'];
export type RegisterAnswer = S['OrderRegisterResponse'];
export type DeliverySlot = S['SlotView'];

/** The delivery slots offered now for `city` (before their cut-off, with a place left). */
export function deliverySlots(city: string): Promise<CallOutcome<DeliverySlot[]>> {
  return settle(async () => {
    const r = await api.POST('/api/client/v1/order/get/delivery/slots', { body: { city } });
    return { ...r, data: r.data?.data };
  });
}

/** The caller's open cart: its id (null when there is none) and its line count. */
export function openCart(uid: string): Promise<CallOutcome<{ cartId: number | null; lines: number }>> {
  return settle(async () => {
    const r = await api.POST('/api/client/v1/order/list/preorder', { body: { uid } });
    return { ...r, data: r.data ? { cartId: r.data.OrderId ?? null, lines: r.data.data.length } : undefined };
  });
}

/** What a summary is asked for: the cart, the chosen address, delivery and instalment plan. */
export interface SummaryChoice {
  orderid: number;
  addressid: number | null;
  deliveryid: number | null;
  /** An instalment plan: the answer carries its schedule (`Instalment`) and `PayNow` its down payment. */
  planid?: number | null;
}

const choiceBody = (c: SummaryChoice) => ({
  orderid: c.orderid,
  addressid: c.addressid ?? undefined,
  deliveryid: c.deliveryid ?? undefined,
  planid: c.planid ?? undefined,
});

/** The server-priced summary, with the discount code kept on the cart. */
export function summary(choice: SummaryChoice): Promise<CallOutcome<Summary>> {
  return settle(() => api.POST('/api/client/v1/order/summary', { body: choiceBody(choice) }));
}

/** Applies `code` to the cart and keeps it there (422 at `discountcode` when it does not apply); answers the summary. */
export function applyDiscount(choice: SummaryChoice, code: string): Promise<CallOutcome<Summary>> {
  return settle(() => api.POST('/api/client/v1/order/discount/apply', { body: { ...choiceBody(choice), discountcode: code } }));
}

/** Takes the kept code off the cart; answers the summary without it. */
export function removeDiscount(choice: SummaryChoice): Promise<CallOutcome<Summary>> {
  return settle(() => api.POST('/api/client/v1/order/discount/remove', { body: choiceBody(choice) }));
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
  /** A delivery slot of the address's city (optional). */
  slotid?: number | null;
}

/** Registers the order; `key` is this attempt's Idempotency-Key. */
export function registerOrder(r: Registration, key: string = attemptKey()): Promise<CallOutcome<RegisterAnswer>> {
  return settle(() =>
    api.POST('/api/client/v1/order/register', {
      params: { header: { 'Idempotency-Key': key } },
      // The discount code is the one kept on the cart: the server applies it.
      body: { ...r, paymentmethod: r.planid ? 'instalment' : 'full', planid: r.planid ?? undefined, slotid: r.slotid ?? undefined },
    }),
  );
}
