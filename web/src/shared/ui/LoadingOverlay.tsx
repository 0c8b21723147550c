import { useTranslation } from 'react-i18next';
import { LogoMark } from './Logo';

/** The page-level loading overlay with the logo (spec section 2, app shell). */
export function LoadingOverlay({ visible = true }: { visible?: boolean }) {
  const { t } = useTranslation();
  if (!visible) return null;
  return (
    <div
      className="fixed inset-0 z-[60] flex items-center justify-center bg-white/80 backdrop-blur-[2px]"
      role="status"
      aria-live="polite"
      data-testid="loading-overlay"
    >
      <div className="flex flex-col items-center gap-3">
        <LogoMark className="h-16 w-16 animate-pulse" />
        <span className="text-sm text-slate-600">{t('app.loading')}</span>
      </div>
    </div>
  );
}
