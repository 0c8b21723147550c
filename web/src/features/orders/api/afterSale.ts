/** After the sale: one order's tracking, refund and returns; cancelling; asking for a return; buying again. */
import { api, type components } from '@/shared/api';
import { settle, type CallOutcome } from '@/shared/api/outcome';

type S = components['schemas'];
export type AfterSale = S['AfterSale'];
export type OrderReturn = S['OrderReturn'];
export type BuyAgainLine = S['BuyAgainLine'];

export function afterSale(code: string): Promise<CallOutcome<AfterSale>> {
  return settle(async () => {
    const r = await api.POST('/api/client/v1/returns/order', { body: { code } });
    return { ...r, data: r.data?.data };
  });
}

/** Cancels the order: an unpaid one at once, a paid one until staff start preparing it (a refund is then owed). */
export function cancelAfterSale(code: string): Promise<CallOutcome<AfterSale>> {
  return settle(async () => {
    const r = await api.POST('/api/client/v1/returns/cancel', { body: { code } });
    return { ...r, data: r.data?.data };
  });
}

export interface ReturnRequest {
  code: string;
  lines: { line_id: number; num: number }[];
  reason: string;
  description: string;
  photos: File[];
}

// openapi-fetch sends a FormData body as it is (the browser writes the multipart boundary).
const asForm = (fd: FormData) => ({ body: fd as never, bodySerializer: (b: unknown) => b as FormData });

export function requestReturn(req: ReturnRequest): Promise<CallOutcome<AfterSale>> {
  const fd = new FormData();
  fd.append('code', req.code);
  fd.append('lines', JSON.stringify(req.lines));
  fd.append('reason', req.reason);
  fd.append('description', req.description);
  for (const f of req.photos) fd.append('photos', f, f.name);
  return settle(async () => {
    const r = await api.POST('/api/client/v1/returns/create', asForm(fd));
    return { ...r, data: r.data?.data };
  });
}

export function buyAgain(code: string): Promise<CallOutcome<BuyAgainLine[]>> {
  return settle(async () => {
    const r = await api.POST('/api/client/v1/returns/buy-again', { body: { code } });
    return { ...r, data: r.data?.data };
  });
}
