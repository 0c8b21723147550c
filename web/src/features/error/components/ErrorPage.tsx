import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { isBotUserAgent } from '@/shared/lib/bots';
import { userAgentAtom } from '@/shared/state';
import { AlertIcon } from '@/shared/ui/Icons';
import { LogoMark } from '@/shared/ui/Logo';

/**
 * The error page for fatal errors. Search-engine and preview bots get no error page (spec §4):
 * nothing is rendered for them.
 */
export function ErrorPage({ fullPage = false }: { fullPage?: boolean }) {
  const { t } = useTranslation();
  const userAgent = useAtomValue(userAgentAtom);
  if (isBotUserAgent(userAgent)) return null;
  return (
    <section
      role="alert"
      data-testid="error-page"
      className={`flex flex-col items-center justify-center gap-4 px-4 py-12 text-center ${fullPage ? 'min-h-dvh' : ''}`}
    >
      {fullPage ? <LogoMark className="h-14 w-14" /> : <AlertIcon className="h-12 w-12 text-accent-600" />}
      <h1 className="text-xl font-bold text-slate-900">{t('error.title')}</h1>
      <p className="max-w-md leading-8 text-slate-600">{t('error.lead')}</p>
      <div className="flex flex-wrap justify-center gap-3">
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="rounded-xl bg-brand-600 px-5 py-2.5 font-bold text-white hover:bg-brand-700"
        >
          {t('error.retry')}
        </button>
        <a href="/" className="rounded-xl border border-slate-300 px-5 py-2.5 font-bold text-slate-700 hover:bg-slate-100">
          {t('error.backHome')}
        </a>
      </div>
    </section>
  );
}
