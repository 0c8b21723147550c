import { lazy, Suspense, useContext, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ns } from '../i18n';
import { NotFound } from '@/shared/ui/NotFound';
import { useRouteInfo } from '@/shared/hooks/routeInfo';
import { useLateTitle } from '@/shared/hooks/useLateTitle';
import { formatCount, PART_SEPARATOR } from '@/shared/lib/format';
import { CheckIcon, ShieldIcon } from '@/shared/ui/Icons';
import { getPriceHistory, getProduct, type ProductDetail, type ProductResponse, type Variant } from '@/features/catalog/api/catalog';
import { InstalmentCalculator } from '@/shared/instalment/InstalmentCalculator';
import { InstalmentComparison } from '@/shared/instalment/InstalmentComparison';
import { AlertSlot } from './alertSlot';
import { CartButtonSlot } from './cartSlot';
import { fetchResource, seedResource, useResource } from '@/shared/api/resource';
import { useCore } from '@/shared/core/useCore';
import { initialVariant, pickColour } from '@/features/catalog/utils/variants';
import { Breadcrumbs } from '@/shared/ui/Breadcrumbs';
import { CompareBar, CompareToggle } from './CompareBar';
import { Countdown } from './Countdown';
import { FavouriteSlot } from './favouriteSlot';
import { ReviewsSlot } from './reviewsSlot';
import { Gallery, preloadGalleryImage } from './Gallery';
import { ProductGrid } from './ProductCard';
import { WhenNear } from '@/shared/ui/WhenNear';
import { OpenedDetails } from '@/shared/ui/OpenedDetails';
import { LoadError } from '@/shared/ui/Status';
import { VariantPicker } from './VariantPicker';
import { DeliveryReach, useProductDelivery } from '@/shared/delivery/reach';
import { MixedText } from '@/shared/ui/MixedText';

/** Id of the product JSON the server embeds in the page's HTML (server/src/seo/hero.rs). */
export const EMBEDDED_DATA_ID = 'product-data';

/**
 * Adopts the product answer the server embedded in the HTML for `uid` (once: the element is
 * removed), so the page renders at once without asking the API. False when there is none.
 */
export function adoptEmbeddedProduct(uid: string): boolean {
  const el = document.getElementById(EMBEDDED_DATA_ID);
  if (!el) return false;
  el.remove();
  try {
    const data = JSON.parse(el.textContent ?? '') as ProductResponse;
    if (data?.data?.Uid !== uid) return false;
    seedResource(getProduct(uid), data);
    return true;
  } catch {
    return false;
  }
}

// On a first load of /product/{uid} the server has put the product's top (picture, name,
// price) into the HTML and its data beside it: the data is adopted, and the picture is
// already preloaded from the head. Otherwise the data is asked for as soon as this chunk
// arrives, before React renders the page, and its first picture (the page's largest paint) is
// preloaded as soon as the data is in.
if (typeof location !== 'undefined' && typeof document !== 'undefined') {
  const m = /^\/product\/([^/?#]+)\/?$/.exec(location.pathname);
  if (m && !adoptEmbeddedProduct(decodeURIComponent(m[1]))) {
    void fetchResource(getProduct(decodeURIComponent(m[1])))
      .then((r) => {
        const first = r.ok ? r.data.data.Images[0] : undefined;
        if (first) preloadGalleryImage(first);
      })
      .catch(() => undefined);
  }
}

function ConditionCard({ product }: { product: ProductDetail }) {
  const { t } = useTranslation(ns);
  const d = product.ConditionDetails;
  if (!d) return null;
  return (
    <section className="rounded-2xl border border-amber-200 bg-amber-50/60 p-4" aria-labelledby="condition-title" data-testid="condition-details">
      <h2 id="condition-title" className="mb-3 font-bold text-slate-900">
        {t('product.conditionTitle', { label: product.ConditionLabel })}
      </h2>
      <dl className="grid grid-cols-3 gap-2 text-center">
        {d.Grade && (
          <div className="rounded-xl bg-white p-2">
            <dt className="text-xs text-slate-600">{t('product.grade')}</dt>
            <dd className="mt-1 font-bold text-slate-900" dir="ltr">
              {d.Grade}
            </dd>
          </div>
        )}
        {d.BatteryHealth != null && (
          <div className="rounded-xl bg-white p-2">
            <dt className="text-xs text-slate-600">{t('product.batteryHealth')}</dt>
            <dd className="mt-1 font-bold text-slate-900">{t('product.percent', { n: formatCount(d.BatteryHealth) })}</dd>
          </div>
        )}
        {d.TestDays != null && (
          <div className="rounded-xl bg-white p-2">
            <dt className="text-xs text-slate-600">{t('product.testPeriod')}</dt>
            <dd className="mt-1 font-bold text-slate-900">{t('product.days', { n: formatCount(d.TestDays) })}</dd>
          </div>
        )}
      </dl>
      <p className="mt-3 text-xs leading-6 text-slate-700">{t('product.gradeHelp')}</p>
      <p className="text-xs leading-6 text-slate-700">{t('product.testHelp')}</p>
    </section>
  );
}

function StockState({ v, testId = 'stock' }: { v: Variant; testId?: string }) {
  const { t } = useTranslation(ns);
  if (!v.InStock)
    return (
      <p className="text-sm font-bold text-red-700" data-testid={testId}>
        {t('outOfStock')}
      </p>
    );
  return (
    <p className="flex items-center gap-1.5 text-sm text-emerald-700" data-testid={testId}>
      <CheckIcon className="h-4 w-4" />
      {v.Stock <= 3 ? t('lowStock', { n: formatCount(v.Stock) }) : t('inStockLabel')}
    </p>
  );
}

/** Price, stock and the add-to-cart button: a sticky bar at phone size, a box beside the specs on wide screens. */
function BuyBox({ product, variant }: { product: ProductDetail; variant: Variant }) {
  const { t } = useTranslation(ns);
  const CartButton = useContext(CartButtonSlot);

  return (
    <div
      className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white/95 px-4 pt-3 pb-[calc(0.75rem+env(safe-area-inset-bottom))] shadow-[0_-4px_16px_rgba(15,23,42,0.08)] backdrop-blur lg:static lg:z-auto lg:rounded-2xl lg:border lg:p-4 lg:shadow-sm"
      data-testid="buy-box"
    >
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-3 lg:flex-col lg:items-stretch">
        <div className="min-w-0">
          {variant.UnitOldPriceText && variant.InStock && (
            <p className="flex items-center gap-2 text-xs">
              <span className="text-slate-500 line-through">
                <span className="sr-only">{t('priceBefore')}: </span>
                {variant.UnitOldPriceText}
              </span>
              {variant.DiscountPercent > 0 && <span className="rounded-full bg-red-600 px-2 py-0.5 font-bold text-white">{t('discount', { n: variant.DiscountText })}</span>}
            </p>
          )}
          <p className="text-lg font-bold text-slate-900 lg:text-xl" data-testid="product-price" aria-live="polite">
            <span className="sr-only">{t('product.finalPrice')}: </span>
            {variant.UnitPriceText}
          </p>
          <div className="hidden lg:block">
            <StockState v={variant} testId="stock-wide" />
          </div>
        </div>
        {CartButton && <CartButton productId={product.Id} productUid={product.Uid} productName={product.Name} variant={variant} />}
      </div>
    </div>
  );
}

/** The plans compared, then the calculator, for one unit of `variant` with its warranty (core `quote`'s `unit_total`). */
function VariantInstalments({ variant }: { variant: Variant }) {
  const core = useCore();
  const priced = core?.quote({ lines: [{ num: 1, live: { price: variant.Price, warranty_price: variant.PriceGaranti } }] });
  const total = priced && 'ok' in priced && priced.ok ? priced.ok.lines[0]?.unit_total : undefined;
  if (total === undefined) return <div className="h-24 animate-pulse rounded-xl bg-slate-100" aria-busy="true" data-testid="instalment-calculator" />;
  return (
    <div className="space-y-4">
      <InstalmentComparison total={total} />
      <InstalmentCalculator total={total} />
    </div>
  );
}

/**
 * The instalment calculator for the chosen variant; plans and the core load when it is opened.
 * The total is one unit with its warranty, from the core's pricing rule book (`quote`).
 */
function InstalmentBox({ variant }: { variant: Variant }) {
  const { t } = useTranslation(ns);
  return (
    <OpenedDetails
      className="mt-6 rounded-2xl bg-white p-4 shadow-sm md:p-6"
      summaryClassName="cursor-pointer text-lg font-bold text-slate-900"
      summary={t('product.instalmentCalculator')}
      testId="instalment-box"
    >
      {() => (
        <div className="mt-3">
          <VariantInstalments variant={variant} />
        </div>
      )}
    </OpenedDetails>
  );
}

const PriceChart = lazy(() => import('./PriceChart'));

/**
 * The chosen variant's price over 90 days and "the lowest of 30 days" when today's price is it.
 * Below the fold: the answer and the chart's code (chart.js) load when the section comes near.
 */
function PriceHistorySection({ uid, variant }: { uid: string; variant: Variant }) {
  const { t } = useTranslation(ns);
  const history = useResource(getPriceHistory(uid, variant.Id));
  const h = history.data?.data;
  const lowest = h?.Points.find((p) => p.Price === h.Lowest30Days);
  return (
    <section aria-labelledby="price-history-title" className="mt-6 rounded-2xl bg-white p-4 shadow-sm md:p-6" data-testid="price-history">
      <h2 id="price-history-title" className="mb-3 flex flex-wrap items-center gap-2 text-lg font-bold text-slate-900">
        {t('product.priceHistory')}
        {h?.IsLowest30Days && (
          <span className="rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-bold text-emerald-800" data-testid="lowest-30">
            {t('product.lowest30Badge')}
          </span>
        )}
      </h2>
      {history.error && <LoadError onRetry={history.reload} />}
      {!h && !history.error && <div className="h-56 animate-pulse rounded-xl bg-slate-100" aria-busy="true" />}
      {h && (
        <>
          {lowest && <p className="mb-2 text-sm text-slate-700">{t('product.lowest30', { price: lowest.PriceText })}</p>}
          <Suspense fallback={<div className="h-56 animate-pulse rounded-xl bg-slate-100" aria-busy="true" />}>
            <PriceChart history={h} title={t('product.priceHistoryChart')} seriesLabel={t('product.millionToman')} />
          </Suspense>
          <h3 className="sr-only">{t('product.priceChanges')}</h3>
          <ul className="sr-only" data-testid="price-changes">
            {h.Points.map((p) => (
              <li key={p.At}>{t('product.priceSince', { date: p.Date, price: p.PriceText })}</li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function ProductView({ product, related }: { product: ProductDetail; related: ProductResponse['Related'] }) {
  const { t } = useTranslation(ns);
  // The WASM core comes on the first interaction: the page's first load stays small.
  const core = useCore('interaction');
  const [variant, setVariant] = useState<Variant | null>(() => initialVariant(product.Variants, product.DefaultVariantId));
  const FavouriteButton = useContext(FavouriteSlot);
  const AlertButton = useContext(AlertSlot);
  const Reviews = useContext(ReviewsSlot);
  // Whether it reaches the shopper's city, before it is put in the cart.
  const delivery = useProductDelivery([product.Id]);
  useLateTitle(product.Name);
  const crumbs = [
    { label: t('shop'), to: '/shop' },
    ...product.Breadcrumb.map((c) => ({ label: c.Name, to: c.Url })),
    { label: product.Name },
  ];
  return (
    <article className="pb-28 lg:pb-0" data-testid="product" data-uid={product.Uid}>
      <Breadcrumbs items={crumbs} />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,5fr)_minmax(0,4fr)_17rem]">
        <Gallery images={product.Images} name={product.Name} />
        <div className="min-w-0 space-y-4">
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <p className="text-xs text-slate-600" dir="auto">
                {product.BrandFa || product.Brand}{PART_SEPARATOR}<span dir="ltr">{product.Model}</span>
              </p>
              <h1 className="mt-1 text-lg leading-8 font-bold text-slate-900 md:text-xl md:leading-9" data-testid="product-name">
                <MixedText text={product.Name} />
              </h1>
            </div>
            {FavouriteButton && <FavouriteButton uid={product.Uid} />}
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <span className="rounded-full bg-slate-100 px-3 py-1 text-xs font-bold text-slate-700">
              {t('product.condition')}: {product.ConditionLabel}
            </span>
            <span className="rounded-full bg-slate-100 px-3 py-1 text-xs text-slate-700">{product.LineLabel}</span>
            {/* Per chosen variant: another colour or warranty of the product may not allow it. */}
            {variant?.InsPayment && (
              <span className="rounded-full bg-emerald-50 px-3 py-1 text-xs text-emerald-800" data-testid="instalment-badge">
                {t('instalment')}
              </span>
            )}
          </div>
          {product.SpecialEndsAt && (
            <p className="flex items-center gap-2 rounded-xl bg-red-50 px-3 py-2 text-sm text-red-800">
              {t('endsIn')} <Countdown endsAt={product.SpecialEndsAt} />
            </p>
          )}
          {variant && (
            <VariantPicker
              variants={product.Variants}
              selected={variant}
              onColour={(c) => setVariant((cur) => pickColour(product.Variants, cur, c))}
              onVariant={setVariant}
            />
          )}
          {variant && (
            <div className="lg:hidden">
              <StockState v={variant} />
            </div>
          )}
          {variant && AlertButton && <AlertButton variant={variant} />}
          <DeliveryReach reach={delivery.reach?.get(product.Id)} city={delivery.city} />
          <ConditionCard product={product} />
          <div className="flex flex-wrap gap-2">
            <CompareToggle uid={product.Uid} />
          </div>
          <p className="flex items-center gap-2 text-xs text-slate-600">
            <ShieldIcon className="h-4 w-4 text-brand-600" />
            {variant?.NameGaranti || t('product.noWarranty')}
          </p>
        </div>
        <div className="lg:sticky lg:top-32 lg:self-start">{variant && <BuyBox product={product} variant={variant} />}</div>
      </div>

      {variant?.InsPayment && <InstalmentBox variant={variant} />}

      {variant && (
        <WhenNear className="mt-6 h-72" rootMargin="300px">
          <PriceHistorySection uid={product.Uid} variant={variant} />
        </WhenNear>
      )}

      <section aria-labelledby="specs-title" className="mt-8 rounded-2xl [contain-intrinsic-size:auto_40rem] [content-visibility:auto] bg-white p-4 shadow-sm md:p-6">
        <h2 id="specs-title" className="mb-3 text-lg font-bold text-slate-900">
          {t('product.specs')}
        </h2>
        <table className="w-full text-sm" data-testid="spec-table">
          <tbody className="divide-y divide-slate-100">
            {product.SpecRows.map((r) => (
              <tr key={r.Key}>
                <th scope="row" className="w-1/3 py-2.5 pe-3 text-start align-top font-normal text-slate-600">
                  {r.Label}
                </th>
                <td className="py-2.5 text-start font-bold break-words text-slate-800">
                  <bdi>
                    <MixedText text={r.Value} />
                  </bdi>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      {product.Description && (
        <section aria-labelledby="desc-title" className="mt-6 rounded-2xl bg-white p-4 shadow-sm md:p-6">
          <h2 id="desc-title" className="mb-3 text-lg font-bold text-slate-900">
            {t('product.description')}
          </h2>
          <div className="space-y-3 leading-8 text-slate-700">
            {product.Description.split(/\n\s*\n/).map((p, i) => (
              <p key={i}>
                <MixedText text={p} />
              </p>
            ))}
          </div>
        </section>
      )}

      {Reviews && (
        // Reviews and questions: their own chunk, fetched when the section comes near.
        <WhenNear className="mt-6 h-64" rootMargin="300px">
          <Suspense fallback={<div className="mt-6 h-64 animate-pulse rounded-2xl bg-slate-100" aria-busy="true" />}>
            <Reviews uid={product.Uid} />
          </Suspense>
        </WhenNear>
      )}

      {related.length > 0 && (
        // Far below the first screen on a phone: its eight cards render when the visitor comes near.
        <WhenNear className="mt-8 h-96">
          <section aria-labelledby="related-title" className="mt-8 [contain-intrinsic-size:auto_60rem] [content-visibility:auto]">
            <h2 id="related-title" className="mb-3 text-lg font-bold text-slate-900">
              {t('product.related')}
            </h2>
            <ProductGrid products={related.slice(0, 8)} core={core} eagerFirst={0} />
          </section>
        </WhenNear>
      )}
      <CompareBar />
    </article>
  );
}

/** /product/{uid}: gallery, variants (colour × warranty) with their price, stock, condition, specs, add to cart. */
export default function ProductDetailPage() {
  const { t } = useTranslation(ns);
  const { params, title } = useRouteInfo();
  const uid = params.uid ?? '';
  // The data the server embedded beside the static hero (first load only): adopted before
  // useResource reads the cache, so the first render is the product, not the skeleton.
  useState(() => adoptEmbeddedProduct(uid));
  const { data, error, reload } = useResource(getProduct(uid));
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [uid]);
  if (error?.status === 404 || error?.status === 400) return <NotFound />;
  if (error && !data)
    return (
      <section>
        <h1 className="mb-4 text-xl font-bold text-slate-900">{title}</h1>
        <LoadError onRetry={reload} />
      </section>
    );
  if (!data || data.data.Uid !== uid) {
    return (
      // Tall enough that the footer stays below the fold until the page is there (no layout shift).
      <div className="grid min-h-[100dvh] content-start gap-6 lg:grid-cols-2" aria-busy="true" aria-label={t('loading')}>
        <h1 className="sr-only">{title}</h1>
        <div className="aspect-[4/3] animate-pulse rounded-2xl bg-slate-200/70" />
        <div className="space-y-3">
          <div className="h-6 w-3/4 animate-pulse rounded bg-slate-200/70" />
          <div className="h-6 w-1/2 animate-pulse rounded bg-slate-200/70" />
          <div className="h-24 animate-pulse rounded-xl bg-slate-200/70" />
        </div>
      </div>
    );
  }
  return <ProductView key={data.data.Uid} product={data.data} related={data.Related} />;
}
