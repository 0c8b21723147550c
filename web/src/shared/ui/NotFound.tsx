import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useDocumentTitle } from '@/shared/hooks/useDocumentTitle';
import { PrefetchLink } from '@/shared/ui/PrefetchLink';
import { NotFoundIllustration } from './NotFoundIllustration';

/**
 * Spec section 2: for status 404, an image, 'صفحه مورد نظر یافت نشد!' and a back-to-home
 * button. Other statuses show nothing on this page. (The server answers such paths with
 * HTTP 404 itself; the message 'Page not found: {path}' is the non-fatal error of spec §2.)
 */
export function NotFound({ statusCode = 404 }: { statusCode?: number }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  useDocumentTitle(statusCode === 404 ? t('notFound.title') : undefined);
  useEffect(() => {
    if (statusCode === 404) console.info(`Page not found: ${pathname}`);
  }, [statusCode, pathname]);
  if (statusCode !== 404) return null;
  return (
    <section className="flex flex-col items-center gap-5 py-10 text-center" data-testid="not-found" data-status={statusCode}>
      <NotFoundIllustration title={t('notFound.imageAlt')} />
      <h1 className="text-2xl font-bold text-slate-900">{t('notFound.title')}</h1>
      <p className="max-w-md leading-8 text-slate-600">{t('notFound.lead')}</p>
      <PrefetchLink
        to="/"
        className="rounded-xl bg-brand-600 px-6 py-3 font-bold text-white transition hover:bg-brand-700"
      >
        {t('notFound.backHome')}
      </PrefetchLink>
    </section>
  );
}

export default function NotFoundPage() {
  return <NotFound statusCode={404} />;
}
