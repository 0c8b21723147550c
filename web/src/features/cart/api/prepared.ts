/**
 * Staff-prepared orders (`/order/{code}`): the link's lines at today's prices (no sign-in
 * needed) and adopting them into the signed-in customer's cart.
 */
import { api, type components } from '@/shared/api';
import { settle, type CallOutcome } from '@/shared/api/outcome';

export type PreparedOrder = components['schemas']['PreparedOrderResponse'];
export type PreparedAdoption = components['schemas']['PreparedAdoptResponse'];

export function viewPrepared(code: string): Promise<CallOutcome<PreparedOrder>> {
  return settle(() => api.POST('/api/client/v1/order/prepared/view', { body: { code } }));
}

export function adoptPrepared(code: string): Promise<CallOutcome<PreparedAdoption>> {
  return settle(() => api.POST('/api/client/v1/order/prepared/adopt', { body: { code } }));
}
