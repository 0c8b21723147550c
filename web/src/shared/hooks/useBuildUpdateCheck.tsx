import { useEffect } from 'react';
import { toast } from '@/shared/ui/toast';
import i18n from '@/shared/i18n';
import { BUILD_CHECK_INTERVAL_MS, isNewBuildAvailable } from '@/shared/lib/buildUpdate';

function offerReload(reload: () => void) {
  toast(
    (tt) => (
      <span className="flex items-center gap-3">
        {i18n.t('update.available')}
        <button
          type="button"
          className="rounded-lg bg-brand-600 px-3 py-1 text-sm font-bold text-white"
          onClick={() => {
            toast.dismiss(tt.id);
            reload();
          }}
        >
          {i18n.t('update.reload')}
        </button>
      </span>
    ),
    // This one waits for the user (the 1000 ms default would hide it before it can be used).
    { id: 'build-update', duration: Infinity },
  );
}

/**
 * Every hour, compares the deployed index.html's entry script with ours; offers a reload once.
 * (`reload` is the page reload; tests pass their own, jsdom's cannot be replaced.)
 */
export function useBuildUpdateCheck(enabled: boolean = import.meta.env.PROD, reload: () => void = () => window.location.reload()): void {
  useEffect(() => {
    if (!enabled) return;
    let offered = false;
    const id = window.setInterval(() => {
      if (offered) return;
      void isNewBuildAvailable().then((fresh) => {
        if (fresh && !offered) {
          offered = true;
          offerReload(reload);
        }
      });
    }, BUILD_CHECK_INTERVAL_MS);
    return () => window.clearInterval(id);
  }, [enabled, reload]);
}
