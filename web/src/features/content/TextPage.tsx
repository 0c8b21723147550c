import { useRouteInfo } from '@/shared/hooks/routeInfo';
import { PageTitle } from '@/shared/ui/PageTitle';

/** A content page made of Persian paragraphs from fa.json. */
export function TextPage({ paragraphs }: { paragraphs: string[] }) {
  const { title } = useRouteInfo();
  return (
    <article className="rounded-2xl bg-white p-5 shadow-sm md:p-8">
      <PageTitle>{title}</PageTitle>
      <div className="space-y-4 leading-8 text-slate-700">
        {paragraphs.map((p) => (
          <p key={p}>{p}</p>
        ))}
      </div>
    </article>
  );
}
