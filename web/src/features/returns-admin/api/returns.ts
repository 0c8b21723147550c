/** The back office's returns and the official holiday table (the server answers 403 to anyone without the `orders` role). */
import { api, type components } from '@/shared/api';
import { settle, type CallOutcome } from '@/shared/api/outcome';

type S = components['schemas'];
export type AdminReturn = S['AdminReturn'];
export type AdminReturnList = S['AdminReturnListResponse'];
export type Holiday = S['Holiday'];

export const STATUSES = ['requested', 'approved', 'rejected', 'received', 'refunded'] as const;

export function listReturns(status: string, page: number): Promise<CallOutcome<AdminReturnList>> {
  return settle(async () => {
    const r = await api.POST('/api/admin/v1/returns/list', { body: { status, page } });
    return { ...r, data: r.data };
  });
}

export type Move = { kind: 'approve' | 'receive' } | { kind: 'reject'; reason: string } | { kind: 'refund'; reference: string; note: string };

export function moveReturn(id: number, m: Move): Promise<CallOutcome<AdminReturn>> {
  return settle(async () => {
    const post = async () => {
      switch (m.kind) {
        case 'approve':
          return api.POST('/api/admin/v1/returns/approve', { body: { id } });
        case 'receive':
          return api.POST('/api/admin/v1/returns/receive', { body: { id } });
        case 'reject':
          return api.POST('/api/admin/v1/returns/reject', { body: { id, reason: m.reason } });
        case 'refund':
          return api.POST('/api/admin/v1/returns/refund', { body: { id, reference: m.reference, note: m.note } });
      }
    };
    const r = await post();
    return { ...r, data: r.data?.data };
  });
}

export function listHolidays(): Promise<CallOutcome<Holiday[]>> {
  return settle(async () => {
    const r = await api.POST('/api/admin/v1/returns/holidays/list');
    return { ...r, data: r.data?.data };
  });
}

export function saveHoliday(date: string, name: string): Promise<CallOutcome<Holiday[]>> {
  return settle(async () => {
    const r = await api.POST('/api/admin/v1/returns/holidays/save', { body: { date, name } });
    return { ...r, data: r.data?.data };
  });
}

export function removeHoliday(id: number): Promise<CallOutcome<Holiday[]>> {
  return settle(async () => {
    const r = await api.POST('/api/admin/v1/returns/holidays/remove', { body: { id } });
    return { ...r, data: r.data?.data };
  });
}
