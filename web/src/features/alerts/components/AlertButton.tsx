import { useState } from 'react';
import { useAtomValue, useSetAtom, useStore } from 'jotai';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ns } from '../i18n';
import { subscribeAlert } from '../api/alerts';
import type { components } from '@/shared/api';
import { useCore } from '@/shared/core/useCore';
import { isSignedInAtom, signedInOnceRestored } from '@/shared/session/session';
import { loginModalAtom } from '@/shared/state';
import { BellIcon } from '@/shared/ui/Icons';

/** The chosen variant of the product page. */
export interface AlertButtonProps {
  variant: components['schemas']['VariantDto'];
}

type Phase = { kind: 'idle' } | { kind: 'busy' } | { kind: 'done' } | { kind: 'signIn' } | { kind: 'failed'; message: string };

/**
 * The product page's «خبرم کن»: which alert the chosen variant accepts comes from core's rule
 * (WASM `alert_kinds`, the one the server applies): restock when it is out of stock, a price
 * drop when it is in stock. A signed-out visitor is asked to sign in first.
 */
export default function AlertButton({ variant }: AlertButtonProps) {
  // Keyed by variant: another colour or warranty starts afresh.
  return <AlertFor key={variant.Id} variant={variant} />;
}

function AlertFor({ variant }: AlertButtonProps) {
  const { t } = useTranslation(ns);
  const core = useCore('interaction');
  const store = useStore();
  const signedIn = useAtomValue(isSignedInAtom);
  const openLogin = useSetAtom(loginModalAtom);
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const kind = core?.alertKinds(variant.Stock, variant.Price)[0];
  if (!kind) return null;

  const ask = async () => {
    setPhase({ kind: 'busy' });
    if (!signedIn && !(await signedInOnceRestored(store))) {
      setPhase({ kind: 'signIn' });
      openLogin(true);
      return;
    }
    const out = await subscribeAlert(variant.Id, kind);
    setPhase(out.ok ? { kind: 'done' } : { kind: 'failed', message: out.message ?? t('button.failed') });
  };

  return (
    <div className="rounded-xl border border-slate-200 bg-white p-3" data-testid="alert-box" data-kind={kind}>
      {phase.kind === 'done' ? (
        <p className="flex flex-wrap items-center gap-2 text-sm text-emerald-800" role="status" data-testid="alert-done">
          <BellIcon className="h-4 w-4" />
          {t('button.done')}
          <Link to="/profile/alerts" className="font-bold text-brand-700 hover:underline">
            {t('button.manage')}
          </Link>
        </p>
      ) : (
        <>
          <button
            type="button"
            onClick={() => void ask()}
            disabled={phase.kind === 'busy'}
            className="flex w-full items-center justify-center gap-2 rounded-lg border border-brand-600 px-3 py-2 text-sm font-bold text-brand-700 hover:bg-brand-50 disabled:opacity-60"
            data-testid="alert-button"
          >
            <BellIcon className="h-4 w-4" />
            {t(`button.${kind}`)}
          </button>
          <p className="mt-1.5 text-xs leading-6 text-slate-600">{t(`button.${kind}Hint`)}</p>
          {phase.kind === 'signIn' && (
            <p className="mt-1 text-sm text-slate-800" role="status">
              {t('button.signIn')}
            </p>
          )}
          {phase.kind === 'failed' && (
            <p className="mt-1 text-sm text-red-700" role="alert">
              {phase.message}
            </p>
          )}
        </>
      )}
    </div>
  );
}
