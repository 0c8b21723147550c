import { useTranslation } from 'react-i18next';
import { ns } from '../i18n';
import { useSearchParams } from 'react-router';
import { useRouteInfo } from '@/shared/hooks/routeInfo';
import { formatPlain } from '@/shared/lib/format';
import { BookIcon } from '@/shared/ui/Icons';
import { EmptyState } from '@/shared/ui/EmptyState';
import { PageTitle } from '@/shared/ui/PageTitle';
import { PrefetchLink } from '@/shared/ui/PrefetchLink';
import { useResource } from '@/shared/api/resource';
import { Picture } from '@/shared/ui/Picture';
import { LoadError } from '@/shared/ui/Status';
import { Pagination } from '@/shared/ui/Pagination';
import { listBlog, BLOG_PAGE_SIZE, type BlogPostSummary } from '@/features/content/api/content';

export function BlogCard({ post, eager = false }: { post: BlogPostSummary; eager?: boolean }) {
  const { t } = useTranslation(ns);
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-2xl bg-white shadow-sm">
      <PrefetchLink to={`/blogs/${post.Slug}`} className="block" tabIndex={-1} aria-hidden="true">
        <Picture
          src={post.Image}
          src2x={post.Image2x}
          alt=""
          eager={eager}
          sizes="(min-width: 768px) 33vw, 100vw"
          className="aspect-[4/3] h-auto w-full bg-slate-100 object-cover"
        />
      </PrefetchLink>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h2 className="text-base leading-8 font-bold text-slate-900">
          <PrefetchLink to={`/blogs/${post.Slug}`} className="hover:text-brand-700">
            {post.Title}
          </PrefetchLink>
        </h2>
        <p className="line-clamp-3 text-sm leading-7 text-slate-600">{post.Summary}</p>
        <p className="mt-auto flex flex-wrap gap-x-3 pt-2 text-xs text-slate-500">
          <time dateTime={post.PublishedAt}>{post.PublishedAtJalali}</time>
          <span>{t('by', { author: post.Author })}</span>
        </p>
      </div>
    </article>
  );
}

/** /blogs: posts, newest first, 12 a page (`?page=`). */
export default function BlogsPage() {
  const { t } = useTranslation(ns);
  const { title } = useRouteInfo();
  const [params] = useSearchParams();
  const page = Math.max(1, Math.min(1000, Number.parseInt(params.get('page') ?? '1', 10) || 1));
  const { data, error, reload } = useResource(listBlog(page));
  const posts = data?.data;
  const pages = data ? Math.max(1, Math.ceil(data.Total / (data.Size || BLOG_PAGE_SIZE))) : 1;
  return (
    <section aria-labelledby="page-title">
      <PageTitle aside={data && pages > 1 ? <span className="text-sm text-slate-500">{t('pageOf', { page: formatPlain(page), pages: formatPlain(pages) })}</span> : undefined}>
        <span id="page-title">{title}</span>
      </PageTitle>
      {error && !posts && <LoadError onRetry={reload} />}
      {!posts && !error && (
        <div className="grid min-h-[100dvh] content-start gap-4 md:grid-cols-3" aria-label={t('loading')}>
          {[1, 2, 3].map((i) => (
            <div key={i} className="h-72 animate-pulse rounded-2xl bg-slate-200/60" />
          ))}
        </div>
      )}
      {posts && posts.length === 0 && <EmptyState icon={<BookIcon />} message={t('noPosts')} action={{ to: '/', label: t('home') }} />}
      {posts && posts.length > 0 && (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="blog-list">
          {posts.map((p, i) => (
            <li key={p.Id}>
              <BlogCard post={p} eager={i < 2} />
            </li>
          ))}
        </ul>
      )}
      {data && <Pagination page={page} pages={pages} />}
    </section>
  );
}
