/** The back office's order calls (staff with the `orders` role); imported by the admin pages only. */
import { api, type components } from '@/shared/api/client';
import { settle, type CallOutcome } from '@/shared/api/outcome';

type S = components['schemas'];
export type AdminOrderRow = S['AdminOrderRow'];
export type AdminOrder = S['AdminOrder'];
export type AdminSlip = S['AdminPackingSlip'];
export type AdminBulkOutcome = S['AdminBulkOutcome'];
export type AdminOrderFilter = { q: string; status: string; method: string; from: string; to: string; page: number };
/** `more`: more orders match than `total` (the server counts up to the next 10,000 past the page). */
export type AdminOrderPage = { rows: AdminOrderRow[]; total: number; more: boolean; perPage: number };
export type StaffMove = 'prepare' | 'deliver' | 'cancel';

/** One page of every customer's orders, newest first. */
export function adminOrders(f: AdminOrderFilter): Promise<CallOutcome<AdminOrderPage>> {
  return settle(async () => {
    const r = await api.POST('/api/admin/v1/order/list', { body: f });
    return { ...r, data: r.data ? { rows: r.data.data, total: r.data.total, more: r.data.more, perPage: r.data.per_page } : undefined };
  });
}

/** One order with everything staff see. */
export function adminOrder(code: string): Promise<CallOutcome<AdminOrder>> {
  return settle(async () => {
    const r = await api.POST('/api/admin/v1/order/show', { body: { code } });
    return { ...r, data: r.data?.data };
  });
}

/** Prepare, deliver or cancel one order (along core's table); the order as it is after. */
export function moveOrder(code: string, move: StaffMove): Promise<CallOutcome<AdminOrder>> {
  return settle(async () => {
    const body = { code };
    const r =
      move === 'prepare'
        ? await api.POST('/api/admin/v1/order/prepare', { body })
        : move === 'deliver'
          ? await api.POST('/api/admin/v1/order/deliver', { body })
          : await api.POST('/api/admin/v1/order/cancel', { body });
    return { ...r, data: r.data?.data };
  });
}

/** One order line's serials, one per unit (`order/ship`). */
export type LineSerials = S['ShipLineSerials'];

/** Ship a preparing order with a carrier, its tracking code and every unit's serial. */
export function shipOrder(code: string, carrier: string, tracking_code: string, serials: LineSerials[]): Promise<CallOutcome<AdminOrder>> {
  return settle(async () => {
    const r = await api.POST('/api/admin/v1/order/ship', { body: { code, carrier, tracking_code, serials } });
    return { ...r, data: r.data?.data };
  });
}

/** Mark the selected orders as preparing: each one's outcome. */
export function bulkPrepare(codes: string[]): Promise<CallOutcome<AdminBulkOutcome[]>> {
  return settle(async () => {
    const r = await api.POST('/api/admin/v1/order/bulk-prepare', { body: { codes } });
    return { ...r, data: r.data?.data };
  });
}

/** The packing slips of the selected orders. */
export function packingSlips(codes: string[]): Promise<CallOutcome<AdminSlip[]>> {
  return settle(async () => {
    const r = await api.POST('/api/admin/v1/order/slips', { body: { codes } });
    return { ...r, data: r.data?.data };
  });
}
