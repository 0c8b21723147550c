/** The back office's delivery slot calls (role `orders`): list per city, save, take off. */
import { api, type components } from '@/shared/api/client';
import { settle, type CallOutcome } from '@/shared/api/outcome';

export type SlotAdmin = components['schemas']['SlotAdminView'];
export type SlotSave = components['schemas']['SlotSaveReq'];

export function slotList(city: string): Promise<CallOutcome<SlotAdmin[]>> {
  return settle(async () => {
    const r = await api.POST('/api/admin/v1/delivery/slot/list', { body: { city } });
    return { ...r, data: r.data?.data };
  });
}

export function saveSlot(body: SlotSave): Promise<CallOutcome<SlotAdmin>> {
  return settle(async () => {
    const r = await api.POST('/api/admin/v1/delivery/slot/save', { body });
    return { ...r, data: r.data?.data };
  });
}

export function removeSlot(id: number): Promise<CallOutcome<null>> {
  return settle(async () => {
    const r = await api.POST('/api/admin/v1/delivery/slot/remove', { body: { id } });
    return { ...r, data: r.data ? null : undefined };
  });
}
