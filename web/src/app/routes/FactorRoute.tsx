import InvoicePage from '@/features/orders/components/InvoicePage';
import { AfterSaleSlot } from '@/features/orders/components/slots';
import { AfterSale } from '@/features/warranty/components/AfterSale';

/** The invoice page with the warranty feature's official invoice and warranty list. */
export default function FactorRoute() {
  return (
    <AfterSaleSlot.Provider value={AfterSale}>
      <InvoicePage />
    </AfterSaleSlot.Provider>
  );
}
