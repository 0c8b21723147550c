/** The alerts calls: every one is the caller's own (bearer token). */
import { api, type components } from '@/shared/api';
import { settle, type CallOutcome } from '@/shared/api/outcome';

type S = components['schemas'];
export type Alert = S['Alert'];
export type AlertKind = S['AlertKind'];

/** Asks to be told of a variant (the same waiting alert when asked again). */
export function subscribeAlert(variantId: number, kind: AlertKind): Promise<CallOutcome<Alert>> {
  return settle(async () => {
    const r = await api.POST('/api/client/v1/alert/subscribe', { body: { variant_id: variantId, kind } });
    return { ...r, data: r.data?.data };
  });
}

/** The caller's alerts, newest first. */
export function listAlerts(): Promise<CallOutcome<Alert[]>> {
  return settle(async () => {
    const r = await api.POST('/api/client/v1/alert/list');
    return { ...r, data: r.data?.data };
  });
}

export function removeAlert(id: number): Promise<CallOutcome<unknown>> {
  return settle(() => api.POST('/api/client/v1/alert/remove', { body: { id } }));
}
