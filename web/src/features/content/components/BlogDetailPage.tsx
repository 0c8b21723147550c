import { RenderedMarkdown } from '@/shared/ui/RenderedMarkdown';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ns } from '../i18n';
import { useRouteInfo } from '@/shared/hooks/routeInfo';
import { useLateTitle } from '@/shared/hooks/useLateTitle';
import { NotFound } from '@/shared/ui/NotFound';
import { useResource } from '@/shared/api/resource';
import { Breadcrumbs } from '@/shared/ui/Breadcrumbs';
import { Picture } from '@/shared/ui/Picture';
import { LoadError } from '@/shared/ui/Status';
import { PrefetchLink } from '@/shared/ui/PrefetchLink';
import { getBlogPost } from '@/features/content/api/content';

/** /blogs/{blog}: one post; an unknown slug shows the not-found page. */
export default function BlogDetailPage() {
  const { t } = useTranslation(ns);
  const { params, title } = useRouteInfo();
  const slug = params.blog ?? '';
  const { data, error, reload } = useResource(getBlogPost(slug));
  const post = data?.data;
  useLateTitle(post?.Title);
  useEffect(() => {
    if (post) window.scrollTo(0, 0);
  }, [post]);
  if (error?.status === 404 || error?.status === 400) return <NotFound />;
  return (
    <article className="mx-auto max-w-3xl" aria-busy={!post && !error}>
      <Breadcrumbs items={[{ label: t('blog'), to: '/blogs' }, { label: post?.Title ?? title }]} />
      {!post && <h1 className={error ? 'mb-4 text-xl font-bold text-slate-900' : 'sr-only'}>{title}</h1>}
      {error && !post && <LoadError onRetry={reload} />}
      {!post && !error && (
        <div className="min-h-[100dvh] space-y-4" aria-label={t('loading')}>
          <div className="h-8 w-3/4 animate-pulse rounded bg-slate-200/70" />
          <div className="aspect-[4/3] animate-pulse rounded-2xl bg-slate-200/70" />
        </div>
      )}
      {post && (
        <div className="rounded-2xl bg-white p-5 shadow-sm md:p-8">
          <h1 className="text-xl leading-9 font-bold text-slate-900 md:text-2xl md:leading-10">{post.Title}</h1>
          <p className="mt-2 flex flex-wrap gap-x-3 text-sm text-slate-500">
            <time dateTime={post.PublishedAt}>{post.PublishedAtJalali}</time>
            <span>{t('by', { author: post.Author })}</span>
          </p>
          <Picture
            src={post.Image}
            src2x={post.Image2x}
            alt={post.Title}
            eager
            width={640}
            height={480}
            className="my-5 aspect-[4/3] h-auto w-full rounded-xl bg-slate-100 object-cover"
          />
          <p className="mb-4 leading-8 font-bold text-slate-700">{post.Summary}</p>
          <RenderedMarkdown html={post.Html} testId="post-body" />
          <PrefetchLink to="/blogs" className="mt-8 inline-block text-sm font-bold text-brand-700 hover:underline">
            {t('backToBlogs')}
          </PrefetchLink>
        </div>
      )}
    </article>
  );
}
