import { useTranslation } from 'react-i18next';
import { BoxIcon, ChatIcon, ChevronIcon, ShieldIcon, TruckIcon, WalletIcon } from '@/shared/ui/Icons';
import { PrefetchLink } from '@/shared/ui/PrefetchLink';
import type { Core } from '@/shared/core';
import { useCoreWhenVisible } from './useCoreWhenVisible';

/** Demo highlights (the real catalogue comes with the catalogue feature). Prices in Toman. */
const HIGHLIGHTS = [
  { key: 'p1', condition: 'new', price: 48_500_000, instalment: true, hue: 'from-sky-100 to-blue-200' },
  { key: 'p2', condition: 'openBox', price: 96_900_000, instalment: false, hue: 'from-orange-100 to-amber-200' },
  { key: 'p3', condition: 'stock', price: 31_250_000, instalment: true, hue: 'from-emerald-100 to-teal-200' },
  { key: 'p4', condition: 'new', price: 57_800_000, instalment: true, hue: 'from-violet-100 to-fuchsia-200' },
] as const;

const CATEGORIES = ['new', 'stock', 'openBox', 'tablet'] as const;

const FEATURES = [
  { key: 'original', icon: ShieldIcon },
  { key: 'shipping', icon: TruckIcon },
  { key: 'instalment', icon: WalletIcon },
  { key: 'support', icon: ChatIcon },
] as const;

function LaptopArt({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 120 80" className={className} aria-hidden="true">
      <rect x="22" y="8" width="76" height="50" rx="4" fill="#1e40af" />
      <rect x="26" y="12" width="68" height="42" rx="2" fill="#eff6ff" />
      <path d="M40 44l12-14 9 10 7-6 12 10z" fill="#93c5fd" />
      <path d="M8 62h104l-6 9H14z" fill="#1e3a8a" />
    </svg>
  );
}

/** A price formatted by the WASM core (Persian digits, ٬ separators, تومان). */
function Price({ toman, core }: { toman: number; core: Core | null }) {
  if (!core) return <span className="inline-block h-6 w-32 animate-pulse rounded bg-slate-200" aria-hidden="true" />;
  return (
    <span className="text-lg font-bold text-slate-900" data-testid="price">
      {core.formatPrice(toman)}
    </span>
  );
}

export default function HomePage() {
  const { t } = useTranslation();
  const [highlightsRef, core] = useCoreWhenVisible<HTMLUListElement>();
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
          <LaptopArt className="mx-auto hidden w-full max-w-sm drop-shadow-xl md:block" />
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
          {CATEGORIES.map((c) => (
            <li key={c}>
              <PrefetchLink
                to="/categories"
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
      <section aria-labelledby="highlights-title" className="mx-auto max-w-7xl px-4">
        <div className="mb-4 flex items-end justify-between gap-3">
          <div>
            <h2 id="highlights-title" className="text-xl font-bold text-slate-900">
              {t('home.highlightsTitle')}
            </h2>
            <p className="mt-1 text-sm text-slate-600">{t('home.highlightsNote')}</p>
          </div>
          <PrefetchLink to="/shop" className="flex shrink-0 items-center gap-1 text-sm font-bold text-brand-700 hover:underline">
            {t('home.shopLink')}
            <ChevronIcon className="h-4 w-4" />
          </PrefetchLink>
        </div>
        <ul ref={highlightsRef} className="grid grid-cols-1 gap-4 xs:grid-cols-2 lg:grid-cols-4">
          {HIGHLIGHTS.map((p) => (
            <li key={p.key} className="flex flex-col overflow-hidden rounded-2xl bg-white shadow-sm">
              <div className={`flex aspect-[3/2] items-center justify-center bg-gradient-to-br ${p.hue}`}>
                <LaptopArt className="w-3/4" />
              </div>
              <div className="flex flex-1 flex-col gap-2 p-4">
                <span className="w-fit rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-bold text-brand-700">
                  {t(`home.conditions.${p.condition}`)}
                </span>
                <h3 className="leading-7 font-bold text-slate-800">{t(`home.demo.${p.key}`)}</h3>
                <div className="mt-auto flex flex-col gap-1 pt-2">
                  <span className="sr-only">{t('home.priceLabel')}</span>
                  <Price toman={p.price} core={core} />
                  {p.instalment && <span className="text-xs text-emerald-700">{t('home.instalment')}</span>}
                </div>
              </div>
            </li>
          ))}
        </ul>
      </section>

    </div>
  );
}
