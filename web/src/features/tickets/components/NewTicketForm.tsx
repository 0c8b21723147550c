import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ns } from '../i18n';
import { FORM_FIELDS } from '@/shared/core';
import { useCore } from '@/shared/core/useCore';
import { useLoad } from '@/shared/hooks/useLoad';
import { PrimaryButton, SelectField, TextAreaField, TextField } from '@/shared/ui/fields';
import { DEPARTMENTS, myOrders, openTicket, PRIORITIES } from '../api/tickets';
import { FilePicker } from './FilePicker';

type Field = 'subject' | 'department' | 'priority' | 'order_code' | 'message' | 'files';
type Errors = Partial<Record<Field, string>>;

const FIELDS: Field[] = ['subject', 'department', 'priority', 'order_code', 'message', 'files'];

/** Longest subject and message, from core's ticket form (core/src/forms/ticket.rs). */
export const MAX_SUBJECT = FORM_FIELDS.ticket.subject.maxLength;
export const MAX_MESSAGE = FORM_FIELDS.ticket.message.maxLength;

/**
 * A new ticket: subject, department, priority, an optional order of the customer's, the first
 * message and up to three files. Core's ticket form (the one declaration the server parses the
 * request with) checks the fields before sending; the server's refusal is shown under the
 * field it names.
 */
export function NewTicketForm({ onOpened, onCancel }: { onOpened: (id: number) => void; onCancel?: () => void }) {
  const { t } = useTranslation(ns);
  const core = useCore();
  const [orders] = useLoad('ticket-orders', myOrders);
  const [subject, setSubject] = useState('');
  const [department, setDepartment] = useState('');
  const [priority, setPriority] = useState('normal');
  const [orderCode, setOrderCode] = useState('');
  const [message, setMessage] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!core || sending) return;
    // core/src/forms/ticket.rs: the declaration the server parses `ticket/open` with too.
    const found = core.checkForm('ticket', { subject, department, priority, order_code: orderCode, message }) as Errors;
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    setSending(true);
    const out = await openTicket({ subject, department, priority, orderCode, message, files });
    setSending(false);
    if (out.ok) {
      onOpened(out.data);
      return;
    }
    const field = FIELDS.find((f) => f === out.field);
    if (field && out.message) setErrors({ [field]: out.message });
    else setFailure(out.message ?? t('form.failed'));
  }

  const orderCodes = orders.kind === 'ok' ? orders.data.map((o) => o.Code) : [];
  const orderLabel = (code: string) => {
    const o = orders.kind === 'ok' ? orders.data.find((x) => x.Code === code) : undefined;
    return o ? `${code} — ${o.Date}` : code;
  };

  return (
    <form
      noValidate
      onSubmit={(e) => void submit(e)}
      aria-labelledby="new-ticket-heading"
      className="flex flex-col gap-4 rounded-2xl bg-white p-4 shadow-sm md:p-6"
      data-testid="new-ticket-form"
    >
      <h2 id="new-ticket-heading" className="text-lg font-bold text-slate-900">
        {t('form.heading')}
      </h2>
      <TextField
        label={t('form.subject')}
        value={subject}
        maxLength={MAX_SUBJECT}
        onChange={(e) => setSubject(e.target.value)}
        error={errors.subject}
        name="subject"
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label={t('form.department')}
          placeholder={t('form.departmentPlaceholder')}
          options={DEPARTMENTS}
          optionLabel={(d) => t(`department.${d}`)}
          value={department}
          onChange={(e) => setDepartment(e.target.value)}
          error={errors.department}
          name="department"
        />
        <SelectField
          label={t('form.priority')}
          placeholder={t('form.priorityPlaceholder')}
          options={PRIORITIES}
          optionLabel={(p) => t(`priority.${p}`)}
          value={priority}
          onChange={(e) => setPriority(e.target.value)}
          error={errors.priority}
          name="priority"
        />
      </div>
      <SelectField
        label={t('form.order')}
        placeholder={t('form.noOrder')}
        options={orderCodes}
        optionLabel={orderLabel}
        value={orderCode}
        onChange={(e) => setOrderCode(e.target.value)}
        error={errors.order_code}
        name="order_code"
      />
      <TextAreaField
        label={t('form.message')}
        value={message}
        maxLength={MAX_MESSAGE}
        rows={5}
        onChange={(e) => setMessage(e.target.value)}
        error={errors.message}
        name="message"
      />
      <FilePicker core={core} files={files} onChange={setFiles} error={errors.files} disabled={sending} />
      {failure && (
        <p role="alert" className="rounded-xl bg-red-50 p-3 text-sm text-red-700">
          {failure}
        </p>
      )}
      <div className="flex flex-col gap-3 sm:flex-row-reverse sm:justify-start">
        <div className="sm:w-48">
          <PrimaryButton disabled={!core || sending} data-testid="ticket-submit">
            {sending ? t('form.sending') : t('form.submit')}
          </PrimaryButton>
        </div>
        {onCancel && (
          <button type="button" onClick={onCancel} className="rounded-xl px-5 py-3 text-sm font-bold text-slate-600 hover:bg-slate-100">
            {t('form.cancel')}
          </button>
        )}
      </div>
    </form>
  );
}
