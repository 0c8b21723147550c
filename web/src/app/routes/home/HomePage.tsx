import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { BoxIcon, ChatIcon, ChevronIcon, ShieldIcon, TruckIcon, WalletIcon } from '@/shared/ui/Icons';
import { PrefetchLink } from '@/shared/ui/PrefetchLink';
import { WhenNear } from '@/shared/ui/WhenNear';

/** The category teaser: each card opens the shop filtered to it. */
const CATEGORIES = [
  { key: 'new', to: '/shop?condition=new' },
  { key: 'stock', to: '/shop?condition=used' },
  { key: 'openBox', to: '/shop?condition=open-box' },
  { key: 'tablet', to: '/shop?line=tablet-laptop' },
] as const;

/** Specials, new and used arrivals from the API, then blog teasers: lazy chunks, below the fold at phone size. */
const CatalogSections = lazy(() => import('@/features/catalog/components/HomeSections'));
const BlogTeasers = lazy(() => import('@/features/content/components/BlogTeasers'));

const SECTIONS_PLACEHOLDER = 'mx-auto h-80 max-w-7xl px-4';
const BLOG_PLACEHOLDER = 'mx-auto h-40 max-w-7xl px-4';

const FEATURES = [
  { key: 'original', icon: ShieldIcon },
  { key: 'shipping', icon: TruckIcon },
  { key: 'instalment', icon: WalletIcon },
  { key: 'support', icon: ChatIcon },
] as const;

/** An empty 1×1 GIF: what the hero picture's `<img>` holds below the desktop width, so phones download nothing. */
const NO_PICTURE = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';

/**
 * The desktop hero's illustration (`public/images/hero-laptop.svg`, a laptop showing the shop).
 * Only a screen of at least 768 px asks for it (`<source media>`); the same markup is in
 * index.html's static hero.
 */
function HeroPicture() {
  return (
    <picture className="mx-auto hidden w-full max-w-md md:block">
      <source media="(min-width: 768px)" srcSet="/images/hero-laptop.svg" width={640} height={460} />
      <img src={NO_PICTURE} alt="" width={640} height={460} decoding="async" className="h-auto w-full drop-shadow-xl" />
    </picture>
  );
}

export default function HomePage() {
  const { t } = useTranslation();
  return (
    <div className="space-y-10 pb-4">
      <section className="bg-gradient-to-bl from-brand-900 via-brand-700 to-brand-500 text-white">
        <div className="mx-auto grid max-w-7xl items-center gap-6 px-4 py-10 md:grid-cols-2 md:py-16">
          <div className="space-y-4">
            <h1 className="text-2xl leading-[1.6] font-bold sm:text-3xl lg:text-4xl lg:leading-[1.5]">{t('home.heroTitle')}</h1>
            <p className="max-w-lg leading-8 text-blue-100">{t('home.heroLead')}</p>
            <div className="flex flex-wrap gap-3 pt-2">
              <PrefetchLink
                to="/shop"
                className="rounded-xl bg-white px-5 py-3 font-bold text-brand-800 shadow transition hover:bg-blue-50"
              >
                {t('home.heroCta')}
              </PrefetchLink>
              <PrefetchLink
                to="/specials"
                className="rounded-xl border border-white/60 px-5 py-3 font-bold text-white transition hover:bg-white/10"
              >
                {t('home.heroSecondary')}
              </PrefetchLink>
            </div>
          </div>
          <HeroPicture />
        </div>
      </section>

      <section aria-label={t('home.featuresLabel')} className="mx-auto max-w-7xl px-4">
        <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          {FEATURES.map(({ key, icon: Icon }) => (
            <li key={key} className="flex items-center gap-3 rounded-2xl bg-white p-4 shadow-sm">
              <Icon className="h-7 w-7 shrink-0 text-brand-600" />
              <span className="text-sm font-bold text-slate-800">{t(`home.features.${key}`)}</span>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="categories-title" className="mx-auto max-w-7xl px-4">
        <div className="mb-4 flex items-end justify-between gap-3">
          <h2 id="categories-title" className="text-xl font-bold text-slate-900">
            {t('home.categoriesTitle')}
          </h2>
          <PrefetchLink to="/categories" className="flex shrink-0 items-center gap-1 text-sm font-bold text-brand-700 hover:underline">
            {t('home.allCategories')}
            <ChevronIcon className="h-4 w-4" />
          </PrefetchLink>
        </div>
        <ul className="grid grid-cols-2 gap-3 md:grid-cols-4">
          {CATEGORIES.map(({ key: c, to }) => (
            <li key={c}>
              <PrefetchLink
                to={to}
                className="flex h-full flex-col gap-1 rounded-2xl border border-slate-200 bg-white p-4 transition hover:border-brand-500 hover:shadow"
              >
                <BoxIcon className="h-6 w-6 text-accent-600" />
                <span className="font-bold text-slate-800">{t(`home.cats.${c}`)}</span>
                <span className="text-xs leading-6 text-slate-600">{t(`home.cats.${c}Text`)}</span>
              </PrefetchLink>
            </li>
          ))}
        </ul>
      </section>
      <WhenNear className={SECTIONS_PLACEHOLDER}>
        <Suspense fallback={<div className={SECTIONS_PLACEHOLDER} aria-hidden="true" />}>
          <CatalogSections />
        </Suspense>
      </WhenNear>
      <WhenNear className={BLOG_PLACEHOLDER}>
        <Suspense fallback={<div className={BLOG_PLACEHOLDER} aria-hidden="true" />}>
          <BlogTeasers />
        </Suspense>
      </WhenNear>
    </div>
  );
}
