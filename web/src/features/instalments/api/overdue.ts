import { api, type components } from '@/shared/api/client';
import { settle, type CallOutcome } from '@/shared/api/outcome';

export type OverdueCustomer = components['schemas']['AdminOverdueCustomer'];
export type OverduePage = { customers: OverdueCustomer[]; total: number; perPage: number };

/** One page of customers with overdue instalments, the longest overdue first (role orders). */
export function overdueInstalments(page: number): Promise<CallOutcome<OverduePage>> {
  return settle(async () => {
    const r = await api.POST('/api/admin/v1/instalment/overdue', { body: { page } });
    return { ...r, data: r.data ? { customers: r.data.data, total: r.data.total, perPage: r.data.per_page } : undefined };
  });
}
