/** Staff building prepared orders (role orders): finding variants, creating a link, and the list of links with their states. */
import { api, type components } from '@/shared/api/client';
import { settle, type CallOutcome } from '@/shared/api/outcome';

export type VariantHit = components['schemas']['AdminPreparedVariant'];
export type PreparedCreated = components['schemas']['AdminPreparedCreateResponse'];
export type PreparedListed = components['schemas']['AdminPreparedListItem'];
export type PreparedPage = { items: PreparedListed[]; total: number; perPage: number };
export type NewPrepared = { mobile: string; hours: number; note: string; lines: { variant_id: number; num: number }[] };

/** Published variants matching a name, model or variant id, priced now, with their stock. */
export function findVariants(q: string): Promise<CallOutcome<VariantHit[]>> {
  return settle(async () => {
    const r = await api.POST('/api/admin/v1/prepared/variants', { body: { q } });
    return { ...r, data: r.data?.data };
  });
}

/** Creates a prepared order; its link is answered this once. */
export function createPrepared(p: NewPrepared): Promise<CallOutcome<PreparedCreated>> {
  return settle(() => api.POST('/api/admin/v1/prepared/create', { body: p }));
}

/** One page of prepared orders, newest first, with each link's state. */
export function preparedList(page: number): Promise<CallOutcome<PreparedPage>> {
  return settle(async () => {
    const r = await api.POST('/api/admin/v1/prepared/list', { body: { page } });
    return { ...r, data: r.data ? { items: r.data.data, total: r.data.total, perPage: r.data.per_page } : undefined };
  });
}
