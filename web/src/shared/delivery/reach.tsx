/**
 * Where a product can be sent, before checkout: the server's `order/get/delivery/products`
 * answer (the spec's delivery rule, run by the core on the server) for the shopper's city — the
 * signed-in customer's profile city, none when signed out. Shown on the product page and on
 * each cart line, so a shopper learns before the last step that a product cannot reach them.
 */
import { useEffect, useState } from 'react';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { api, type components } from '@/shared/api';
import { isSignedInAtom, sessionAtom } from '@/shared/session/session';

export type ProductDelivery = components['schemas']['ProductDelivery'];

/** The shopper's city for delivery questions: the signed-in customer's, else empty. */
export function useShopperCity(): string {
  const signedIn = useAtomValue(isSignedInAtom);
  const user = useAtomValue(sessionAtom).user;
  return signedIn ? (user?.City ?? '').trim() : '';
}

/** Where each of `productIds` can be sent for the shopper's city; null until the answer is in (or when it failed). */
export function useProductDelivery(productIds: number[]): { city: string; reach: Map<number, ProductDelivery> | null } {
  const city = useShopperCity();
  const key = productIds.join(',');
  const [reach, setReach] = useState<Map<number, ProductDelivery> | null>(null);
  useEffect(() => {
    const ids = key ? key.split(',').map(Number) : [];
    if (ids.length === 0) {
      setReach(new Map());
      return;
    }
    let live = true;
    void api
      .POST('/api/client/v1/order/get/delivery/products', { body: { productids: ids, city } })
      .then(({ data }) => {
        if (live) setReach(data ? new Map(data.data.map((d) => [d.ProductId, d])) : null);
      })
      .catch(() => {
        if (live) setReach(null);
      });
    return () => {
      live = false;
    };
  }, [key, city]);
  return { city, reach };
}

/** One line saying where the product can be sent (nothing while the answer is not in, or when it failed). */
export function DeliveryReach({ reach, city, problemsOnly = false, className = '' }: {
  reach: ProductDelivery | undefined;
  city: string;
  /** Say nothing when it can be sent (the cart names only the lines that cannot). */
  problemsOnly?: boolean;
  className?: string;
}) {
  const { t } = useTranslation();
  if (!reach) return null;
  let state: 'ok' | 'none';
  let text: string;
  if (city) {
    state = reach.Options.length > 0 ? 'ok' : 'none';
    text = state === 'ok' ? t('delivery.toCity', { city }) : t('delivery.notToCity', { city });
  } else if (reach.Everywhere) {
    state = 'ok';
    text = t('delivery.everywhere');
  } else if (reach.Cities.length > 0) {
    state = 'ok';
    text = t('delivery.onlyCities', { cities: reach.Cities.join('، ') });
  } else {
    state = 'none';
    text = t('delivery.nowhere');
  }
  if (problemsOnly && state === 'ok') return null;
  return (
    <p className={`text-sm ${state === 'none' ? 'font-bold text-red-700' : 'text-slate-700'} ${className}`} data-testid="delivery-reach" data-state={state} role={state === 'none' ? 'alert' : undefined}>
      {text}
    </p>
  );
}
