import { createContext, type ComponentType } from 'react';
import type { Address } from '@/shared/api/address';

/** What the checkout pages ask of an address form. */
export interface CheckoutAddressFormProps {
  /** Called with the new address's id and the whole address book. */
  onSaved: (id: number, book: Address[]) => void;
  submitLabel: string;
}

/**
 * The new-address form of the checkout pages. Checkout does not own the address book: the app
 * provides the address feature's form here (features may not import each other), so checkout
 * and the profile's address book share one form.
 */
export const AddressFormSlot = createContext<ComponentType<CheckoutAddressFormProps> | null>(null);
