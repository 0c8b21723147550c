import { api, type components } from '@/shared/api/client';
import { settle, type CallOutcome } from '@/shared/api/outcome';

export type RefundQueueItem = components['schemas']['AdminRefundQueueItem'];
export type UnverifiedPayment = components['schemas']['AdminUnverifiedPayment'];
export type UnverifiedPage = { payments: UnverifiedPayment[]; total: number; perPage: number };

/** The refunds queue (role orders): payments owed back and not given back in full, oldest first. */
export function refundQueue(): Promise<CallOutcome<RefundQueueItem[]>> {
  return settle(async () => {
    const r = await api.POST('/api/admin/v1/payment/refunds');
    return { ...r, data: r.data?.data };
  });
}

/** Records money given back for `paymentId`; answers what is still to give back. */
export function recordRefund(paymentId: number, amount: string, reference: string, note: string): Promise<CallOutcome<{ remaining: number }>> {
  return settle(async () => {
    const r = await api.POST('/api/admin/v1/payment/refund', { body: { payment_id: paymentId, amount, reference, note } });
    return { ...r, data: r.data ? { remaining: r.data.remaining } : undefined };
  });
}

/** One page of payments started and never verified, newest first. */
export function unverifiedPayments(page: number): Promise<CallOutcome<UnverifiedPage>> {
  return settle(async () => {
    const r = await api.POST('/api/admin/v1/payment/unverified', { body: { page } });
    return { ...r, data: r.data ? { payments: r.data.data, total: r.data.total, perPage: r.data.per_page } : undefined };
  });
}
