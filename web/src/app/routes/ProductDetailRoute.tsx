import { lazy, Suspense, useEffect, useState } from 'react';
import ProductDetailPage from '@/features/catalog/components/ProductDetailPage';
import { AlertSlot, type AlertButtonProps } from '@/features/catalog/components/alertSlot';
import { CartButtonSlot } from '@/features/catalog/components/cartSlot';
import { AddToCartButton } from '@/features/cart/components/AddToCartButton';
import { hasInteracted, onFirstInteraction } from '@/shared/lib/firstInteraction';

const AlertButton = lazy(() => import('@/features/alerts/components/AlertButton'));

/** The alerts' «خبرم کن», loaded on the first interaction (it needs the WASM core, which comes then too). */
function LateAlertButton(props: AlertButtonProps) {
  const [wanted, setWanted] = useState(hasInteracted);
  useEffect(() => (wanted ? undefined : onFirstInteraction(() => setWanted(true))), [wanted]);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <AlertButton {...props} />
    </Suspense>
  );
}

/** The product page with the cart's add-to-cart button in its buy box and the alerts' button (the heart comes from the shell). */
export default function ProductDetailRoute() {
  return (
    <CartButtonSlot.Provider value={AddToCartButton}>
      <AlertSlot.Provider value={LateAlertButton}>
        <ProductDetailPage />
      </AlertSlot.Provider>
    </CartButtonSlot.Provider>
  );
}
