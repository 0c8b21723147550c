import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ns } from '../i18n';
import { listAlerts, removeAlert, type Alert } from '../api/alerts';
import { useCore } from '@/shared/core/useCore';
import type { Core } from '@/shared/core';
import { useRouteInfo } from '@/shared/hooks/routeInfo';
import { EmptyState } from '@/shared/ui/EmptyState';
import { BellIcon, TrashIcon } from '@/shared/ui/Icons';
import { PageTitle } from '@/shared/ui/PageTitle';
import { LoadError } from '@/shared/ui/Status';
import { MixedText } from '@/shared/ui/MixedText';
import { toast } from '@/shared/ui/toast';

type Phase = { kind: 'loading' } | { kind: 'failed'; message: string | null } | { kind: 'ready'; alerts: Alert[] };

function AlertRow({ a, core, busy, onRemove }: { a: Alert; core: Core | null; busy: boolean; onRemove: () => void }) {
  const { t } = useTranslation(ns);
  const what = a.Kind === 'restock' ? t('page.restock') : t('page.price_drop', { price: a.ThresholdText });
  const sent = a.State === 'sent';
  const name = a.ProductName || t('page.unavailable');
  return (
    <li className="flex min-w-0 flex-col gap-2 rounded-2xl bg-white p-4 shadow-sm" data-testid="alert-item" data-state={a.State} data-kind={a.Kind}>
      {a.ProductUid ? (
        <Link to={`/product/${encodeURIComponent(a.ProductUid)}`} className="break-words text-sm font-bold leading-7 text-slate-900 hover:text-brand-700">
          <MixedText text={name} core={core} />
        </Link>
      ) : (
        <span className="break-words text-sm font-bold leading-7 text-slate-600">
          <MixedText text={name} core={core} />
        </span>
      )}
      {a.VariantLabel && <p className="text-xs text-slate-600">{a.VariantLabel}</p>}
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-slate-800">{what}</span>
        <span className={sent ? 'rounded-full bg-emerald-50 px-2.5 py-0.5 font-bold text-emerald-800' : 'rounded-full bg-amber-50 px-2.5 py-0.5 text-amber-900'} data-testid="alert-state">
          {sent ? t('page.sent') : t('page.waiting')}
        </span>
      </div>
      {sent && a.SentAt != null && (
        <p className="text-xs text-slate-600">{t('page.sentAt', { date: core ? core.formatDate(new Date(a.SentAt * 1000)) : '', price: a.SentPriceText ?? '' })}</p>
      )}
      <div>
        <button
          type="button"
          onClick={onRemove}
          disabled={busy}
          aria-label={t('page.removeNamed', { name })}
          className="flex items-center gap-1 rounded-lg px-2 py-1 text-sm font-medium text-red-700 hover:bg-red-50 disabled:opacity-60"
          data-testid="alert-remove"
        >
          <TrashIcon className="h-4 w-4" />
          {t('page.remove')}
        </button>
      </div>
    </li>
  );
}

/**
 * `/profile/alerts`: the customer's «خبرم کن» requests, newest first, waiting or sent (with
 * when and at what price the SMS went); each can be removed.
 */
export default function AlertsPage() {
  const { t } = useTranslation(ns);
  const route = useRouteInfo();
  const core = useCore();
  const [phase, setPhase] = useState<Phase>({ kind: 'loading' });
  const [reload, setReload] = useState(0);
  const [busy, setBusy] = useState<number | null>(null);

  useEffect(() => {
    let alive = true;
    void listAlerts().then((out) => {
      if (alive) setPhase(out.ok ? { kind: 'ready', alerts: out.data } : { kind: 'failed', message: out.message });
    });
    return () => {
      alive = false;
    };
  }, [reload]);

  const remove = async (id: number) => {
    setBusy(id);
    const out = await removeAlert(id);
    setBusy(null);
    if (!out.ok) toast.error(out.message ?? t('page.removeFailed'));
    setReload((n) => n + 1);
  };

  return (
    <section aria-labelledby="page-title" className="min-w-0">
      <PageTitle>
        <span id="page-title">{route.title}</span>
      </PageTitle>
      {phase.kind === 'loading' && <div className="h-48 animate-pulse rounded-2xl bg-slate-200/60" aria-busy="true" />}
      {phase.kind === 'failed' && <LoadError message={phase.message ?? t('page.loadFailed')} onRetry={() => setReload((n) => n + 1)} />}
      {phase.kind === 'ready' && phase.alerts.length === 0 && <EmptyState icon={<BellIcon />} message={t('page.empty')} action={{ to: '/shop', label: t('page.goShop') }} />}
      {phase.kind === 'ready' && phase.alerts.length > 0 && (
        <>
          <p className="mb-3 text-sm leading-7 text-slate-600">{t('page.intro')}</p>
          <ul className="grid gap-3 lg:grid-cols-2" data-testid="alerts">
            {phase.alerts.map((a) => (
              <AlertRow key={a.Id} a={a} core={core} busy={busy === a.Id} onRemove={() => void remove(a.Id)} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
