import ProductDetailPage from '@/features/catalog/components/ProductDetailPage';
import { CartButtonSlot } from '@/features/catalog/components/cartSlot';
import { FavouriteSlot } from '@/features/catalog/components/favouriteSlot';
import { AddToCartButton } from '@/features/cart/components/AddToCartButton';
import { FavouriteButton } from '@/features/favourites/components/FavouriteButton';

/** The product page with the cart's add-to-cart button in its buy box and the favourites' heart. */
export default function ProductDetailRoute() {
  return (
    <CartButtonSlot.Provider value={AddToCartButton}>
      <FavouriteSlot.Provider value={FavouriteButton}>
        <ProductDetailPage />
      </FavouriteSlot.Provider>
    </CartButtonSlot.Provider>
  );
}
