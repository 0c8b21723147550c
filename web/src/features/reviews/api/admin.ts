/** The back office's moderation calls (staff with the `support` role). */
import { api, type components } from '@/shared/api/client';
import { settle, type CallOutcome } from '@/shared/api/outcome';

type S = components['schemas'];
export type ModerationItem = S['ModerationItem'];
export type Kind = 'review' | 'question' | 'answer';

/** One page of `kind` in `status` (empty: all), newest first. */
export function moderationList(kind: Kind, status: string, page: number): Promise<CallOutcome<{ rows: ModerationItem[]; total: number }>> {
  return settle(async () => {
    const r = await api.POST('/api/admin/v1/review/list', { body: { kind, status, page } });
    return { ...r, data: r.data ? { rows: r.data.data, total: r.data.total } : undefined };
  });
}

export function approve(kind: Kind, id: number): Promise<CallOutcome<S['ModerationResp']>> {
  return settle(() => api.POST('/api/admin/v1/review/approve', { body: { kind, id } }));
}

export function reject(kind: Kind, id: number, reason: string): Promise<CallOutcome<S['ModerationResp']>> {
  return settle(() => api.POST('/api/admin/v1/review/reject', { body: { kind, id, reason } }));
}

export function staffAnswer(kind: Kind, id: number, answer: string): Promise<CallOutcome<S['ModerationResp']>> {
  return settle(() => api.POST('/api/admin/v1/review/answer', { body: { kind, id, answer } }));
}
