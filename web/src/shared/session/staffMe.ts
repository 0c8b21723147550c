import { atom } from 'jotai';
import type { components } from '@/shared/api/schema';

/** The signed-in staff member and the roles whose back-office pages they may use (`staff/me`). */
export type StaffMe = components['schemas']['StaffMeResponse'];

/** Set by the admin app once the server answered `staff/me`; null elsewhere. */
export const staffMeAtom = atom<StaffMe | null>(null);
