import { useAtomValue } from 'jotai';
import { sessionAtom } from './session';

/** The user `Type` of a member of the shop's staff (spec's User entity; 1 is a customer). */
export const STAFF_TYPE = 2;

/** Whether the signed-in user is staff. The server checks it on every staff call too. */
export function useIsStaff(): boolean {
  return useAtomValue(sessionAtom).user?.Type === STAFF_TYPE;
}
