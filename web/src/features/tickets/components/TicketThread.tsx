import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ns } from '../i18n';
import { persianDigits, useCore } from '@/shared/core/useCore';
import { PrimaryButton, TextAreaField } from '@/shared/ui/fields';
import { PrefetchLink } from '@/shared/ui/PrefetchLink';
import { closeTicket, replyTicket, type Side, type TicketDetail } from '../api/tickets';
import { FilePicker } from './FilePicker';
import { MAX_MESSAGE } from './NewTicketForm';
import { StatusBadge } from './StatusBadge';
import { TicketFiles } from './TicketFiles';

function Meta({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="text-sm font-medium text-slate-800">{children}</dd>
    </div>
  );
}

/** A message to the ticket (and its files); staff may mark that the answer waits for the customer. */
function ReplyForm({ side, id, onSent }: { side: Side; id: number; onSent: (d: TicketDetail) => void }) {
  const { t } = useTranslation(ns);
  const core = useCore();
  const [message, setMessage] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [awaits, setAwaits] = useState(false);
  const [errors, setErrors] = useState<{ message?: string; files?: string; form?: string }>({});
  const [sending, setSending] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!core || sending) return;
    // core/src/forms/ticket.rs: the reply form the server parses the message with.
    const found = core.checkForm('ticket_reply', { message });
    if (found.message) {
      setErrors({ message: found.message });
      return;
    }
    setErrors({});
    setSending(true);
    const out = await replyTicket(side, { id, message, files, awaitsCustomer: awaits });
    setSending(false);
    if (out.ok) {
      setMessage('');
      setFiles([]);
      setAwaits(false);
      onSent(out.data);
      return;
    }
    if (out.field === 'message' || out.field === 'files') setErrors({ [out.field]: out.message ?? t('form.failed') });
    else setErrors({ form: out.message ?? t('form.failed') });
  }

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-4 rounded-2xl bg-white p-4 shadow-sm md:p-6" data-testid="reply-form">
      <TextAreaField
        label={t('detail.replyLabel')}
        value={message}
        maxLength={MAX_MESSAGE}
        rows={4}
        onChange={(e) => setMessage(e.target.value)}
        error={errors.message}
        name="message"
      />
      <FilePicker core={core} files={files} onChange={setFiles} error={errors.files} disabled={sending} />
      {side === 'staff' && (
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input type="checkbox" checked={awaits} onChange={(e) => setAwaits(e.target.checked)} className="h-4 w-4 accent-brand-600" />
          {t('detail.awaitsCustomer')}
        </label>
      )}
      {errors.form && (
        <p role="alert" className="rounded-xl bg-red-50 p-3 text-sm text-red-700">
          {errors.form}
        </p>
      )}
      <div className="sm:w-48">
        <PrimaryButton disabled={!core || sending} data-testid="reply-submit">
          {sending ? t('form.sending') : t('detail.reply')}
        </PrimaryButton>
      </div>
    </form>
  );
}

/**
 * A ticket as one side sees it: its facts, the messages oldest first (text shown as text,
 * long unbroken strings wrapped), the reply form while it is open, and closing it.
 */
export function TicketThread({ side, detail, onChange }: { side: Side; detail: TicketDetail; onChange: (d: TicketDetail) => void }) {
  const { t } = useTranslation(ns);
  const core = useCore();
  const [closing, setClosing] = useState(false);
  const [closeError, setCloseError] = useState<string | null>(null);
  const customerName = detail.Customer ? `${detail.Customer.Name} ${detail.Customer.Lastname}`.trim() || detail.Customer.Mobile : t('detail.customer');

  async function close() {
    setClosing(true);
    const out = await closeTicket(side, detail.Id);
    setClosing(false);
    if (out.ok) onChange(out.data);
    else setCloseError(out.message ?? t('form.failed'));
  }

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-4 rounded-2xl bg-white p-4 shadow-sm md:p-6">
        <div className="flex items-start justify-between gap-3">
          <h2 className="min-w-0 text-lg font-bold text-slate-900 [overflow-wrap:anywhere]" dir="auto" data-testid="ticket-subject">
            {detail.Subject}
          </h2>
          <StatusBadge status={detail.Status} side={side} />
        </div>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          <Meta label={t('detail.department')}>{t(`department.${detail.Department}`)}</Meta>
          <Meta label={t('detail.priority')}>{t(`priority.${detail.Priority}`)}</Meta>
          <Meta label={t('detail.created')}>{detail.CreatedAt}</Meta>
          {detail.OrderCode && (
            <Meta label={t('detail.order')}>
              {side === 'customer' ? (
                <PrefetchLink to={`/profile/factors/${encodeURIComponent(detail.OrderCode)}`} className="text-brand-700 underline" dir="ltr">
                  {detail.OrderCode}
                </PrefetchLink>
              ) : (
                <span dir="ltr">{detail.OrderCode}</span>
              )}
            </Meta>
          )}
          {side === 'staff' && detail.Customer && (
            <Meta label={t('detail.customer')}>
              <span className="[overflow-wrap:anywhere]" dir="auto">
                {customerName}
              </span>{' '}
              <span dir="ltr">{persianDigits(core, detail.Customer.Mobile)}</span>
            </Meta>
          )}
        </dl>
      </div>

      <ol className="flex flex-col gap-3" data-testid="ticket-messages">
        {detail.Messages.map((m) => {
          const mine = side === 'staff' ? m.FromStaff : !m.FromStaff;
          const author = m.FromStaff ? t('detail.support') : side === 'customer' ? t('detail.you') : customerName;
          return (
            <li
              key={m.Id}
              className={`flex flex-col rounded-2xl p-4 shadow-sm sm:max-w-[85%] ${mine ? 'bg-brand-50 sm:self-start' : 'bg-white sm:self-end'}`}
              data-testid="ticket-message"
              data-from={m.FromStaff ? 'staff' : 'customer'}
            >
              <div className="mb-2 flex flex-wrap items-center justify-between gap-2 text-xs text-slate-500">
                <span className="font-bold text-slate-700 [overflow-wrap:anywhere]" dir="auto">
                  {author}
                </span>
                <span>{m.At}</span>
              </div>
              <p className="leading-8 whitespace-pre-wrap text-slate-800 [overflow-wrap:anywhere]" dir="auto" data-testid="ticket-message-body">
                {m.Body}
              </p>
              <TicketFiles files={m.Files} />
            </li>
          );
        })}
      </ol>

      {detail.CanReply ? (
        <>
          <ReplyForm side={side} id={detail.Id} onSent={onChange} />
          <div className="flex flex-col items-start gap-2">
            <button
              type="button"
              disabled={closing}
              onClick={() => void close()}
              className="rounded-xl border border-slate-300 bg-white px-4 py-2 text-sm font-bold text-slate-700 hover:bg-slate-50 disabled:opacity-60"
              data-testid="close-ticket"
            >
              {closing ? t('detail.closing') : t('detail.close')}
            </button>
            {closeError && (
              <p role="alert" className="text-sm text-red-600">
                {closeError}
              </p>
            )}
          </div>
        </>
      ) : (
        <p className="rounded-2xl bg-slate-100 p-4 text-sm leading-7 text-slate-700" data-testid="ticket-closed">
          {t('detail.closed')}
        </p>
      )}
    </div>
  );
}
