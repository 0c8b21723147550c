/** The back office's warranty claim calls (staff with the `support` role). */
import { api, type components } from '@/shared/api/client';
import { settle, type CallOutcome } from '@/shared/api/outcome';

type S = components['schemas'];
export type StaffClaim = S['StaffClaimItem'];
export type ClaimMove = 'to_repair' | 'repaired' | 'replaced' | 'return';

/** One page of claims, newest first, optionally of one state. */
export function staffClaims(status: string, page: number): Promise<CallOutcome<{ rows: StaffClaim[]; total: number }>> {
  return settle(async () => {
    const r = await api.POST('/api/admin/v1/warranty/list', { body: { status, page } });
    return { ...r, data: r.data ? { rows: r.data.data, total: r.data.total } : undefined };
  });
}

/** Moves a claim along core's table; the claim as it is after. */
export function moveClaim(id: number, event: ClaimMove): Promise<CallOutcome<StaffClaim>> {
  return settle(async () => {
    const r = await api.POST('/api/admin/v1/warranty/move', { body: { id, event } });
    return { ...r, data: r.data?.data };
  });
}
