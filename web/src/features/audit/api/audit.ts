import { api, type components } from '@/shared/api/client';
import { settle, type CallOutcome } from '@/shared/api/outcome';

export type AuditEntry = components['schemas']['AuditEntry'];
export type AuditFilter = { staff_id?: number; entity?: string; entity_id?: string; from?: string; to?: string; page: number };
export type AuditPage = { entries: AuditEntry[]; total: number; perPage: number };

/** One page of the audit log, newest first. */
export function auditList(f: AuditFilter): Promise<CallOutcome<AuditPage>> {
  return settle(async () => {
    const r = await api.POST('/api/admin/v1/audit/list', {
      body: { staff_id: f.staff_id, entity: f.entity ?? '', entity_id: f.entity_id ?? '', from: f.from ?? '', to: f.to ?? '', page: f.page },
    });
    return { ...r, data: r.data ? { entries: r.data.data, total: r.data.total, perPage: r.data.per_page } : undefined };
  });
}
