import { createContext, type ComponentType } from 'react';

/**
 * What the invoice page shows after the sale (the official invoice, the units' warranty),
 * provided by the app from the warranty feature (features may not import each other).
 */
export const AfterSaleSlot = createContext<ComponentType<{ code: string; status: string }> | null>(null);
