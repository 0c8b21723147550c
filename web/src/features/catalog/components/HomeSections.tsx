import { useTranslation } from 'react-i18next';
import { ns } from '../i18n';
import { coreIfLoaded } from '@/shared/core';
import { Section } from '@/shared/ui/HomeSection';
import { listProducts, listSpecials } from '@/features/catalog/api/catalog';
import { useResource, type Get } from '@/shared/api/resource';
import { ProductCard } from './ProductCard';

/** A row of cards: swipeable at phone size, a grid on wide screens. */
function Row({ list, countdown = false }: { list: Get<'/api/client/v1/catalog/products' | '/api/client/v1/catalog/specials'>; countdown?: boolean }) {
  const { data, error } = useResource(list);
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

/**
 * The home page's catalogue sections (a lazy chunk): specials with their countdown, the newest
 * new and used/open-box arrivals, all from the API.
 */
export default function HomeSections() {
  const { t } = useTranslation(ns);
  return (
    <>
      <Section id="highlights-title" title={t('homeSections.specials')} more="/specials" moreLabel={t('seeAll')}>
        <Row list={listSpecials({ size: 8 })} countdown />
      </Section>
      <Section id="home-new" title={t('homeSections.newArrivals')} more="/shop?condition=new" moreLabel={t('seeAll')}>
        <Row list={listProducts({ condition: 'new', sort: 'newest', size: 8 })} />
      </Section>
      <Section id="home-used" title={t('homeSections.usedArrivals')} more="/shop?condition=open-box,used" moreLabel={t('seeAll')}>
        <Row list={listProducts({ condition: 'used,open-box', sort: 'newest', size: 8 })} />
      </Section>
    </>
  );
}
