import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ns } from '../i18n';
import { useRouteInfo } from '@/shared/hooks/routeInfo';
import { useLoad } from '@/shared/hooks/useLoad';
import { formatPlain } from '@/shared/lib/format';
import { EmptyState } from '@/shared/ui/EmptyState';
import { TicketIcon } from '@/shared/ui/Icons';
import { PageTitle } from '@/shared/ui/PageTitle';
import { LoadError } from '@/shared/ui/Status';
import { showTicket, type Side, type TicketDetail } from '../api/tickets';
import { TicketThread } from './TicketThread';

/** One ticket's page for either side: loads it (opening marks it read), 404 as a plain message. */
export function TicketView({ side, back }: { side: Side; back: { to: string; label: string } }) {
  const { t } = useTranslation(ns);
  const { title, params } = useRouteInfo();
  const id = Number(params.id);
  const [state, retry] = useLoad(`ticket-${side}-${id}`, () => showTicket(side, id));
  const [detail, setDetail] = useState<TicketDetail | null>(null);
  useEffect(() => setDetail(state.kind === 'ok' ? state.data : null), [state]);
  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-4">
      <PageTitle>
        <span id="page-title">{`${title} ${Number.isInteger(id) ? formatPlain(id) : (params.id ?? '')}`}</span>
      </PageTitle>
      {state.kind === 'loading' && <div className="h-64 animate-pulse rounded-2xl bg-slate-200/60" aria-busy="true" />}
      {state.kind === 'failed' && state.status === 404 && (
        <EmptyState icon={<TicketIcon />} message={t(side === 'staff' ? 'staff.notFound' : 'detail.notFound')} action={back} />
      )}
      {state.kind === 'failed' && state.status !== 404 && <LoadError message={state.message} onRetry={retry} />}
      {detail && <TicketThread side={side} detail={detail} onChange={setDetail} />}
    </section>
  );
}
