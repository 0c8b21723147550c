import { useAtomValue, useSetAtom, useStore } from 'jotai';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ns } from '../i18n';
import { toast } from '@/shared/ui/toast';
import { coreIfLoaded, type Core } from '@/shared/core';
import { formatCount } from '@/shared/lib/format';
import { CartIcon, CheckIcon, MinusIcon, PlusIcon, TrashIcon } from '@/shared/ui/Icons';
import { PageTitle } from '@/shared/ui/PageTitle';
import { PrefetchLink } from '@/shared/ui/PrefetchLink';
import { SimplePage } from '@/shared/ui/SimplePage';
import { useRouteInfo } from '@/shared/hooks/routeInfo';
import { useCore } from '@/shared/core/useCore';
import { isSignedInAtom, sessionRestoredAtom } from '@/shared/session/session';
import { loginModalAtom } from '@/shared/state';
import { deleteLine, loadCart, setQuantity, updateTotalPrice, type CartLine, type CartOutcome } from '../api/cart';
import { catalogueProduct, loadAccountCart } from '../api/localCart';
import { cartAtom } from '../stores/cart';
import { localCartAtom, MAX_QUANTITY, removeLocal, setLocalQuantity, type LocalLine } from '../stores/localCart';
import { DeliveryReach, useProductDelivery, type ProductDelivery } from '@/shared/delivery/reach';
import { MixedText } from '@/shared/ui/MixedText';
import { InstalmentComparison } from '@/shared/instalment/InstalmentComparison';
import { OpenedDetails } from '@/shared/ui/OpenedDetails';

/** The catalogue's first picture of the product (its public image route, by product id). */
const picture = (productId: number, width: 320 | 640) => `/api/client/v1/catalog/images/${productId}-0-${width}.webp`;

type Load = 'loading' | 'ready' | 'failed';

function Price({ toman, core }: { toman: number; core: Core }) {
  return <>{core.formatPrice(toman)}</>;
}

function Line({ line, core, busy, onQuantity, onRemove, reach, city }: {
  line: CartLine;
  core: Core;
  /** Where the line's product can be sent (undefined until known). */
  reach: ProductDelivery | undefined;
  city: string;
  busy: boolean;
  onQuantity: (line: CartLine, num: number) => void;
  onRemove: (line: CartLine) => void;
}) {
  const { t } = useTranslation(ns);
  return (
    <li className="flex gap-3 rounded-2xl bg-white p-3 shadow-sm" data-testid="cart-line" data-line={line.Id}>
      <img
        src={picture(line.SupProductId, 320)}
        srcSet={`${picture(line.SupProductId, 320)} 1x, ${picture(line.SupProductId, 640)} 2x`}
        alt={t('page.picture', { name: line.Name })}
        width={80}
        height={60}
        loading="lazy"
        className="h-16 w-20 shrink-0 rounded-lg bg-slate-100 object-contain"
      />
      <div className="min-w-0 flex-1 space-y-1.5">
        <h2 className="text-sm leading-6 font-bold text-slate-900" data-testid="line-name">
          <MixedText text={line.Name} core={core} />
        </h2>
        <p className="text-xs text-slate-600" data-testid="line-color">
          {t('page.color', { color: line.Color })}
        </p>
        <p className="text-xs text-slate-600" data-testid="line-warranty">
          {line.NameGaranti ? t('page.warranty', { name: line.NameGaranti }) : t('page.noWarranty')}
        </p>
        <DeliveryReach reach={reach} city={city} problemsOnly className="text-xs" />
        <dl className="grid grid-cols-[auto_1fr] gap-x-2 gap-y-0.5 text-xs">
          <dt className="text-slate-500">{t('page.unitPrice')}</dt>
          <dd className="text-slate-800" data-testid="line-price">
            <Price toman={line.Price} core={core} />
          </dd>
          <dt className="text-slate-500">{t('page.warrantyPrice')}</dt>
          <dd className="text-slate-800" data-testid="line-warranty-price">
            <Price toman={line.PriceGaranti} core={core} />
          </dd>
          <dt className="text-slate-500">{t('page.lineTotal')}</dt>
          <dd className="font-bold text-slate-900" data-testid="line-total">
            <Price toman={core.lineTotal(line)} core={core} />
          </dd>
        </dl>
        <div className="flex items-center justify-between gap-2 pt-1">
          <div className="flex items-center gap-1" role="group" aria-label={t('page.quantity')}>
            <button
              type="button"
              onClick={() => onQuantity(line, line.Num + 1)}
              disabled={busy || line.Num >= MAX_QUANTITY}
              aria-label={t('page.increase', { name: line.Name })}
              className="flex h-9 w-9 items-center justify-center rounded-lg border border-slate-200 text-brand-700 disabled:opacity-40"
            >
              <PlusIcon className="h-4 w-4" />
            </button>
            <output className="min-w-8 text-center font-bold text-slate-900" data-testid="line-quantity" aria-live="polite">
              {formatCount(line.Num)}
            </output>
            <button
              type="button"
              onClick={() => onQuantity(line, line.Num - 1)}
              disabled={busy || line.Num <= 1}
              aria-label={t('page.decrease', { name: line.Name })}
              className="flex h-9 w-9 items-center justify-center rounded-lg border border-slate-200 text-brand-700 disabled:opacity-40"
            >
              <MinusIcon className="h-4 w-4" />
            </button>
          </div>
          <button
            type="button"
            onClick={() => onRemove(line)}
            disabled={busy}
            aria-label={t('page.remove', { name: line.Name })}
            className="flex h-9 items-center gap-1 rounded-lg px-2 text-xs font-bold text-red-700 hover:bg-red-50 disabled:opacity-40"
          >
            <TrashIcon className="h-4 w-4" />
          </button>
        </div>
      </div>
    </li>
  );
}

function CartSkeleton() {
  const { t } = useTranslation(ns);
  const { title } = useRouteInfo();
  return (
    <section aria-labelledby="page-title" aria-busy="true">
      <PageTitle>
        <span id="page-title">{title}</span>
      </PageTitle>
      <p className="sr-only">{t('page.loading')}</p>
      <div className="space-y-3">
        {[1, 2].map((i) => (
          <div key={i} className="h-36 animate-pulse rounded-2xl bg-slate-200/70" />
        ))}
      </div>
    </section>
  );
}

/**
 * /profile/cart (spec section 4 "Cart"): signed in, the account's open cart; signed out, the
 * cart kept in this browser, with a sign-in button instead of checkout (its lines are merged
 * into the account at sign-in, and the shopper stays on this page).
 */
export default function CartPage() {
  const signedIn = useAtomValue(isSignedInAtom);
  const restored = useAtomValue(sessionRestoredAtom);
  if (signedIn) return <AccountCart />;
  if (!restored) return <CartSkeleton />;
  return <BrowserCart />;
}

/** The catalogue's answer for one product of the browser cart ('error': not reached). */
type Answer = Awaited<ReturnType<typeof catalogueProduct>> | 'error';

/** A browser-cart line as the catalogue prices it today. */
type Priced = { kind: 'ok'; line: CartLine } | { kind: 'gone'; name: string } | { kind: 'failed' };

function priced(local: LocalLine, product: Awaited<ReturnType<typeof catalogueProduct>>): Priced {
  if (!product.ok) return product.status === 404 ? { kind: 'gone', name: local.name } : { kind: 'failed' };
  const p = product.data.data;
  const v = p.Id === local.productId ? p.Variants.find((x) => x.Id === local.variantId) : undefined;
  if (!v) return { kind: 'gone', name: p.Name };
  return {
    kind: 'ok',
    line: {
      // The browser cart has no line ids: the variant stands for its line.
      Id: local.variantId,
      OrderId: 0,
      SupProductId: p.Id,
      SupProductIdDetail: v.Id,
      Num: local.num,
      Name: p.Name,
      Price: v.Price,
      PriceGaranti: v.PriceGaranti,
      NameGaranti: v.NameGaranti,
      DG: v.DG,
      Property: v.Property,
      Color: v.Color,
      InsPayment: v.InsPayment,
    },
  };
}

/**
 * The signed-out cart: the lines kept in this browser, named and priced from the catalogue
 * (today's prices, shown only: the server prices the lines again once they are merged). A line
 * whose product or variant the shop no longer sells is removed, and the shopper told.
 */
function BrowserCart() {
  const { t } = useTranslation(ns);
  const { title } = useRouteInfo();
  const store = useStore();
  const local = useAtomValue(localCartAtom);
  const openLogin = useSetAtom(loginModalAtom);
  const core = useCore();
  const [products, setProducts] = useState<Map<string, Answer>>(new Map());
  const [attempt, setAttempt] = useState(0);
  const uids = useMemo(() => [...new Set(local.map((l) => l.uid))], [local]);
  const uidKey = uids.join(',');

  useEffect(() => {
    let alive = true;
    const wanted = uidKey ? uidKey.split(',') : [];
    Promise.all(
      wanted.map((uid) =>
        catalogueProduct(uid).then(
          (r): [string, Answer] => [uid, r],
          (): [string, Answer] => [uid, 'error'],
        ),
      ),
    ).then((answers) => {
      if (alive) setProducts(new Map(answers));
    });
    return () => {
      alive = false;
    };
  }, [uidKey, attempt]);

  const rows = local.map((l) => {
    const product = products.get(l.uid);
    if (product === undefined) return { local: l, state: null };
    return { local: l, state: product === 'error' ? ({ kind: 'failed' } as const) : priced(l, product) };
  });
  const gone = rows.filter((r) => r.state?.kind === 'gone');
  const goneKey = gone.map((r) => r.local.variantId).join(',');

  useEffect(() => {
    if (!goneKey) return;
    for (const r of gone) if (r.state?.kind === 'gone') toast.error(t('page.gone', { name: r.state.name }), { id: `cart-gone-${r.local.variantId}` });
    removeLocal(store, gone.map((r) => r.local.variantId));
    // `gone` is derived from goneKey's lines.
  }, [goneKey, store, t]);

  if (local.length === 0) {
    return <SimplePage icon={<CartIcon />} message={t('translation:empty.cart')} action={{ to: '/shop', label: t('translation:empty.goShop') }} />;
  }
  if (rows.some((r) => r.state?.kind === 'failed')) {
    return (
      <SimplePage icon={<CartIcon />} message={t('page.loadFailed')}>
        <button type="button" onClick={() => setAttempt((n) => n + 1)} className="rounded-xl bg-brand-600 px-5 py-2.5 font-bold text-white">
          {t('page.retry')}
        </button>
      </SimplePage>
    );
  }
  const lines = rows.flatMap((r) => (r.state?.kind === 'ok' ? [r.state.line] : []));
  if (!core || rows.some((r) => r.state === null) || lines.length === 0) return <CartSkeleton />;

  const instalment = core.instalmentEligible(lines);
  return (
    <section aria-labelledby="page-title" className="pb-24 lg:pb-0">
      <PageTitle>
        <span id="page-title">{title}</span>
      </PageTitle>
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_18rem] lg:items-start">
        <ul className="space-y-3" aria-label={t('page.lines')}>
          {lines.map((line) => (
            <Line
              key={line.Id}
              line={line}
              core={core}
              busy={false}
              onQuantity={(l, num) => setLocalQuantity(store, l.SupProductIdDetail, num)}
              onRemove={(l) => removeLocal(store, [l.SupProductIdDetail])}
              reach={undefined}
              city=""
            />
          ))}
        </ul>
        <aside
          aria-label={t('page.summary')}
          className="fixed inset-x-0 bottom-0 z-30 space-y-2 border-t border-slate-200 bg-white/95 px-4 pt-3 pb-[calc(0.75rem+env(safe-area-inset-bottom))] shadow-[0_-4px_16px_rgba(15,23,42,0.08)] backdrop-blur lg:static lg:z-auto lg:rounded-2xl lg:border lg:p-4 lg:shadow-sm"
          data-testid="cart-summary"
        >
          <dl className="grid grid-cols-[1fr_auto] gap-y-1 text-sm">
            <dt className="text-slate-600">{t('page.count')}</dt>
            <dd data-testid="cart-count">{t('page.countValue', { n: formatCount(core.cartCount(lines)) })}</dd>
            <dt className="font-bold text-slate-900">{t('page.total')}</dt>
            <dd className="font-bold text-slate-900" data-testid="cart-total">
              <Price toman={core.orderTotal(lines)} core={core} />
            </dd>
          </dl>
          {instalment && (
            <p className="flex items-center gap-1 text-xs font-bold text-emerald-700" data-testid="instalment-badge">
              <CheckIcon className="h-4 w-4" />
              {t('page.instalment')}
            </p>
          )}
          <p className="text-xs leading-6 text-slate-600" data-testid="local-cart-note">
            {t('page.localNote')}
          </p>
          <button
            type="button"
            onClick={() => openLogin(true)}
            className="flex h-12 w-full items-center justify-center rounded-xl bg-brand-600 font-bold text-white transition hover:bg-brand-700"
            data-testid="cart-sign-in"
          >
            {t('page.signInToContinue')}
          </button>
        </aside>
      </div>
    </section>
  );
}

/**
 * The account's cart: the lines with picture, colour, warranty and prices; quantity edits
 * through order/edit/product ('not' names the product that is short); deletes through
 * order/delete/product, then the cart is reloaded. The totals come from the server; the
 * instalment badge shows when the core says every line allows it. Opening it merges what this
 * browser still keeps (a merge that could not run at sign-in runs here).
 */
function AccountCart() {
  const { t } = useTranslation(ns);
  const { title } = useRouteInfo();
  const store = useStore();
  const cart = useAtomValue(cartAtom);
  const [load, setLoad] = useState<Load>('loading');
  const [busy, setBusy] = useState(false);
  /** The kept discount code was taken off by the last edit: the server's sentence saying why. */
  const [discountNotice, setDiscountNotice] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  // Lines whose product cannot be sent to the customer's city say so here, before checkout.
  const delivery = useProductDelivery([...new Set(cart.lines.map((l) => l.SupProductId))]);

  useEffect(() => {
    let alive = true;
    setLoad('loading');
    loadAccountCart(store).then((loaded) => {
      if (alive) setLoad(loaded ? 'ready' : 'failed');
    });
    return () => {
      alive = false;
    };
  }, [store, attempt]);

  // The cart's answer is turned into state with the core loaded, so it is here by now.
  const core = coreIfLoaded();

  const run = async (action: () => Promise<CartOutcome>, onOk?: () => Promise<unknown>) => {
    setBusy(true);
    try {
      const out = await action();
      if (out.ok) await onOk?.();
      return out;
    } catch {
      return null; // the HTTP client has told the user the server could not be reached
    } finally {
      setBusy(false);
    }
  };

  const changeQuantity = async (line: CartLine, num: number) => {
    if (num < 1 || num > MAX_QUANTITY) return;
    const out = await run(() => setQuantity(store, line, num));
    if (out?.ok && out.notice) setDiscountNotice(out.notice);
    if (!out || out.ok) return;
    if (out.business === 'not') toast.error(out.message || t('page.notAvailable', { name: line.Name }), { id: 'cart-edit' });
    else toast.error(t('page.editFailed'), { id: 'cart-edit' });
  };

  const remove = async (line: CartLine) => {
    const out = await run(
      () => deleteLine(store, line),
      // Spec: after a successful delete the total is updated and the cart reloaded.
      async () => {
        await updateTotalPrice(store, line.OrderId);
        await loadCart(store);
      },
    );
    if (!out) return;
    if (out.ok && out.notice) setDiscountNotice(out.notice);
    if (out.ok) toast.success(t('page.removed'), { id: 'cart-edit' });
    else toast.error(t('page.editFailed'), { id: 'cart-edit' });
  };

  if ((load === 'loading' && cart.lines.length === 0) || (cart.lines.length > 0 && !core)) return <CartSkeleton />;
  if (load === 'failed' && cart.lines.length === 0) {
    return (
      <SimplePage icon={<CartIcon />} message={t('page.loadFailed')}>
        <button type="button" onClick={() => setAttempt((n) => n + 1)} className="rounded-xl bg-brand-600 px-5 py-2.5 font-bold text-white">
          {t('page.retry')}
        </button>
      </SimplePage>
    );
  }
  if (cart.lines.length === 0 || !core) {
    // Loaded, and really empty.
    return (
      <SimplePage
        icon={<CartIcon />}
        message={t('translation:empty.cart')}
        action={{ to: '/shop', label: t('translation:empty.goShop') }}
      />
    );
  }

  const instalment = core.instalmentEligible(cart.lines);
  return (
    <section aria-labelledby="page-title" className="pb-24 lg:pb-0">
      <PageTitle>
        <span id="page-title">{title}</span>
      </PageTitle>
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_18rem] lg:items-start">
        <div className="min-w-0 space-y-3">
          <ul className="space-y-3" aria-label={t('page.lines')}>
            {cart.lines.map((line) => (
              <Line
                key={line.Id}
                line={line}
                core={core}
                busy={busy}
                onQuantity={changeQuantity}
                onRemove={remove}
                reach={delivery.reach?.get(line.SupProductId)}
                city={delivery.city}
              />
            ))}
          </ul>
          {instalment && <InstalmentCompareBox total={cart.finalPrice} />}
        </div>
        <aside
          aria-label={t('page.summary')}
          className="fixed inset-x-0 bottom-0 z-30 space-y-2 border-t border-slate-200 bg-white/95 px-4 pt-3 pb-[calc(0.75rem+env(safe-area-inset-bottom))] shadow-[0_-4px_16px_rgba(15,23,42,0.08)] backdrop-blur lg:static lg:z-auto lg:rounded-2xl lg:border lg:p-4 lg:shadow-sm"
          data-testid="cart-summary"
        >
          {discountNotice && (
            <p role="alert" className="rounded-xl bg-amber-50 p-2 text-xs leading-6 text-amber-900" data-testid="discount-notice">
              {discountNotice}
            </p>
          )}
          {cart.discountCode && (
            <p className="text-xs leading-6 text-emerald-800" data-testid="cart-discount-code">
              {t('page.discountKept', { code: cart.discountCode })}
            </p>
          )}
          <dl className="grid grid-cols-[1fr_auto] gap-y-1 text-sm">
            <dt className="text-slate-600">{t('page.count')}</dt>
            <dd data-testid="cart-count">{t('page.countValue', { n: formatCount(cart.count) })}</dd>
            <dt className="text-slate-600">{t('page.total')}</dt>
            <dd data-testid="cart-total">
              <Price toman={cart.orderTotalPrice} core={core} />
            </dd>
            <dt className="font-bold text-slate-900">{t('page.payable')}</dt>
            <dd className="font-bold text-slate-900" data-testid="cart-payable">
              <Price toman={cart.finalPrice} core={core} />
            </dd>
          </dl>
          {instalment && (
            <p className="flex items-center gap-1 text-xs font-bold text-emerald-700" data-testid="instalment-badge">
              <CheckIcon className="h-4 w-4" />
              {t('page.instalment')}
            </p>
          )}
          <PrefetchLink
            to="/profile/cart/order-register"
            className="flex h-12 items-center justify-center rounded-xl bg-brand-600 font-bold text-white transition hover:bg-brand-700"
            data-testid="cart-continue"
          >
            {t('page.continue')}
          </PrefetchLink>
        </aside>
      </div>
    </section>
  );
}

/** The plans side by side for the cart's payable before delivery; computed when opened. */
function InstalmentCompareBox({ total }: { total: number }) {
  const { t } = useTranslation();
  return (
    <OpenedDetails
      className="rounded-2xl bg-white p-4 shadow-sm"
      summaryClassName="cursor-pointer font-bold text-slate-900"
      summary={t('instalment.compare')}
      testId="cart-instalment-box"
    >
      {() => (
        <div className="mt-3 space-y-2">
          <p className="text-xs leading-6 text-slate-600">{t('instalment.beforeDelivery')}</p>
          <InstalmentComparison total={total} />
        </div>
      )}
    </OpenedDetails>
  );
}
