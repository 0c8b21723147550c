import { TextPage } from './TextPage';

export default function AboutUsPage() {
  return <TextPage name="about" />;
}
