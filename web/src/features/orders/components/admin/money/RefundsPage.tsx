import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ns } from './i18n';
import { AdminList } from '@/shared/admin/AdminList';
import { useLoad } from '@/shared/hooks/useLoad';
import { formatCount, formatDigits, formatPlain } from '@/shared/lib/format';
import { PrimaryButton, TextField } from '@/shared/ui/fields';
import { DocIcon } from '@/shared/ui/Icons';
import { Money } from '@/shared/ui/Money';
import { FORM_FIELDS } from '@/shared/core';
import { useCore } from '@/shared/core/useCore';
import { toast } from '@/shared/ui/toast';
import { recordRefund, refundQueue, type RefundQueueItem } from '../../../api/money';
import { LatinCode } from '@/shared/ui/LatinCode';

type Field = 'amount' | 'reference' | 'note';

/** The record-refund form of one payment: the amount starts at what is left; the server checks it again. */
export function RefundForm({ item, onDone, onCancel }: { item: RefundQueueItem; onDone: (remaining: number) => void; onCancel: () => void }) {
  const { t } = useTranslation(ns);
  const [values, setValues] = useState<Record<Field, string>>({ amount: formatCount(item.remaining), reference: '', note: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState(false);
  const core = useCore();
  const titleId = `refund-form-${item.payment_id}`;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!core || busy) return;
    // core/src/forms/refund.rs: the declaration the server parses the request with.
    const local: Partial<Record<Field, string>> = core.checkForm('refund', values);
    setErrors(local);
    if (Object.keys(local).length > 0) return;
    setBusy(true);
    const out = await recordRefund(item.payment_id, values.amount, values.reference, values.note);
    setBusy(false);
    if (!out.ok) {
      const message = out.message ?? t('serverError');
      const field: Field = out.field === 'reference' || out.field === 'note' ? out.field : 'amount';
      setErrors({ [field]: message });
      if (!out.message) toast.error(message);
      return;
    }
    setErrors({});
    onDone(out.data.remaining);
  };
  const set = (k: Field) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [k]: e.target.value }));
  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-labelledby={titleId} className="mt-3 flex flex-col gap-3 rounded-xl border border-slate-200 p-3" data-testid="refund-form">
      <h2 id={titleId} className="text-sm font-bold text-slate-800">
        {t('recordTitle', { id: formatPlain(item.payment_id) })}
      </h2>
      <div className="grid gap-3 sm:grid-cols-3">
        <TextField
          name="amount"
          label={t('amount')}
          hint={t('amountHint', { max: formatCount(item.remaining) })}
          inputMode="numeric"
          dir="ltr"
          autoComplete="off"
          value={values.amount}
          error={errors.amount}
          onChange={set('amount')}
        />
        <TextField name="reference" label={t('reference')} dir="ltr" autoComplete="off" maxLength={FORM_FIELDS.refund.reference.maxLength} value={values.reference} error={errors.reference} onChange={set('reference')} />
        <TextField name="note" label={t('note')} autoComplete="off" maxLength={FORM_FIELDS.refund.note.maxLength} value={values.note} error={errors.note} onChange={set('note')} />
      </div>
      <div className="flex gap-2">
        <PrimaryButton type="submit" disabled={busy} data-testid="refund-save">
          {t('save')}
        </PrimaryButton>
        <button type="button" className="rounded-xl border border-slate-300 px-4 py-2 text-sm" onClick={onCancel}>
          {t('cancel')}
        </button>
      </div>
    </form>
  );
}

function Item({ item, onRecorded }: { item: RefundQueueItem; onRecorded: () => void }) {
  const { t } = useTranslation(ns);
  const [open, setOpen] = useState(false);
  const done = (remaining: number) => {
    setOpen(false);
    if (remaining === 0) toast.success(t('savedAll'));
    else toast.success(t('saved', { left: formatCount(remaining) }));
    onRecorded();
  };
  return (
    <li className="rounded-2xl bg-white p-4 shadow-sm" data-testid="refund-item" data-payment={item.payment_id}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="font-bold text-slate-800">
          {t('order')} <LatinCode>{item.order_code}</LatinCode>
        </p>
        <p className="text-sm text-slate-600">{item.at_text}</p>
      </div>
      <dl className="mt-2 grid gap-1 text-sm text-slate-700 sm:grid-cols-2 lg:grid-cols-3">
        <div>
          <dt className="inline text-slate-600">{t('customer')}: </dt>
          <dd className="inline">
            {item.customer_name} <bdi>{formatDigits(item.customer_mobile)}</bdi>
          </dd>
        </div>
        <div>
          <dt className="inline text-slate-600">{t('paid')}: </dt>
          <dd className="inline">
            <Money value={item.amount} />
          </dd>
        </div>
        <div>
          <dt className="inline text-slate-600">{t('refunded')}: </dt>
          <dd className="inline">
            <Money value={item.refunded} />
          </dd>
        </div>
        <div>
          <dt className="inline text-slate-600">{t('remaining')}: </dt>
          <dd className="inline font-bold" data-testid="refund-remaining">
            <Money value={item.remaining} />
          </dd>
        </div>
        <div>
          <dt className="inline text-slate-600">{t('gatewayRef')}: </dt>
          <dd className="inline">
            <bdi dir="ltr">{formatDigits(item.ref_id) || '—'}</bdi>
          </dd>
        </div>
        <div>
          <dt className="inline text-slate-600">{t('why')}: </dt>
          <dd className="inline">{item.reason}</dd>
        </div>
      </dl>
      {open ? (
        <RefundForm item={item} onDone={done} onCancel={() => setOpen(false)} />
      ) : (
        <button type="button" className="mt-3 rounded-xl border border-brand-700 px-4 py-2 text-sm font-medium text-brand-800" onClick={() => setOpen(true)} data-testid="refund-open">
          {t('record')}
        </button>
      )}
    </li>
  );
}

/** /admin/refunds: every payment the shop must give back, with a form to record each refund. */
export default function RefundsPage() {
  const { t } = useTranslation(ns);
  const [round, setRound] = useState(0);
  const [state, retry] = useLoad(`refund-queue-${round}`, refundQueue);
  return (
    <AdminList
      state={state}
      retry={retry}
      rows={(d) => d}
      count={(d) => t('count', { n: formatCount(d.length) })}
      empty={{ icon: <DocIcon />, message: t('empty') }}
      listTestId="refund-queue"
      renderRow={(item) => <Item key={item.payment_id} item={item} onRecorded={() => setRound((n) => n + 1)} />}
    />
  );
}
