import { Fragment, useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { ns } from '../i18n';
import type { Core } from '@/shared/core';
import { formatPlain, PART_SEPARATOR } from '@/shared/lib/format';
import { PrefetchLink } from '@/shared/ui/PrefetchLink';
import type { ProductCard as Card } from '@/features/catalog/api/catalog';
import { Countdown } from './Countdown';
import { FavouriteSlot } from './favouriteSlot';
import { Highlight } from './Highlight';
import { Picture } from '@/shared/ui/Picture';
import { MixedText } from '@/shared/ui/MixedText';

const CONDITION_STYLE: Record<string, string> = {
  new: 'bg-emerald-50 text-emerald-800',
  used: 'bg-amber-50 text-amber-800',
  'open-box': 'bg-sky-50 text-sky-800',
};

/** Short spec line parts: CPU, RAM, storage. */
export function specParts(p: Pick<Card, 'Cpu' | 'RamGb' | 'StorageGb' | 'StorageType'>): string[] {
  const parts = [p.Cpu];
  if (p.RamGb > 0) parts.push(`${formatPlain(p.RamGb)} گیگ رم`);
  if (p.StorageGb >= 1024 && p.StorageGb % 1024 === 0) parts.push(`${formatPlain(p.StorageGb / 1024)} ترابایت ${p.StorageType}`);
  else if (p.StorageGb > 0) parts.push(`${formatPlain(p.StorageGb)} گیگ ${p.StorageType}`);
  return parts.filter(Boolean);
}

/** Each part isolated (<bdi>), so Latin CPU names and Persian digits keep their order in RTL. */
function SpecLine({ parts, query, core }: { parts: string[]; query: string; core: Core | null }) {
  return (
    <>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 && PART_SEPARATOR}
          <bdi>{query ? <Highlight text={part} query={query} folder={core} /> : part}</bdi>
        </Fragment>
      ))}
    </>
  );
}

export function ProductCard({
  product: p,
  core,
  query = '',
  eager = false,
  countdown = false,
  headingLevel = 3,
}: {
  product: Card;
  /** h2 in a page's main list (right under its h1), h3 in a titled section. */
  headingLevel?: 2 | 3;
  core: Core | null;
  /** Search query to highlight in the name and specs. */
  query?: string;
  eager?: boolean;
  countdown?: boolean;
}) {
  const { t } = useTranslation(ns);
  const FavouriteButton = useContext(FavouriteSlot);
  const H = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article
      className={`relative flex h-full flex-col overflow-hidden rounded-2xl bg-white shadow-sm transition hover:shadow-md`}
      data-testid="product-card"
      data-uid={p.Uid}
    >
      <div className="relative">
        <Picture
          src={p.Image.Src}
          src2x={p.Image.Src2x}
          alt={p.Image.Alt || p.Name}
          width={p.Image.Width}
          height={p.Image.Height}
          eager={eager}
          // Out of stock: only the picture fades (a faded card put its text below WCAG AA).
          className={`aspect-[4/3] h-auto w-full bg-slate-100 object-cover ${p.InStock ? '' : 'opacity-60 grayscale'}`}
        />
        <div className="absolute start-2 top-2 flex flex-wrap gap-1">
          <span className={`rounded-full px-2 py-0.5 text-[11px] font-bold ${CONDITION_STYLE[p.Condition] ?? 'bg-slate-100 text-slate-700'}`}>
            {p.ConditionLabel}
          </span>
          {p.DiscountPercent ? (
            <span className="rounded-full bg-red-600 px-2 py-0.5 text-[11px] font-bold text-white">
              {t('discount', { n: p.DiscountText })}
            </span>
          ) : null}
        </div>
        {FavouriteButton && (
          // Above the card's stretched link, so the heart is its own button.
          <div className="absolute end-2 top-2 z-10">
            <FavouriteButton uid={p.Uid} name={p.Name} compact />
          </div>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-1.5 p-3">
        <H className="line-clamp-2 text-sm leading-7 font-bold text-slate-800">
          <PrefetchLink to={p.Url} className="after:absolute after:inset-0 hover:text-brand-700 focus:outline-none">
            {query ? <Highlight text={p.Name} query={query} folder={core} /> : <MixedText text={p.Name} core={core} />}
          </PrefetchLink>
        </H>
        <p className="line-clamp-1 text-xs leading-6 text-slate-600">
          <SpecLine parts={specParts(p)} query={query} core={core} />
        </p>
        <div className="mt-auto flex flex-col gap-0.5 pt-1">
          {countdown && p.SpecialEndsAt && <Countdown endsAt={p.SpecialEndsAt} className="text-red-700" />}
          {p.OldPrice ? (
            <span className="text-xs text-slate-500 line-through">
              <span className="sr-only">{t('priceBefore')}: </span>
              {p.OldPriceText}
            </span>
          ) : null}
          {p.InStock ? (
            <span className="text-sm font-bold text-slate-900 sm:text-base" data-testid="price">
              <span className="sr-only">{t('price')}: </span>
              {p.PriceText}
            </span>
          ) : (
            <span className="text-sm font-bold text-slate-600">{t('outOfStock')}</span>
          )}
          {p.InsPayment && p.InStock && <span className="text-[11px] text-emerald-700">{t('instalment')}</span>}
        </div>
      </div>
    </article>
  );
}

/** A responsive grid of cards. */
export function ProductGrid({
  products,
  core,
  query,
  countdown,
  eagerFirst = 2,
  headingLevel = 3,
}: {
  products: Card[];
  core: Core | null;
  query?: string;
  countdown?: boolean;
  eagerFirst?: number;
  headingLevel?: 2 | 3;
}) {
  return (
    <ul className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-4" data-testid="product-grid">
      {products.map((p, i) => (
        <li key={p.Uid}>
          <ProductCard product={p} core={core} query={query} countdown={countdown} eager={i < eagerFirst} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}
