import { createContext, type ComponentType } from 'react';
import type { components } from '@/shared/api';

/** What the product page tells the alert button about the chosen variant. */
export interface AlertButtonProps {
  variant: components['schemas']['VariantDto'];
}

/**
 * «موجود شد خبرم کن» / «ارزان شد خبرم کن» under the stock line of the product page. The catalogue
 * does not know alerts: the app provides the alerts feature's button here (lazily, on the first
 * interaction), as it does the cart's button.
 */
export const AlertSlot = createContext<ComponentType<AlertButtonProps> | null>(null);
