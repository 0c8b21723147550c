import { RenderedMarkdown } from '@/shared/ui/RenderedMarkdown';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ns } from '../i18n';
import { useRouteInfo } from '@/shared/hooks/routeInfo';
import { PageTitle } from '@/shared/ui/PageTitle';
import { useResource } from '@/shared/api/resource';
import { LoadError } from '@/shared/ui/Status';
import { getContentPage } from '@/features/content/api/content';

export type PageName = 'about' | 'contact' | 'terms' | 'privacy';

/** A content page (about, contact, terms, privacy) from `/pages/{name}`. */
export function TextPage({ name, children }: { name: PageName; children?: ReactNode }) {
  const { t } = useTranslation(ns);
  const { title } = useRouteInfo();
  const { data, error, loading, reload } = useResource(getContentPage(name));
  const page = data?.data;
  return (
    <article className="rounded-2xl bg-white p-5 shadow-sm md:p-8" aria-busy={loading}>
      <PageTitle>{title}</PageTitle>
      {error && !page && <LoadError onRetry={reload} message={error.status === 404 ? null : error.message} />}
      {!page && !error && (
        <div className="min-h-[100dvh] space-y-3" aria-label={t('loading')}>
          {[1, 2, 3].map((i) => (
            <div key={i} className="h-4 animate-pulse rounded bg-slate-200/70" />
          ))}
        </div>
      )}
      {page && (
        <>
          <RenderedMarkdown html={page.Html} testId="content-body" />
          {children}
        </>
      )}
    </article>
  );
}
