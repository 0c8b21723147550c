import { TextPage } from './TextPage';

export default function PrivacyPolicyPage() {
  return <TextPage name="privacy" />;
}
