import { createContext, type ComponentType } from 'react';

/**
 * The favourite heart of the product page. The catalogue does not know the favourites: the app
 * provides the favourites feature's heart here (features may not import each other).
 */
export const FavouriteSlot = createContext<ComponentType<{ uid: string }> | null>(null);
