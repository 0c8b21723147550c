import { api, type components } from '@/shared/api/client';
import { settle, type CallOutcome } from '@/shared/api/outcome';

export type StaffMember = components['schemas']['StaffMember'];
export type { StaffMe } from '@/shared/session/staffMe';
import type { StaffMe } from '@/shared/session/staffMe';
export type RoleOption = components['schemas']['StaffRole'];

/** The signed-in staff member, with the roles whose pages they may use. */
export function staffMe(): Promise<CallOutcome<StaffMe>> {
  return settle(() => api.POST('/api/admin/v1/staff/me'));
}

/** Every staff member (admin). */
export function staffList(): Promise<CallOutcome<StaffMember[]>> {
  return settle(async () => {
    const r = await api.POST('/api/admin/v1/staff/list');
    return { ...r, data: r.data?.data };
  });
}

/** Gives the account of `mobile` (created when new) exactly `roles` (admin). */
export function saveStaff(mobile: string, roles: string[]): Promise<CallOutcome<{ member: StaffMember; created: boolean }>> {
  return settle(async () => {
    const r = await api.POST('/api/admin/v1/staff/save', { body: { mobile, roles } });
    return { ...r, data: r.data ? { member: r.data.data, created: r.data.created } : undefined };
  });
}

/** Takes every role from a staff member (admin). */
export function removeStaff(id: number): Promise<CallOutcome<StaffMember>> {
  return settle(async () => {
    const r = await api.POST('/api/admin/v1/staff/remove', { body: { id } });
    return { ...r, data: r.data?.data };
  });
}
