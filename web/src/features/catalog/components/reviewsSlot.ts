import { createContext, type ComponentType } from 'react';

/**
 * The product page's reviews and questions section. The catalogue does not know reviews: the
 * app's product route provides the reviews feature's section here, as a lazy component (its
 * own chunk), and the page renders it when it comes near the viewport.
 */
export const ReviewsSlot = createContext<ComponentType<{ uid: string }> | null>(null);
