import { RenderedMarkdown } from '@/shared/ui/RenderedMarkdown';
import { useTranslation } from 'react-i18next';
import { ns } from '../i18n';
import { useRouteInfo } from '@/shared/hooks/routeInfo';
import { PageTitle } from '@/shared/ui/PageTitle';
import { PrefetchLink } from '@/shared/ui/PrefetchLink';
import { useResource } from '@/shared/api/resource';
import { LoadError } from '@/shared/ui/Status';
import { getFaq } from '@/features/content/api/content';

/** FAQ from `/faq`: each question opens its answer (details/summary, keyboard friendly). */
export default function CommonQuestionsPage() {
  const { t } = useTranslation(ns);
  const { title } = useRouteInfo();
  const { data, error, reload } = useResource(getFaq());
  const faq = data?.data;
  return (
    <section className="rounded-2xl bg-white p-5 shadow-sm md:p-8">
      <PageTitle>{title}</PageTitle>
      {error && !faq && <LoadError onRetry={reload} />}
      {!faq && !error && <div className="h-[100dvh] animate-pulse rounded-xl bg-slate-200/60" aria-label={t('loading')} />}
      {faq && faq.length === 0 && <p className="text-slate-600">{t('noFaq')}</p>}
      {faq && faq.length > 0 && (
        <div className="divide-y divide-slate-100" data-testid="faq">
          {faq.map((item) => (
            <details key={item.Id} className="group py-3">
              <summary className="flex cursor-pointer list-none items-center justify-between gap-3 font-bold leading-8 text-slate-800 marker:hidden">
                {item.Question}
                <span aria-hidden="true" className="text-brand-600 transition group-open:rotate-45">
                  +
                </span>
              </summary>
              <RenderedMarkdown html={item.AnswerHtml} className="mt-2 text-slate-600" />
            </details>
          ))}
        </div>
      )}
      <p className="mt-6 text-sm text-slate-600">
        {t('faqMore')}{' '}
        <PrefetchLink to="/contact-us" className="font-bold text-brand-700 hover:underline">
          {t('contactUs')}
        </PrefetchLink>
      </p>
    </section>
  );
}
