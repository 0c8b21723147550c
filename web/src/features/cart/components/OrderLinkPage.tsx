import { useEffect, useState } from 'react';
import { useAtomValue, useStore } from 'jotai';
import { useTranslation } from 'react-i18next';
import { ns } from '../i18n';
import { useNavigate } from 'react-router';
import { useCore, persianDigits } from '@/shared/core/useCore';
import { useRouteInfo } from '@/shared/hooks/routeInfo';
import { isSignedInAtom, signedInOnceRestored } from '@/shared/session/session';
import { useRequireSignIn } from '@/shared/session/useRequireSignIn';
import { DocIcon } from '@/shared/ui/Icons';
import { EmptyState } from '@/shared/ui/EmptyState';
import { Money } from '@/shared/ui/Money';
import { PageTitle } from '@/shared/ui/PageTitle';
import { loadCart } from '../api/cart';
import { adoptPrepared, viewPrepared, type PreparedOrder } from '../api/prepared';
import { PART_SEPARATOR } from '@/shared/lib/format';

type State = { kind: 'loading' } | { kind: 'ok'; order: PreparedOrder } | { kind: 'failed'; message: string | null };

/**
 * `/order/{code}`: an order a shop assistant prepared. Anyone with the link sees its lines at
 * today's prices; signed in, the customer adds them to their cart and goes on to order
 * registration and payment. A used, expired, foreign or unknown link shows the server's Persian
 * message and nothing of the order.
 */
export default function OrderLinkPage() {
  const { t } = useTranslation(ns);
  const route = useRouteInfo();
  const code = route.params.code ?? '';
  const core = useCore();
  const store = useStore();
  const navigate = useNavigate();
  const signedIn = useAtomValue(isSignedInAtom);
  const requireSignIn = useRequireSignIn();
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [adopting, setAdopting] = useState(false);
  const [adoptError, setAdoptError] = useState<string | null>(null);

  useEffect(() => {
    let alive = true;
    setState({ kind: 'loading' });
    void viewPrepared(code).then((out) => {
      if (alive) setState(out.ok ? { kind: 'ok', order: out.data } : { kind: 'failed', message: out.message });
    });
    return () => {
      alive = false;
    };
  }, [code]);

  const adopt = async () => {
    if (!(await signedInOnceRestored(store))) {
      requireSignIn(`/order/${encodeURIComponent(code)}`);
      return;
    }
    setAdopting(true);
    setAdoptError(null);
    const out = await adoptPrepared(code);
    if (!out.ok) {
      setAdopting(false);
      setAdoptError(out.message ?? t('link.adoptFailed'));
      return;
    }
    await loadCart(store);
    navigate('/profile/cart/order-register');
  };

  return (
    <section aria-labelledby="page-title" className="mx-auto w-full max-w-3xl">
      <PageTitle>
        <span id="page-title">{route.title}</span>
      </PageTitle>
      {state.kind === 'loading' && <div className="h-48 animate-pulse rounded-2xl bg-slate-200/60" aria-busy="true" />}
      {state.kind === 'failed' && (
        <div data-testid="order-link-error">
          <EmptyState icon={<DocIcon />} message={state.message ?? t('link.failed')} action={{ to: '/shop', label: t('link.goShop') }} />
        </div>
      )}
      {state.kind === 'ok' && (
        <div className="space-y-4 rounded-2xl bg-white p-4 shadow-sm md:p-6" data-testid="prepared-order">
          <p className="leading-7 text-slate-700">{t('link.intro')}</p>
          {state.order.Personal && <p className="rounded-xl bg-amber-50 p-3 text-sm text-amber-900">{t('link.personal')}</p>}
          <h2 className="font-bold text-slate-900">{t('link.lines')}</h2>
          <ul className="divide-y divide-slate-100">
            {state.order.Lines.map((l) => (
              <li key={l.SupProductIdDetail} className="flex flex-wrap items-start justify-between gap-2 py-3 text-sm">
                <div className="min-w-0 flex-1">
                  <p className="break-words font-medium text-slate-800">{l.Name}</p>
                  <p className="text-xs leading-6 text-slate-500">
                    {[l.Color, l.NameGaranti && t('link.warranty', { name: l.NameGaranti }), t('link.count', { n: persianDigits(core, l.Num) })]
                      .filter(Boolean)
                      .join(PART_SEPARATOR)}
                  </p>
                  {!l.Available && <p className="text-xs font-bold text-red-600">{t('link.unavailable')}</p>}
                </div>
                <Money value={l.LineTotal} className="whitespace-nowrap font-medium" />
              </li>
            ))}
          </ul>
          <div className="flex justify-between gap-2 border-t border-slate-200 pt-3 font-bold">
            <span>{t('link.total')}</span>
            <span data-testid="prepared-total"><Money value={state.order.OrderTotalPrice} /></span>
          </div>
          <p className="text-sm text-slate-500">{t('link.until', { date: state.order.ExpiresText })}</p>
          {adoptError && (
            <p role="alert" className="rounded-xl bg-red-50 p-3 text-sm text-red-700" data-testid="adopt-error">
              {adoptError}
            </p>
          )}
          <button
            type="button"
            onClick={() => void adopt()}
            disabled={adopting}
            className="w-full rounded-xl bg-brand-600 px-5 py-3 font-bold text-white transition hover:bg-brand-700 disabled:opacity-50"
          >
            {adopting ? t('link.adopting') : signedIn ? t('link.adopt') : t('link.signInToAdopt')}
          </button>
        </div>
      )}
    </section>
  );
}
