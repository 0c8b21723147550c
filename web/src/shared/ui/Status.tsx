import { useTranslation } from 'react-i18next';
import { AlertIcon } from './Icons';

/** A failed load: a Persian message and a retry button. */
export function LoadError({ onRetry, message }: { onRetry: () => void; message?: string | null }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-red-200 bg-white px-6 py-10 text-center">
      <AlertIcon className="h-10 w-10 text-red-500" />
      <p className="max-w-md leading-8 text-slate-700">{message || t('ui.loadError')}</p>
      <button
        type="button"
        onClick={onRetry}
        className="rounded-xl bg-brand-600 px-5 py-2.5 text-sm font-bold text-white transition hover:bg-brand-700"
      >
        {t('ui.retry')}
      </button>
    </div>
  );
}

/** Grey placeholder blocks while a list loads. */
export function CardSkeletons({ count = 8 }: { count?: number }) {
  const { t } = useTranslation();
  return (
    <ul className="grid min-h-[100dvh] grid-cols-2 content-start gap-3 md:grid-cols-3 xl:grid-cols-4" aria-busy="true" aria-label={t('ui.loading')}>
      {Array.from({ length: count }, (_, i) => (
        <li key={i} className="overflow-hidden rounded-2xl bg-white shadow-sm">
          <div className="aspect-[4/3] animate-pulse bg-slate-200/70" />
          <div className="space-y-2 p-3">
            <div className="h-4 animate-pulse rounded bg-slate-200/70" />
            <div className="h-4 w-2/3 animate-pulse rounded bg-slate-200/70" />
            <div className="h-5 w-1/2 animate-pulse rounded bg-slate-200/70" />
          </div>
        </li>
      ))}
    </ul>
  );
}
