/** Support tickets: the customer's calls and the staff inbox's (the server answers 403 to a customer). */
import { api, type components } from '@/shared/api';
import { attemptKey, refused, settle, type CallOutcome } from '@/shared/api/outcome';

type S = components['schemas'];
export type TicketSummary = S['TicketSummary'];
export type TicketDetail = S['TicketDetail'];
export type TicketMessage = S['TicketMessage'];
export type TicketFile = S['TicketFile'];
export type TicketStatus = S['TicketStatus'];
export type Department = S['TicketDepartment'];
export type Priority = S['TicketPriority'];
export type OrderItem = S['OrderListItem'];

export const DEPARTMENTS: Department[] = ['sales', 'technical', 'warranty', 'finance'];
export const PRIORITIES: Priority[] = ['low', 'normal', 'high'];
export const STATUSES: TicketStatus[] = ['open', 'answered', 'waiting_for_customer', 'closed'];

/** Who is looking: the customer's own tickets, or the staff inbox. */
export type Side = 'customer' | 'staff';

export interface NewTicket {
  subject: string;
  department: string;
  priority: string;
  orderCode: string;
  message: string;
  files: File[];
}

export interface Reply {
  id: number;
  message: string;
  files: File[];
  /** Staff only: the answer asks the customer for something. */
  awaitsCustomer?: boolean;
}

function form(fields: Record<string, string>, files: File[]): FormData {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  for (const f of files) fd.append('files', f, f.name);
  return fd;
}

// openapi-fetch sends a FormData body as it is (the browser writes the multipart boundary).
const asForm = (fd: FormData) => ({ body: fd as never, bodySerializer: (b: unknown) => b as FormData });

export function listTickets(): Promise<CallOutcome<TicketSummary[]>> {
  return settle(async () => {
    const r = await api.POST('/api/client/v1/ticket/list');
    return { ...r, data: r.data?.data };
  });
}

export function showTicket(side: Side, id: number): Promise<CallOutcome<TicketDetail>> {
  return settle(async () => {
    const r =
      side === 'staff'
        ? await api.POST('/api/admin/v1/ticket/show', { body: { id } })
        : await api.POST('/api/client/v1/ticket/show', { body: { id } });
    return { ...r, data: r.data?.data };
  });
}

/** Opens a ticket; one `Idempotency-Key` per attempt (the HTTP layer's retry reuses it). */
export function openTicket(t: NewTicket): Promise<CallOutcome<number>> {
  const fd = form(
    { subject: t.subject, department: t.department, priority: t.priority, order_code: t.orderCode, message: t.message },
    t.files,
  );
  return settle(async () => {
    const r = await api.POST('/api/client/v1/ticket/open', {
      ...asForm(fd),
      params: { header: { 'Idempotency-Key': attemptKey() } },
    });
    return { ...r, data: r.data?.Id };
  });
}

export function replyTicket(side: Side, reply: Reply): Promise<CallOutcome<TicketDetail>> {
  const fields: Record<string, string> = { id: String(reply.id), message: reply.message };
  if (side === 'staff' && reply.awaitsCustomer) fields.awaits_customer = 'true';
  const fd = form(fields, reply.files);
  const params = { header: { 'Idempotency-Key': attemptKey() } };
  return settle(async () => {
    const r =
      side === 'staff'
        ? await api.POST('/api/admin/v1/ticket/reply', { ...asForm(fd), params })
        : await api.POST('/api/client/v1/ticket/reply', { ...asForm(fd), params });
    return { ...r, data: r.data?.data };
  });
}

export function closeTicket(side: Side, id: number): Promise<CallOutcome<TicketDetail>> {
  return settle(async () => {
    const r =
      side === 'staff'
        ? await api.POST('/api/admin/v1/ticket/close', { body: { id } })
        : await api.POST('/api/client/v1/ticket/close', { body: { id } });
    return { ...r, data: r.data?.data };
  });
}

export interface InboxPage {
  tickets: TicketSummary[];
  total: number;
}

export function staffInbox(status: TicketStatus | null, page = 1): Promise<CallOutcome<InboxPage>> {
  return settle(async () => {
    const r = await api.POST('/api/admin/v1/ticket/list', { body: { status: status ?? undefined, page } });
    return { ...r, data: r.data ? { tickets: r.data.data, total: r.data.Total ?? r.data.data.length } : undefined };
  });
}

/** The caller's orders, for the "related order" choice. */
export function myOrders(): Promise<CallOutcome<OrderItem[]>> {
  return settle(async () => {
    const r = await api.POST('/api/client/v1/order/list');
    return { ...r, data: r.data?.data };
  });
}

/** A ticket file's bytes (sent with the bearer token; the server checks the ticket is the caller's). */
export async function fetchFile(file: TicketFile): Promise<CallOutcome<Blob>> {
  const name = file.Url.split('/').pop() ?? '';
  try {
    const r = await api.GET('/api/client/v1/ticket/attachment/{name}', {
      params: { path: { name } },
      parseAs: 'blob',
    });
    if (!r.response.ok || !r.data) return refused(r.response, r.error);
    return { ok: true, data: r.data };
  } catch {
    return refused(undefined, undefined);
  }
}
