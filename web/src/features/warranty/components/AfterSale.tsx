import { OfficialInvoicePanel } from './OfficialInvoicePanel';
import { WarrantyUnits } from './WarrantyUnits';

/** What the invoice page shows after the sale: the official invoice and the units' warranty. */
export function AfterSale({ code, status }: { code: string; status: string }) {
  const closed = status === 'cancelled' || status === 'expired';
  const shipped = status === 'shipped' || status === 'delivered';
  return (
    <>
      <OfficialInvoicePanel code={code} closed={closed} />
      {shipped && <WarrantyUnits code={code} />}
    </>
  );
}
