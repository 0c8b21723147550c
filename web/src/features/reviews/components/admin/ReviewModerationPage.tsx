import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ns } from '../../i18n';
import { useRouteInfo } from '@/shared/hooks/routeInfo';
import { useLoad } from '@/shared/hooks/useLoad';
import { formatCount, formatDigits, PART_SEPARATOR } from '@/shared/lib/format';
import { EmptyState } from '@/shared/ui/EmptyState';
import { SelectField, TextAreaField, TextField } from '@/shared/ui/fields';
import { TicketIcon } from '@/shared/ui/Icons';
import { PageTitle } from '@/shared/ui/PageTitle';
import { Pagination } from '@/shared/ui/Pagination';
import { LoadError } from '@/shared/ui/Status';
import { toast } from '@/shared/ui/toast';
import { approve, moderationList, reject, staffAnswer, type Kind, type ModerationItem } from '../../api/admin';

const PAGE_SIZE = 50;
const KINDS: Kind[] = ['review', 'question', 'answer'];
const STATUSES = ['pending', 'approved', 'rejected'];

function Item({ item: initial }: { item: ModerationItem }) {
  const { t } = useTranslation(ns);
  const [item, setItem] = useState(initial);
  const [reason, setReason] = useState('');
  const [answer, setAnswer] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const kind = item.kind as Kind;
  const run = async (call: () => ReturnType<typeof approve>, after: (moderation: string) => void) => {
    setBusy(true);
    const out = await call();
    setBusy(false);
    if (!out.ok) {
      setError(out.message ?? t('failed'));
      return;
    }
    setError(null);
    after(out.data.moderation);
    toast.success(t('admin.done'));
  };
  const label = (m: string) => t(`admin.statuses.${m}`);
  return (
    <li className="space-y-2 rounded-2xl bg-white p-4 text-sm shadow-sm" data-testid="moderation-item">
      <p className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-bold">
          <bdi>{item.product_name}</bdi>
        </span>
        <span className="rounded-full bg-brand-50 px-3 py-1 text-xs font-bold text-brand-800" data-testid="moderation-status">
          {label(item.moderation)}
        </span>
      </p>
      <p className="text-slate-700">
        <bdi>{item.author}</bdi>
        {PART_SEPARATOR}
        {item.created}
        {kind === 'review' && (
          <>
            {PART_SEPARATOR}
            {t('admin.rating', { n: formatDigits(String(item.rating)) })}
            {item.variant && (
              <>
                {PART_SEPARATOR}
                {item.variant}
              </>
            )}
          </>
        )}
      </p>
      {item.question && (
        <p className="text-slate-600 [overflow-wrap:anywhere]">
          {t('admin.question')}: {item.question}
        </p>
      )}
      <p className="whitespace-pre-line text-slate-900 [overflow-wrap:anywhere]">{item.text}</p>
      {item.pros.length > 0 && <p className="text-emerald-800 [overflow-wrap:anywhere]">{t('pros')}: {item.pros.join('، ')}</p>}
      {item.cons.length > 0 && <p className="text-red-800 [overflow-wrap:anywhere]">{t('cons')}: {item.cons.join('، ')}</p>}
      {item.reject_reason && <p className="text-slate-600">{t('admin.reason')}: {item.reject_reason}</p>}
      {item.answer && <p className="rounded-xl bg-slate-50 p-2">{t('admin.answer')}: {item.answer}</p>}
      <div className="flex flex-wrap items-end gap-2">
        {item.moderation !== 'approved' && (
          <button
            type="button"
            disabled={busy}
            onClick={() => void run(() => approve(kind, item.id), (m) => setItem({ ...item, moderation: m }))}
            className="rounded-xl bg-brand-600 px-4 py-2 text-sm font-bold text-white hover:bg-brand-700 disabled:opacity-60"
          >
            {t('admin.approve')}
          </button>
        )}
        {item.moderation !== 'rejected' && (
          <>
            <TextField label={t('admin.reason')} value={reason} onChange={(e) => setReason(e.target.value)} className="min-w-0 flex-1" />
            <button
              type="button"
              disabled={busy}
              onClick={() => void run(() => reject(kind, item.id, reason), (m) => setItem({ ...item, moderation: m, reject_reason: reason }))}
              className="rounded-xl border border-red-700 px-4 py-2 text-sm font-bold text-red-800 hover:bg-red-50 disabled:opacity-60"
            >
              {t('admin.reject')}
            </button>
          </>
        )}
      </div>
      {kind !== 'answer' && (
        <div className="flex flex-col gap-2">
          <TextAreaField label={t('admin.answer')} value={answer} onChange={(e) => setAnswer(e.target.value)} className="[&_textarea]:min-h-20" />
          <button
            type="button"
            disabled={busy}
            onClick={() =>
              void run(
                () => staffAnswer(kind, item.id, answer),
                () => {
                  setItem({ ...item, answer });
                  setAnswer('');
                },
              )
            }
            className="self-start rounded-xl bg-slate-800 px-4 py-2 text-sm font-bold text-white hover:bg-slate-900 disabled:opacity-60"
          >
            {t('admin.answerSend')}
          </button>
        </div>
      )}
      {error && (
        <p role="alert" className="text-red-700">
          {error}
        </p>
      )}
    </li>
  );
}

/** The back office's moderation of reviews, questions and answers (`/admin/reviews`, role `support`). */
export default function ReviewModerationPage() {
  const { t } = useTranslation(ns);
  const route = useRouteInfo();
  const [params, setParams] = useSearchParams();
  const rawKind = params.get('kind') ?? 'review';
  const kind: Kind = (KINDS as string[]).includes(rawKind) ? (rawKind as Kind) : 'review';
  const rawStatus = params.get('status');
  const status = rawStatus === null ? 'pending' : STATUSES.includes(rawStatus) ? rawStatus : '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [state, retry] = useLoad(`moderation-${kind}-${status}-${page}`, () => moderationList(kind, status, page));
  const set = (next: Record<string, string>) => setParams({ kind, status, ...next });
  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-4">
      <PageTitle aside={state.kind === 'ok' ? <span className="text-sm text-slate-500">{formatCount(state.data.total)}</span> : undefined}>
        <span id="page-title">{route.title}</span>
      </PageTitle>
      <div className="flex flex-wrap gap-3">
        <SelectField className="sm:max-w-xs" label={t('admin.kind')} placeholder={t('admin.kind')} options={KINDS} optionLabel={(k) => t(`admin.kinds.${k}`)} value={kind} onChange={(e) => set({ kind: e.target.value })} />
        <SelectField className="sm:max-w-xs" label={t('admin.status')} placeholder={t('admin.all')} options={STATUSES} optionLabel={(s) => t(`admin.statuses.${s}`)} value={status} onChange={(e) => set({ status: e.target.value })} />
      </div>
      {state.kind === 'loading' && <div className="h-48 animate-pulse rounded-2xl bg-slate-200/60" aria-busy="true" />}
      {state.kind === 'failed' && <LoadError message={state.message} onRetry={retry} />}
      {state.kind === 'ok' && state.data.rows.length === 0 && <EmptyState icon={<TicketIcon />} message={t('admin.none')} />}
      {state.kind === 'ok' && state.data.rows.length > 0 && (
        <ul className="flex flex-col gap-3" data-testid="moderation-list">
          {state.data.rows.map((it) => (
            <Item key={`${it.kind}-${it.id}-${it.moderation}`} item={it} />
          ))}
        </ul>
      )}
      {state.kind === 'ok' && state.data.total > PAGE_SIZE && <Pagination page={page} pages={Math.ceil(state.data.total / PAGE_SIZE)} />}
    </section>
  );
}
