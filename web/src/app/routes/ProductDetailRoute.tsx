import ProductDetailPage from '@/features/catalog/components/ProductDetailPage';
import { CartButtonSlot } from '@/features/catalog/components/cartSlot';
import { AddToCartButton } from '@/features/cart/components/AddToCartButton';

/** The product page with the cart's add-to-cart button in its buy box (the heart comes from the shell). */
export default function ProductDetailRoute() {
  return (
    <CartButtonSlot.Provider value={AddToCartButton}>
      <ProductDetailPage />
    </CartButtonSlot.Provider>
  );
}
