import { useAtomValue, useStore } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ns } from '../i18n';
import { toast } from '@/shared/ui/toast';
import { useLocation } from 'react-router';
import type { components } from '@/shared/api';
import { sessionRestoredAtom, signedInOnceRestored } from '@/shared/session/session';
import { useRequireSignIn } from '@/shared/session/useRequireSignIn';
import { formatCount, joinParts } from '@/shared/lib/format';
import { CartIcon } from '@/shared/ui/Icons';
import { PrefetchLink } from '@/shared/ui/PrefetchLink';
import { addToCart, quantityInCart } from '../api/cart';
import { cartAtom } from '../stores/cart';

/** The product page's add-to-cart button and, once the variant is in the cart, a link to it. */
export function AddToCartButton({ productId, productName, variant }: { productId: number; productName: string; variant: components['schemas']['VariantDto'] }) {
  const inStock = variant.InStock;
  const { t } = useTranslation(ns);
  const cart = useAtomValue(cartAtom);
  const store = useStore();
  const requireSignIn = useRequireSignIn();
  const { pathname } = useLocation();
  const [busy, setBusy] = useState(false);
  const inCart = quantityInCart(cart, variant.Id);

  const add = async () => {
    // Right after a page load the session may still be restoring (busy meanwhile).
    const restoring = !store.get(sessionRestoredAtom);
    if (restoring) setBusy(true);
    const signedIn = await signedInOnceRestored(store);
    if (restoring) setBusy(false);
    if (!signedIn) {
      // Spec section 2: the target is kept as redirectTo and the login popup opens.
      toast(t('add.signInToBuy'), { id: 'sign-in-to-buy' });
      requireSignIn(pathname);
      return;
    }
    setBusy(true);
    try {
      const out = await addToCart(store, {
        SupProductId: productId,
        SupProductIdDetail: variant.Id,
        Name: productName,
        Price: variant.Price,
        PriceGaranti: variant.PriceGaranti,
        NameGaranti: variant.NameGaranti,
        DG: variant.DG,
        Property: variant.Property,
        Color: variant.Color,
      });
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
