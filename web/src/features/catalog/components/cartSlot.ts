import { createContext, type ComponentType } from 'react';
import type { components } from '@/shared/api';

/** What the product page tells the cart's button about the chosen variant. */
export interface CartButtonProps {
  productId: number;
  /** The product's public uid (the cart kept in the browser before sign-in reads it back by it). */
  productUid: string;
  productName: string;
  variant: components['schemas']['VariantDto'];
}

/**
 * The add-to-cart control of the product page. The catalogue does not know the cart: the app
 * provides the cart feature's button here (features may not import each other).
 */
export const CartButtonSlot = createContext<ComponentType<CartButtonProps> | null>(null);
