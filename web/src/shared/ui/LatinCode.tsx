/**
 * A code the customer, staff or a carrier types back exactly: an order's code, a tracking code,
 * a discount code. Printed as typed (Latin letters and digits, never turned into Persian digits)
 * and isolated left to right, so «سفارش K7Q2M9XD» reads the same on the invoice, in the SMS and
 * in every back-office list (docs/decisions.md "Order codes stay Latin").
 */
export function LatinCode({ children }: { children: string }) {
  return <bdi dir="ltr">{children}</bdi>;
}
