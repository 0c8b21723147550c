import { useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { mobileDeviceAtom } from '@/shared/state';
import { useMediaQuery } from './useMediaQuery';

/** Keeps mobileDeviceAtom in step with the viewport (below lg = 1024 px). */
export function useMobileDeviceSync(): void {
  const mobile = !useMediaQuery('(min-width: 1024px)', false);
  const set = useSetAtom(mobileDeviceAtom);
  useEffect(() => set(mobile), [mobile, set]);
}
