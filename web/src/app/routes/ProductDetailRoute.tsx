import { lazy, Suspense, useEffect, useState } from 'react';
import ProductDetailPage from '@/features/catalog/components/ProductDetailPage';
import { AlertSlot, type AlertButtonProps } from '@/features/catalog/components/alertSlot';
import { CartButtonSlot } from '@/features/catalog/components/cartSlot';
import { ReviewsSlot } from '@/features/catalog/components/reviewsSlot';
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

/** The reviews and questions: a chunk of their own, loaded when the page asks (near the viewport). */
const ReviewsSection = lazy(() => import('@/features/reviews/components/ReviewsSection'));

/** The product page with the cart's add-to-cart button in its buy box, the alerts' button and the reviews (the heart comes from the shell). */
export default function ProductDetailRoute() {
  return (
    <CartButtonSlot.Provider value={AddToCartButton}>
      <AlertSlot.Provider value={LateAlertButton}>
        <ReviewsSlot.Provider value={ReviewsSection}>
          <ProductDetailPage />
        </ReviewsSlot.Provider>
      </AlertSlot.Provider>
    </CartButtonSlot.Provider>
  );
}
