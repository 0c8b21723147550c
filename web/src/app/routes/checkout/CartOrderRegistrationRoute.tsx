import CartOrderRegistrationPage from '@/features/checkout/components/CartOrderRegistrationPage';
import { AddressFormSlot } from '@/features/checkout/components/addressFormSlot';
import { AddressForm } from '@/features/address/components/AddressForm';

/** Order registration with the address book's form for a new delivery address. */
export default function CartOrderRegistrationRoute() {
  return (
    <AddressFormSlot.Provider value={AddressForm}>
      <CartOrderRegistrationPage />
    </AddressFormSlot.Provider>
  );
}
