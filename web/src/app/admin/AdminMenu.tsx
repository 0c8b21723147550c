import { useTranslation } from 'react-i18next';
import { menuRoutes } from '@/shared/routes/adminRouteTable';
import { PrefetchNavLink } from '@/shared/ui/PrefetchLink';
import { ns } from './i18n';

/** The back office's side menu: only the pages whose role the server says this staff member holds. */
export function AdminMenu({ permitted }: { permitted: readonly string[] }) {
  const { t } = useTranslation(ns);
  const items = menuRoutes(permitted);
  return (
    <nav aria-label={t('menu')} data-testid="admin-menu">
      <ul className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 lg:mx-0 lg:flex-col lg:gap-1 lg:overflow-visible lg:rounded-2xl lg:bg-white lg:p-3 lg:shadow-sm">
        {items.map((r) => (
          <li key={r.name} className="shrink-0">
            <PrefetchNavLink
              to={r.path}
              end={r.path === '/admin'}
              className={({ isActive }) =>
                `block rounded-xl px-3 py-2 text-sm whitespace-nowrap transition ${
                  isActive ? 'bg-brand-50 font-bold text-brand-700' : 'bg-white text-slate-700 hover:bg-slate-100 lg:bg-transparent'
                }`
              }
            >
              {r.title}
            </PrefetchNavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
