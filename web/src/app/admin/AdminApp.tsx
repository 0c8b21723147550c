import { useEffect, useMemo, type ComponentType, type ReactNode } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { useParams, useRoutes, type RouteObject } from 'react-router';
import { api } from '@/shared/api/client';
import { settle } from '@/shared/api/outcome';
import { RouteInfoContext, type RouteInfo } from '@/shared/hooks/routeInfo';
import { useDocumentTitle } from '@/shared/hooks/useDocumentTitle';
import { useLoad } from '@/shared/hooks/useLoad';
import { compiledAdminRoutes, mayOpen, registerAdminPages } from '@/shared/routes/adminRouteTable';
import { paramValidators, parsePartialParams } from '@/shared/routes/routeTable';
import { isSignedInAtom, sessionAtom, sessionRestoredAtom } from '@/shared/session/session';
import { staffMeAtom, type StaffMe } from '@/shared/session/staffMe';
import { STAFF_TYPE } from '@/shared/session/useIsStaff';
import { loginModalAtom } from '@/shared/state';
import { ShieldIcon, UserIcon } from '@/shared/ui/Icons';
import { EmptyState } from '@/shared/ui/EmptyState';
import { PageTitle } from '@/shared/ui/PageTitle';
import { LoadError } from '@/shared/ui/Status';
import { lazyPage } from '@/app/lazyPage';
import { RouteErrorBoundary } from '@/app/RouteErrorBoundary';
import { AnimatedOutlet } from '@/app/PageTransition';
import { Header } from '@/app/layouts/Header';
import { SkipLink } from '@/app/layouts/Layouts';
import { adminPages } from './adminPages';
import { AdminMenu } from './AdminMenu';
import { ns } from './i18n';
import './admin.css';

const notFoundPage = lazyPage(() => import('@/shared/ui/NotFound'));
registerAdminPages(Object.keys(adminPages));

/** A message in place of a page (signed out, not staff, no role). */
function Notice({ title, icon, message, children }: { title: string; icon: ReactNode; message: string; children?: ReactNode }) {
  return (
    <section data-testid="admin-notice">
      <PageTitle>{title}</PageTitle>
      <EmptyState icon={icon} message={message}>
        {children}
      </EmptyState>
    </section>
  );
}

/** One admin page: its route info and title, shown only when the staff member's roles open it. */
function AdminPage({ route, Page, me }: { route: (typeof compiledAdminRoutes)[number]; Page: ComponentType; me: StaffMe }) {
  const { t } = useTranslation(ns);
  const rawParams = useParams();
  const key = JSON.stringify(rawParams);
  const info = useMemo<RouteInfo>(
    () => ({ name: route.name, title: route.title, layout: 'admin', requiresAuth: true, params: parsePartialParams(route, JSON.parse(key) as Record<string, string>) ?? {} }),
    [route, key],
  );
  useDocumentTitle(route.title, false);
  const validate = paramValidators[route.name];
  if (validate && !validate(info.params)) return <notFoundPage.Component />;
  if (!mayOpen(route, me.permitted)) return <Notice title={route.title} icon={<ShieldIcon />} message={t('noRole')} />;
  return (
    <RouteInfoContext.Provider value={info}>
      <Page />
    </RouteInfoContext.Provider>
  );
}

/** The back office's layout: the shop's header, the role-filtered menu, the page. */
function AdminLayout({ me, children }: { me: StaffMe | null; children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col" data-layout="admin">
      <SkipLink />
      <Header />
      <div className="mx-auto grid w-full max-w-7xl flex-1 grid-cols-[minmax(0,1fr)] gap-5 px-4 py-6 lg:grid-cols-[14rem_minmax(0,1fr)]">
        <aside className="min-w-0">{me && <AdminMenu permitted={me.permitted} />}</aside>
        <main id="main" className="min-w-0">
          {children}
        </main>
      </div>
    </div>
  );
}

function StaffRoutes({ me }: { me: StaffMe }) {
  const routes = useMemo<RouteObject[]>(
    () => [
      {
        element: <AnimatedOutlet />,
        children: [
          ...compiledAdminRoutes
            .filter((r) => r.name in adminPages)
            .map((r) => ({
              // Relative to the `/admin/*` route this app is mounted on.
              path: r.routerPath.replace(/^\/admin\/?/, '') || undefined,
              index: r.routerPath === '/admin' ? true : undefined,
              element: (
                <RouteErrorBoundary>
                  <AdminPage route={r} Page={lazyPage(adminPages[r.name]).Component} me={me} />
                </RouteErrorBoundary>
              ),
            })),
          { path: '*', element: <notFoundPage.Component /> },
        ],
      },
    ],
    [me],
  );
  return useRoutes(routes);
}

/** The signed-in staff member's roles (`staff/me`), shared with the pages through `staffMeAtom`. */
function WithStaff() {
  const { t } = useTranslation(ns);
  const setMe = useSetAtom(staffMeAtom);
  const [state, retry] = useLoad('admin-me', () => settle(() => api.POST('/api/admin/v1/staff/me')));
  useEffect(() => {
    setMe(state.kind === 'ok' ? state.data : null);
  }, [state, setMe]);
  if (state.kind === 'loading') return <AdminLayout me={null}><div className="h-48 animate-pulse rounded-2xl bg-slate-200/60" aria-busy="true" /></AdminLayout>;
  if (state.kind === 'failed') {
    return (
      <AdminLayout me={null}>
        {state.status === 403 ? <Notice title={t('title')} icon={<ShieldIcon />} message={state.message ?? t('staffOnly')} /> : <LoadError message={state.message} onRetry={retry} />}
      </AdminLayout>
    );
  }
  return (
    <AdminLayout me={state.data}>
      <StaffRoutes me={state.data} />
    </AdminLayout>
  );
}

/**
 * `/admin/*`: the back office, its own chunk (loaded only when someone opens it). Signed out:
 * the sign-in prompt; a customer: a plain message and no admin call (`requiresStaff`); staff:
 * the menu and pages their roles open. The server checks the role on every call as well.
 */
export default function AdminApp() {
  const { t } = useTranslation(ns);
  const restored = useAtomValue(sessionRestoredAtom);
  const signedIn = useAtomValue(isSignedInAtom);
  const type = useAtomValue(sessionAtom).user?.Type;
  const openLogin = useSetAtom(loginModalAtom);
  useDocumentTitle(t('title'), false);
  if (!signedIn) {
    return (
      <AdminLayout me={null}>
        {restored ? (
          <Notice title={t('title')} icon={<UserIcon />} message={t('signIn')}>
            <button type="button" onClick={() => openLogin(true)} className="rounded-xl bg-brand-600 px-5 py-2.5 text-sm font-bold text-white hover:bg-brand-700">
              {t('auth.signIn', { ns: 'translation' })}
            </button>
          </Notice>
        ) : (
          <div className="h-48 animate-pulse rounded-2xl bg-slate-200/60" aria-busy="true" />
        )}
      </AdminLayout>
    );
  }
  if (type !== STAFF_TYPE) {
    return (
      <AdminLayout me={null}>
        <Notice title={t('title')} icon={<ShieldIcon />} message={t('staffOnly')} />
      </AdminLayout>
    );
  }
  return <WithStaff />;
}
