import { useAtomValue, useSetAtom } from 'jotai';
import { useMemo, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { isSignedInAtom, sessionRestoredAtom } from '@/shared/session/session';
import { RouteInfoContext, type RouteInfo } from '@/shared/hooks/routeInfo';
import { useDocumentTitle } from '@/shared/hooks/useDocumentTitle';
import { loginModalAtom } from '@/shared/state';
import { UserIcon } from '@/shared/ui/Icons';
import { EmptyState } from '@/shared/ui/EmptyState';
import { PageTitle } from '@/shared/ui/PageTitle';
import { parsePartialParams, type CompiledRoute } from '@/shared/routes/routeTable';

/** Shown on a route that needs sign-in while signed out: the title and a sign-in button. */
function SignInRequired({ title }: { title: string }) {
  const { t } = useTranslation();
  const openLogin = useSetAtom(loginModalAtom);
  return (
    <section data-testid="sign-in-required">
      <PageTitle>{title}</PageTitle>
      <EmptyState icon={<UserIcon />} message={t('auth.required')}>
        <button
          type="button"
          onClick={() => openLogin(true)}
          className="rounded-xl bg-brand-600 px-5 py-2.5 text-sm font-bold text-white transition hover:bg-brand-700"
        >
          {t('auth.signIn')}
        </button>
      </EmptyState>
    </section>
  );
}

function RequireAuth({ title, children }: { title: string; children: React.ReactNode }) {
  const restored = useAtomValue(sessionRestoredAtom);
  const signedIn = useAtomValue(isSignedInAtom);
  if (signedIn) return <>{children}</>;
  if (!restored) {
    return (
      <section aria-busy="true">
        <PageTitle>{title}</PageTitle>
        <div className="h-48 animate-pulse rounded-2xl bg-slate-200/60" />
      </section>
    );
  }
  return <SignInRequired title={title} />;
}

/** Wraps a page: route info for the page, document.title, and the sign-in gate. */
export function RouteFrame({ route, Page }: { route: CompiledRoute; Page: ComponentType }) {
  const { t } = useTranslation();
  const rawParams = useParams();
  const paramsKey = JSON.stringify(rawParams);
  const info = useMemo<RouteInfo>(
    () => ({
      name: route.name,
      title: route.title,
      layout: route.layout,
      requiresAuth: route.requiresAuth,
      params: parsePartialParams(route, JSON.parse(paramsKey) as Record<string, string>) ?? {},
    }),
    [route, paramsKey],
  );
  const isHome = route.name === 'home';
  useDocumentTitle(isHome ? t('app.homeTitle') : route.title, isHome);
  return (
    <RouteInfoContext.Provider value={info}>
      {route.requiresAuth ? (
        <RequireAuth title={route.title}>
          <Page />
        </RequireAuth>
      ) : (
        <Page />
      )}
    </RouteInfoContext.Provider>
  );
}
