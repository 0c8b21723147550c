import { lazy } from 'react';
import ProductDetailPage from '@/features/catalog/components/ProductDetailPage';
import { CartButtonSlot } from '@/features/catalog/components/cartSlot';
import { ReviewsSlot } from '@/features/catalog/components/reviewsSlot';
import { AddToCartButton } from '@/features/cart/components/AddToCartButton';

/** The reviews and questions: a chunk of their own, loaded when the page asks (near the viewport). */
const ReviewsSection = lazy(() => import('@/features/reviews/components/ReviewsSection'));

/** The product page with the cart's add-to-cart button in its buy box (the heart comes from the shell). */
export default function ProductDetailRoute() {
  return (
    <CartButtonSlot.Provider value={AddToCartButton}>
      <ReviewsSlot.Provider value={ReviewsSection}>
        <ProductDetailPage />
      </ReviewsSlot.Provider>
    </CartButtonSlot.Provider>
  );
}
