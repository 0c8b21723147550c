import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { coreIfLoaded } from '@/shared/core';
import { ChevronIcon } from '@/shared/ui/Icons';
import { PrefetchLink } from '@/shared/ui/PrefetchLink';
import { BlogCard } from '@/features/content/BlogsPage';
import { blogListUrl, type BlogListResponse } from '@/features/content/api';
import { productsUrl, specialsUrl, type ProductListResponse } from './api';
import { useResource } from './lib/fetchJson';
import { ProductCard } from './ui/ProductCard';

function Section({
  id,
  title,
  more,
  moreLabel,
  children,
  tone = '',
}: {
  id: string;
  title: string;
  more: string;
  moreLabel: string;
  children: ReactNode;
  tone?: string;
}) {
  return (
    <section aria-labelledby={id} className={`mx-auto max-w-7xl px-4 ${tone}`} data-testid={`home-${id}`}>
      <div className="mb-4 flex items-end justify-between gap-3">
        <h2 id={id} className="text-xl font-bold text-slate-900">
          {title}
        </h2>
        <PrefetchLink to={more} className="flex shrink-0 items-center gap-1 text-sm font-bold text-brand-700 hover:underline">
          {moreLabel}
          <ChevronIcon className="h-4 w-4" />
        </PrefetchLink>
      </div>
      {children}
    </section>
  );
}

/** A row of cards: swipeable at phone size, a grid on wide screens. */
function Row({ url, countdown = false }: { url: string; countdown?: boolean }) {
  const { data, error } = useResource<ProductListResponse>(url);
  const core = coreIfLoaded();
  if (error) return null;
  if (!data)
    return (
      <div className="flex gap-3 overflow-hidden" aria-hidden="true">
        {[1, 2, 3, 4].map((i) => (
          <div key={i} className="h-72 w-44 shrink-0 animate-pulse rounded-2xl bg-slate-200/60 sm:w-56" />
        ))}
      </div>
    );
  return (
    <ul className="-mx-4 flex snap-x gap-3 overflow-x-auto px-4 pb-2 lg:mx-0 lg:grid lg:grid-cols-4 lg:overflow-visible lg:px-0">
      {data.data.map((p) => (
        <li key={p.Uid} className="w-44 shrink-0 snap-start sm:w-56 lg:w-auto">
          <ProductCard product={p} core={core} countdown={countdown} />
        </li>
      ))}
    </ul>
  );
}

function BlogTeasers() {
  const { t } = useTranslation('content');
  const { data } = useResource<BlogListResponse>(blogListUrl(1, 3));
  if (!data?.data.length) return null;
  return (
    <Section id="home-blog" title={t('blog')} more="/blogs" moreLabel={t('readMore')}>
      <ul className="grid gap-4 md:grid-cols-3">
        {data.data.map((p) => (
          <li key={p.Id}>
            <BlogCard post={p} />
          </li>
        ))}
      </ul>
    </Section>
  );
}

/**
 * The home page's catalogue sections (a lazy chunk): specials with their countdown, the newest
 * new and used/open-box arrivals, and blog teasers, all from the API.
 */
export default function HomeSections() {
  const { t } = useTranslation('catalog');
  return (
    <>
      <Section id="highlights-title" title={t('homeSections.specials')} more="/specials" moreLabel={t('seeAll')}>
        <Row url={specialsUrl({ size: 8 })} countdown />
      </Section>
      <Section id="home-new" title={t('homeSections.newArrivals')} more="/shop?condition=new" moreLabel={t('seeAll')}>
        <Row url={productsUrl({ condition: 'new', sort: 'newest', size: 8 })} />
      </Section>
      <Section id="home-used" title={t('homeSections.usedArrivals')} more="/shop?condition=open-box,used" moreLabel={t('seeAll')}>
        <Row url={productsUrl({ condition: ['used', 'open-box'], sort: 'newest', size: 8 })} />
      </Section>
      <BlogTeasers />
    </>
  );
}
