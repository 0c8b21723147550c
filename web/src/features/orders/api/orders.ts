/** The customer's orders: a payment's result, the invoice list, one invoice, and cancelling an unpaid one. */
import { api, type components } from '@/shared/api';
import { settle, type CallOutcome } from '@/shared/api/outcome';

type S = components['schemas'];
export type PaymentResult = S['PaymentResultResponse'];
export type OrderItem = S['OrderListItem'];
export type Invoice = S['Invoice'];

export function paymentResult(code: string): Promise<CallOutcome<PaymentResult>> {
  return settle(() => api.POST('/api/client/v1/payment/result', { body: { code } }));
}

export function listOrders(): Promise<CallOutcome<OrderItem[]>> {
  return settle(async () => {
    const r = await api.POST('/api/client/v1/order/list');
    return { ...r, data: r.data?.data };
  });
}

export function invoice(code: string): Promise<CallOutcome<Invoice>> {
  return settle(async () => {
    const r = await api.POST('/api/client/v1/order/invoice', { body: { code } });
    return { ...r, data: r.data?.data };
  });
}

/** Cancels one of the customer's unpaid orders (registered or at the bank); its stock is released. */
export function cancelOrder(code: string): Promise<CallOutcome<Invoice>> {
  return settle(async () => {
    const r = await api.POST('/api/client/v1/order/cancel', { body: { code } });
    return { ...r, data: r.data?.data };
  });
}
