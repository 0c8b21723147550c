import { createContext, type ComponentType } from 'react';

/** What the catalogue tells the heart: the product, and whether it sits on a small card. */
export interface FavouriteProps {
  uid: string;
  /** The product's name, for the button's label on a card among many. */
  name?: string;
  compact?: boolean;
}

/**
 * The favourite heart of product cards and the product page. The catalogue does not know the
 * favourites: the app shell provides the favourites feature's heart here (features may not
 * import each other).
 */
export const FavouriteSlot = createContext<ComponentType<FavouriteProps> | null>(null);
