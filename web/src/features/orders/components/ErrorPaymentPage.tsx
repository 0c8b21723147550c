import { PaymentResultPage } from './PaymentResultPage';

export default function ErrorPaymentPage() {
  return <PaymentResultPage expect="error" />;
}
