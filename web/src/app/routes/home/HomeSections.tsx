import CatalogSections from '@/features/catalog/components/HomeSections';
import { BlogTeasers } from '@/features/content/components/BlogTeasers';

/** The home page's sections from the API (one lazy chunk): the catalogue's rows, then blog teasers. */
export default function HomeSections() {
  return (
    <>
      <CatalogSections />
      <BlogTeasers />
    </>
  );
}
