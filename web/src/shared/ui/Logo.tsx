import { useTranslation } from 'react-i18next';

/** The laptop mark of the logo (also public/favicon.svg). */
export function LogoMark({ className = 'h-8 w-8' }: { className?: string }) {
  return (
    <svg viewBox="0 0 48 48" className={className} aria-hidden="true" focusable="false">
      <rect x="8" y="9" width="32" height="22" rx="3" fill="#1e40af" />
      <rect x="11.5" y="12.5" width="25" height="15" rx="1.5" fill="#dbeafe" />
      <path d="M17 23.5l5-6 4 4.5 3-3 4 4.5z" fill="#f97316" />
      <path d="M4 34h40l-3 5H7z" fill="#1e3a8a" />
      <rect x="20" y="34" width="8" height="1.6" rx=".8" fill="#93c5fd" />
    </svg>
  );
}

/** Mark + the shop's name in Persian. */
export function Logo({ className = '', compact = false }: { className?: string; compact?: boolean }) {
  const { t } = useTranslation();
  return (
    <span className={`inline-flex items-center gap-2 ${className}`}>
      <LogoMark className={compact ? 'h-7 w-7' : 'h-9 w-9'} />
      {!compact && <span className="text-xl font-bold tracking-tight text-brand-900">{t('app.name')}</span>}
    </span>
  );
}
