import { TextPage } from './TextPage';

export default function TermsOfUsePage() {
  return <TextPage name="terms" />;
}
