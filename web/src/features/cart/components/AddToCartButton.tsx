import { useAtomValue, useStore } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ns } from '../i18n';
import { toast } from '@/shared/ui/toast';
import type { components } from '@/shared/api';
import { isSignedInAtom, sessionRestoredAtom, signedInOnceRestored } from '@/shared/session/session';
import { formatCount, joinParts } from '@/shared/lib/format';
import { CartIcon } from '@/shared/ui/Icons';
import { PrefetchLink } from '@/shared/ui/PrefetchLink';
import { addToCart, quantityInCart } from '../api/cart';
import { cartAtom } from '../stores/cart';
import { addLocal, localCartAtom, MAX_LOCAL_LINES, MAX_QUANTITY } from '../stores/localCart';

/**
 * The product page's add-to-cart button and, once the variant is in the cart, a link to it.
 * Signed out, the variant goes to the cart kept in this browser (merged into the account at
 * sign-in); signed in, to the account's open cart.
 */
export function AddToCartButton({ productId, productUid, productName, variant }: { productId: number; productUid: string; productName: string; variant: components['schemas']['VariantDto'] }) {
  const inStock = variant.InStock;
  const { t } = useTranslation(ns);
  const cart = useAtomValue(cartAtom);
  const local = useAtomValue(localCartAtom);
  const signedIn = useAtomValue(isSignedInAtom);
  const store = useStore();
  const [busy, setBusy] = useState(false);
  const inCart = signedIn ? quantityInCart(cart, variant.Id) : (local.find((l) => l.variantId === variant.Id)?.num ?? 0);

  const add = async () => {
    // Right after a page load the session may still be restoring (busy meanwhile).
    const restoring = !store.get(sessionRestoredAtom);
    if (restoring) setBusy(true);
    const signedInNow = await signedInOnceRestored(store);
    if (restoring) setBusy(false);
    if (!signedInNow) {
      const out = addLocal(store, { uid: productUid, productId, variantId: variant.Id, name: productName });
      if (out === 'added') toast.success(t('add.added'), { id: 'cart-added' });
      else if (out === 'full') toast.error(t('add.full', { n: formatCount(MAX_LOCAL_LINES) }), { id: 'cart-failed' });
      else toast.error(t('add.max', { n: formatCount(MAX_QUANTITY) }), { id: 'cart-failed' });
      return;
    }
    setBusy(true);
    try {
      const out = await addToCart(store, { SupProductId: productId, SupProductIdDetail: variant.Id });
      if (out.ok) toast.success(t('add.added'), { id: 'cart-added' });
      else toast.error(out.message || t('add.addFailed'), { id: 'cart-failed' });
    } catch {
      /* the HTTP client has told the user the server could not be reached */
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="flex shrink-0 flex-col items-end gap-1 lg:items-stretch">
      <button
        type="button"
        onClick={add}
        disabled={!inStock || busy}
        className="flex h-12 items-center justify-center gap-2 rounded-xl bg-brand-600 px-5 font-bold text-white transition hover:bg-brand-700 disabled:cursor-not-allowed disabled:bg-slate-300"
        data-testid="add-to-cart"
      >
        <CartIcon className="h-5 w-5" />
        {busy ? t('add.adding') : inStock ? t('add.addToCart') : t('add.outOfStock')}
      </button>
      {inCart > 0 && (
        <PrefetchLink to="/profile/cart" className="text-xs font-bold text-brand-700 hover:underline" data-testid="in-cart">
          {joinParts([t('add.inCart', { n: formatCount(inCart) }), t('add.goToCart')])}
        </PrefetchLink>
      )}
    </div>
  );
}
