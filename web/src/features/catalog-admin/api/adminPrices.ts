import { api, type components } from '@/shared/api/client';
import { refused, settle, type CallOutcome } from '@/shared/api/outcome';

export type PricePreview = components['schemas']['PricePreviewResp'];
export type PriceChange = components['schemas']['PriceChangeView'];
export type PriceRejected = components['schemas']['PriceRejectedView'];

// openapi-fetch sends a FormData body as it is (the browser writes the multipart boundary).
const asForm = (fd: FormData) => ({ body: fd as never, bodySerializer: (b: unknown) => b as FormData });

/** Reads a price sheet (role catalogue): every change old → new and every refused row; writes nothing. */
export function previewPrices(file: File): Promise<CallOutcome<PricePreview>> {
  const fd = new FormData();
  fd.append('file', file, file.name);
  return settle(() => api.POST('/api/admin/v1/catalog/prices/preview', asForm(fd)));
}

/** Writes a preview's changes, all or none; answers how many variants changed. */
export function applyPrices(token: string): Promise<CallOutcome<{ changed: number }>> {
  return settle(async () => {
    const r = await api.POST('/api/admin/v1/catalog/prices/apply', { body: { token } });
    return { ...r, data: r.data ? { changed: r.data.changed } : undefined };
  });
}

/** The whole catalogue's prices and stock as a CSV sheet (fetched with the bearer token). */
export async function exportPrices(): Promise<CallOutcome<Blob>> {
  try {
    const r = await api.GET('/api/admin/v1/catalog/prices/export', { parseAs: 'blob' });
    if (!r.response.ok || !r.data) return refused(r.response, r.error);
    return { ok: true, data: r.data };
  } catch {
    return refused(undefined, undefined);
  }
}
