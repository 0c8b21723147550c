import { PaymentResultPage } from './PaymentResultPage';

export default function SuccessPaymentPage() {
  return <PaymentResultPage expect="success" />;
}
