import { useRouteInfo } from '@/shared/hooks/routeInfo';
import { PageTitle } from '@/shared/ui/PageTitle';
import { ProductPicturesPanel } from './ProductPicturesPanel';

/** /admin/catalog/products/:uid/pictures: the pictures panel on its own (before the product editor embeds it). */
export default function PicturesPage() {
  const route = useRouteInfo();
  const uid = route.params.uid ?? '';
  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-5">
      <PageTitle>
        <span id="page-title">{route.title}</span>
      </PageTitle>
      <p className="text-sm text-slate-700">
        <bdi dir="ltr">{uid}</bdi>
      </p>
      <ProductPicturesPanel uid={uid} />
    </section>
  );
}
