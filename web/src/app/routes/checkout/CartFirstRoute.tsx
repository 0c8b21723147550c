import CartFirstPage from '@/features/checkout/components/CartFirstPage';
import { AddressFormSlot } from '@/features/checkout/components/addressFormSlot';
import { AddressForm } from '@/features/address/components/AddressForm';

/** The first-time cart page with the address book's form. */
export default function CartFirstRoute() {
  return (
    <AddressFormSlot.Provider value={AddressForm}>
      <CartFirstPage />
    </AddressFormSlot.Provider>
  );
}
