import { api, type components } from '@/shared/api/client';
import { settle, type CallOutcome } from '@/shared/api/outcome';

export type CustomerRow = components['schemas']['AdminCustomerRow'];
export type CustomerFile = components['schemas']['AdminCustomerResponse'];
export type CustomerPage = { rows: CustomerRow[]; total: number; perPage: number };

/** One page of customers matching `q` (mobile, name or email), newest first. */
export function customerList(q: string, page: number): Promise<CallOutcome<CustomerPage>> {
  return settle(async () => {
    const r = await api.POST('/api/admin/v1/customer/list', { body: { q, page } });
    return { ...r, data: r.data ? { rows: r.data.data, total: r.data.total, perPage: r.data.per_page } : undefined };
  });
}

/** Everything the shop holds of one customer. */
export function customerFile(id: number): Promise<CallOutcome<CustomerFile>> {
  return settle(() => api.POST('/api/admin/v1/customer/get', { body: { id } }));
}

/** Blocks (`block`) or unblocks a customer with a reason; answers their page afterwards. */
export function setBlock(id: number, block: boolean, reason: string): Promise<CallOutcome<CustomerFile>> {
  return settle(() => api.POST('/api/admin/v1/customer/block', { body: { id, block, reason } }));
}
