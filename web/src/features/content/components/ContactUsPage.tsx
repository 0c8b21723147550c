import { TextPage } from './TextPage';

export default function ContactUsPage() {
  return <TextPage name="contact" />;
}
