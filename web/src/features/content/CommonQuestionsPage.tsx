import { useTranslation } from 'react-i18next';
import { useRouteInfo } from '@/shared/hooks/routeInfo';
import { PageTitle } from '@/shared/ui/PageTitle';

export default function CommonQuestionsPage() {
  const { t } = useTranslation();
  const { title } = useRouteInfo();
  const faq = t('content.faq', { returnObjects: true }) as { q: string; a: string }[];
  return (
    <section className="rounded-2xl bg-white p-5 shadow-sm md:p-8">
      <PageTitle>{title}</PageTitle>
      <div className="divide-y divide-slate-100">
        {faq.map((item) => (
          <details key={item.q} className="group py-3">
            <summary className="cursor-pointer list-none font-bold text-slate-800 marker:hidden">
              {item.q}
            </summary>
            <p className="mt-2 leading-8 text-slate-600">{item.a}</p>
          </details>
        ))}
      </div>
    </section>
  );
}
