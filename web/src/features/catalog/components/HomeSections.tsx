import { useTranslation } from 'react-i18next';
import { ns } from '../i18n';
import { coreIfLoaded } from '@/shared/core';
import { Section } from '@/shared/ui/HomeSection';
import { bestsellers, listProducts, listSpecials, type ProductCard as Card } from '@/features/catalog/api/catalog';
import { useResource, type Get } from '@/shared/api/resource';
import { ProductCard } from './ProductCard';

/** A row of cards: swipeable at phone size, a grid on wide screens. */
function Row({ list, countdown = false }: { list: Get<'/api/client/v1/catalog/products' | '/api/client/v1/catalog/specials'>; countdown?: boolean }) {
  const { data, error } = useResource(list);
  if (error) return null;
  if (!data)
    return (
      <div className="flex gap-3 overflow-hidden" aria-hidden="true">
        {[1, 2, 3, 4].map((i) => (
          <div key={i} className="h-72 w-44 shrink-0 animate-pulse rounded-2xl bg-slate-200/60 sm:w-56" />
        ))}
      </div>
    );
  return <Cards list={data.data} countdown={countdown} />;
}

function Cards({ list, countdown = false }: { list: Card[]; countdown?: boolean }) {
  const core = coreIfLoaded();
  return (
    <ul className="-mx-4 flex snap-x gap-3 overflow-x-auto px-4 pb-2 lg:mx-0 lg:grid lg:grid-cols-4 lg:overflow-visible lg:px-0">
      {list.map((p) => (
        <li key={p.Uid} className="w-44 shrink-0 snap-start sm:w-56 lg:w-auto">
          <ProductCard product={p} core={core} countdown={countdown} />
        </li>
      ))}
    </ul>
  );
}

/**
 * The best sellers (units of paid orders of the last 90 days), shown only once something has
 * been sold: no section, not even a heading, while the list is loading or empty.
 */
function Bestsellers() {
  const { t } = useTranslation(ns);
  const { data } = useResource(bestsellers(8));
  if (!data?.data.length) return null;
  return (
    <Section id="home-bestsellers" title={t('homeSections.bestsellers')} more="/shop?sort=bestselling" moreLabel={t('seeAll')}>
      <Cards list={data.data} />
    </Section>
  );
}

/**
 * The home page's catalogue sections (a lazy chunk): specials with their countdown, the best
 * sellers (once there are sales), the newest new and used/open-box arrivals, all from the API.
 */
export default function HomeSections() {
  const { t } = useTranslation(ns);
  return (
    <>
      <Section id="highlights-title" title={t('homeSections.specials')} more="/specials" moreLabel={t('seeAll')}>
        <Row list={listSpecials({ size: 8 })} countdown />
      </Section>
      <Bestsellers />
      <Section id="home-new" title={t('homeSections.newArrivals')} more="/shop?condition=new" moreLabel={t('seeAll')}>
        <Row list={listProducts({ condition: 'new', sort: 'newest', size: 8 })} />
      </Section>
      <Section id="home-used" title={t('homeSections.usedArrivals')} more="/shop?condition=open-box,used" moreLabel={t('seeAll')}>
        <Row list={listProducts({ condition: 'used,open-box', sort: 'newest', size: 8 })} />
      </Section>
    </>
  );
}
