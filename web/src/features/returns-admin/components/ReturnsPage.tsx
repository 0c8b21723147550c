import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ns } from '../i18n';
import { api } from '@/shared/api';
import { AdminList } from '@/shared/admin/AdminList';
import { useLoad } from '@/shared/hooks/useLoad';
import { formatCount, formatDigits, PART_SEPARATOR } from '@/shared/lib/format';
import { PrimaryButton, TextField } from '@/shared/ui/fields';
import { DocIcon } from '@/shared/ui/Icons';
import { Money } from '@/shared/ui/Money';
import { toast } from '@/shared/ui/toast';
import { FORM_FIELDS } from '@/shared/core';
import { useCore } from '@/shared/core/useCore';
import { listHolidays, listReturns, moveReturn, removeHoliday, saveHoliday, STATUSES, type AdminReturn, type Holiday, type Move } from '../api/returns';
import { LatinCode } from '@/shared/ui/LatinCode';

async function openPhoto(id: number) {
  const r = await api.GET('/api/admin/v1/returns/photo/{id}', { params: { path: { id } }, parseAs: 'blob' });
  if (r.data) window.open(URL.createObjectURL(r.data as Blob), '_blank', 'noopener');
}

function Row({ r, onMoved }: { r: AdminReturn; onMoved: (next: AdminReturn) => void }) {
  const { t } = useTranslation(ns);
  const [form, setForm] = useState<'reject' | 'refund' | null>(null);
  const [text, setText] = useState('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const core = useCore();
  const move = async (m: Move) => {
    setBusy(true);
    const out = await moveReturn(r.item.id, m);
    setBusy(false);
    if (!out.ok) {
      setError(out.message ?? t('failed'));
      return;
    }
    setError(null);
    setForm(null);
    setText('');
    toast.success(t('done'));
    onMoved(out.data);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!core || busy) return;
    // core/src/forms/return_reject.rs and refund.rs (return_refund): what the server parses with.
    const local = form === 'reject' ? core.checkForm('return_reject', { reason: text }) : core.checkForm('return_refund', { reference: text, note });
    setFieldErrors(local);
    if (Object.keys(local).length > 0) return;
    void move(form === 'reject' ? { kind: 'reject', reason: text } : { kind: 'refund', reference: text, note });
  };
  return (
    <li className="rounded-2xl bg-white p-4 shadow-sm" data-testid="admin-return" data-status={r.item.status}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="font-bold">
          {t('order')} <LatinCode>{r.order_code}</LatinCode>{PART_SEPARATOR}<span data-testid="admin-return-status">{r.item.status_label}</span>
        </p>
        <p className="text-sm text-slate-600">{r.item.created_text}</p>
      </div>
      <dl className="mt-2 grid gap-1 text-sm sm:grid-cols-2">
        <div>
          <dt className="inline text-slate-600">{t('customer')}: </dt>
          <dd className="inline">
            {r.customer_name} <bdi>{formatDigits(r.customer_mobile)}</bdi>
          </dd>
        </div>
        <div>
          <dt className="inline text-slate-600">{t('amount')}: </dt>
          <dd className="inline">
            <Money value={r.item.amount} />
          </dd>
        </div>
        <div className="sm:col-span-2">
          <dt className="inline text-slate-600">{t('reason')}: </dt>
          <dd className="inline">
            {r.item.reason_label}
            {r.item.description && <span className="block whitespace-pre-wrap text-slate-700">{r.item.description}</span>}
          </dd>
        </div>
        <div className="sm:col-span-2">{r.item.lines.map((l) => `${l.name} × ${formatDigits(String(l.num))}`).join('، ')}</div>
      </dl>
      {r.photo_ids.length > 0 && (
        <p className="mt-2 flex flex-wrap gap-2 text-sm">
          {t('photos')}:
          {r.photo_ids.map((id, i) => (
            <button key={id} type="button" className="text-brand-700 underline" onClick={() => void openPhoto(id)}>
              {t('photo', { n: formatDigits(String(i + 1)) })}
            </button>
          ))}
        </p>
      )}
      {error && (
        <p className="mt-2 text-sm text-red-600" role="alert">
          {error}
        </p>
      )}
      {form ? (
        <form onSubmit={submit} className="mt-3 flex flex-col gap-2" noValidate>
          {form === 'reject' ? (
            <TextField name="reason" label={t('rejectReason')} maxLength={FORM_FIELDS.return_reject.reason.maxLength} value={text} error={fieldErrors.reason} onChange={(e) => setText(e.target.value)} />
          ) : (
            <>
              <TextField name="reference" label={t('reference')} dir="ltr" maxLength={FORM_FIELDS.return_refund.reference.maxLength} value={text} error={fieldErrors.reference} onChange={(e) => setText(e.target.value)} />
              <TextField name="note" label={t('note')} maxLength={FORM_FIELDS.return_refund.note.maxLength} value={note} error={fieldErrors.note} onChange={(e) => setNote(e.target.value)} />
            </>
          )}
          <div className="flex gap-2">
            <PrimaryButton type="submit" disabled={busy} data-testid="return-action-save">
              {t('save')}
            </PrimaryButton>
            <button type="button" className="rounded-xl border border-slate-300 px-4 py-2 text-sm" onClick={() => setForm(null)}>
              {t('cancel')}
            </button>
          </div>
        </form>
      ) : (
        <div className="mt-3 flex flex-wrap gap-2">
          {r.actions.map((a) => (
            <button
              key={a}
              type="button"
              disabled={busy}
              className="rounded-xl border border-brand-700 px-4 py-2 text-sm font-medium text-brand-800"
              data-testid={`return-${a}`}
              onClick={() => (a === 'reject' || a === 'refund' ? setForm(a) : void move({ kind: a as 'approve' | 'receive' }))}
            >
              {t(a)}
            </button>
          ))}
        </div>
      )}
    </li>
  );
}

/** The official holidays the return window skips (besides Fridays): staff correct the lunar ones here. */
function Holidays() {
  const { t } = useTranslation(ns);
  const [list, setList] = useState<Holiday[] | null>(null);
  const [state] = useLoad('holidays', listHolidays);
  const [date, setDate] = useState('');
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<{ date?: string; name?: string }>({});
  const core = useCore();
  const rows = list ?? (state.kind === 'ok' ? state.data : []);
  const add = async (e: FormEvent) => {
    e.preventDefault();
    if (!core) return;
    // core/src/forms/holiday.rs: the declaration the server parses the request with.
    const local = core.checkForm('holiday', { date, name });
    setErrors(local);
    if (Object.keys(local).length > 0) return;
    const out = await saveHoliday(date, name);
    if (!out.ok) {
      setErrors(out.field === 'name' ? { name: out.message ?? t('failed') } : { date: out.message ?? t('failed') });
      return;
    }
    setErrors({});
    setDate('');
    setName('');
    setList(out.data);
  };
  const remove = async (id: number) => {
    const out = await removeHoliday(id);
    if (out.ok) setList(out.data);
    else toast.error(out.message ?? t('failed'));
  };
  return (
    <details className="rounded-2xl bg-white p-4 shadow-sm" data-testid="holidays">
      <summary className="cursor-pointer font-bold">{t('holidays')}</summary>
      <p className="mt-2 text-sm text-slate-600">{t('holidaysHint')}</p>
      <form onSubmit={(e) => void add(e)} className="mt-3 grid gap-2 sm:grid-cols-3" noValidate>
        <TextField name="date" label={t('date')} dir="ltr" value={date} error={errors.date} onChange={(e) => setDate(e.target.value)} />
        <TextField name="name" label={t('name')} maxLength={FORM_FIELDS.holiday.name.maxLength} value={name} error={errors.name} onChange={(e) => setName(e.target.value)} />
        <div className="self-end">
          <PrimaryButton type="submit">{t('add')}</PrimaryButton>
        </div>
      </form>
      <ul className="mt-3 divide-y divide-slate-100 text-sm">
        {rows.map((h) => (
          <li key={h.id} className="flex items-center justify-between gap-2 py-1">
            <span>
              {h.date_text}{PART_SEPARATOR}{h.name}
            </span>
            <button type="button" className="text-red-700" onClick={() => void remove(h.id)}>
              {t('remove')}
            </button>
          </li>
        ))}
      </ul>
    </details>
  );
}

/** /admin/returns: customers' return requests, newest first, worked along core's table; and the holiday table. */
export default function ReturnsPage() {
  const { t } = useTranslation(ns);
  const [params, setParams] = useSearchParams();
  const status = params.get('status') ?? '';
  const page = Math.max(1, Number(params.get('page') ?? '1') || 1);
  const [moved, setMoved] = useState<Record<number, AdminReturn>>({});
  const [state, retry] = useLoad(`returns:${status}:${page}`, () => listReturns(status, page));
  return (
    <div className="flex flex-col gap-4">
      <AdminList
        state={state}
        retry={retry}
        rows={(d) => d.data.map((r) => moved[r.item.id] ?? r)}
        count={(d) => t('count', { n: formatCount(d.total) })}
        paging={(d) => ({ total: d.total, perPage: d.per_page })}
        page={page}
        filters={
          <label className="flex items-center gap-2 text-sm">
            {t('filter')}
            <select
              className="rounded-lg border border-slate-300 px-2 py-1"
              value={status}
              onChange={(e) => setParams(e.target.value ? { status: e.target.value } : {})}
              data-testid="returns-filter"
            >
              <option value="">{t('all')}</option>
              {STATUSES.map((s) => (
                <option key={s} value={s}>
                  {t(`st.${s}`)}
                </option>
              ))}
            </select>
          </label>
        }
        empty={{ icon: <DocIcon />, message: t('empty') }}
        listTestId="admin-returns"
        renderRow={(r) => <Row key={r.item.id} r={r} onMoved={(next) => setMoved((m) => ({ ...m, [next.item.id]: next }))} />}
      />
      <Holidays />
    </div>
  );
}
