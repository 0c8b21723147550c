import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ns } from '../i18n';
import { useCore, persianDigits } from '@/shared/core/useCore';
import { useLoad } from '@/shared/hooks/useLoad';
import { TextAreaField } from '@/shared/ui/fields';
import { PrefetchLink } from '@/shared/ui/PrefetchLink';
import { MixedText } from '@/shared/ui/MixedText';
import { toast } from '@/shared/ui/toast';
import { openClaim, warrantyUnits, type WarrantyUnit } from '../api/warranty';

function ClaimForm({ unit, onDone, onCancel }: { unit: WarrantyUnit; onDone: () => void; onCancel: () => void }) {
  const { t } = useTranslation(ns);
  const core = useCore();
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!core || busy) return;
    // The claim's first message is a ticket message: core's reply form.
    const found = core.checkForm('ticket_reply', { message });
    setError(found.message);
    if (found.message) return;
    setBusy(true);
    const out = await openClaim(unit.unit_id, message);
    setBusy(false);
    if (out.ok) {
      toast.success(t('units.sent'));
      onDone();
      return;
    }
    setError(out.message ?? t('units.failed'));
  }
  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="mt-2 space-y-2" data-testid="warranty-claim-form" aria-label={t('units.claim')}>
      <TextAreaField label={t('units.message')} value={message} maxLength={5000} error={error} onChange={(e) => setMessage(e.target.value)} />
      <div className="flex flex-wrap gap-2">
        <button type="submit" disabled={busy || !core} className="rounded-xl bg-brand-600 px-4 py-2 text-sm font-bold text-white hover:bg-brand-700 disabled:opacity-60">
          {t('units.send')}
        </button>
        <button type="button" onClick={onCancel} className="rounded-xl bg-slate-100 px-4 py-2 text-sm font-bold text-slate-800">
          {t('units.cancel')}
        </button>
      </div>
    </form>
  );
}

function Unit({ u, onChanged }: { u: WarrantyUnit; onChanged: () => void }) {
  const { t } = useTranslation(ns);
  const core = useCore();
  const [claiming, setClaiming] = useState(false);
  return (
    <li className="space-y-1 py-3" data-testid="warranty-unit">
      <p className="font-medium">
        <MixedText text={u.product} />
        <span className="text-slate-500"> — {t('units.unit', { n: persianDigits(core, u.unit_no) })}</span>
      </p>
      <p>
        {t('units.serial')}: <bdi dir="ltr" data-testid="warranty-serial">{u.serial}</bdi>
      </p>
      <p>
        {t('units.warranty')}: {u.warranty_months > 0 ? u.warranty_name : t('units.noWarranty')}
      </p>
      {u.end && (
        <p>
          {t('units.end')}: <strong data-testid="warranty-end">{u.end}</strong>
          <span className="block text-xs text-slate-500">
            {u.start_kind === 'delivered' ? t('units.fromDelivered', { start: u.start }) : t('units.fromShipped', { start: u.start })}
          </span>
        </p>
      )}
      {u.claim && (
        <p data-testid="warranty-claim-state">
          {t('units.claimState')}: <strong>{u.claim.status_label}</strong>{' '}
          <PrefetchLink to={`/profile/tickets/ticket-${u.claim.ticket_id}`} className="text-brand-700 underline" data-print="hide">
            {t('units.ticket')}
          </PrefetchLink>
        </p>
      )}
      <div data-print="hide">
        {u.can_claim && !claiming && (
          <button type="button" onClick={() => setClaiming(true)} className="rounded-xl border border-brand-300 px-4 py-2 text-sm font-bold text-brand-700 hover:bg-brand-50">
            {t('units.claim')}
          </button>
        )}
        {!u.can_claim && !u.claim && u.refusal && <p className="text-xs text-slate-500">{u.refusal}</p>}
        {claiming && (
          <ClaimForm
            unit={u}
            onCancel={() => setClaiming(false)}
            onDone={() => {
              setClaiming(false);
              onChanged();
            }}
          />
        )}
      </div>
    </li>
  );
}

/** Each shipped unit of the order: its serial, warranty and end day, and its warranty claim. */
export function WarrantyUnits({ code }: { code: string }) {
  const { t } = useTranslation(ns);
  const [state, reload] = useLoad(`warranty-${code}`, () => warrantyUnits(code));
  if (state.kind !== 'ok' || state.data.length === 0) return null;
  return (
    <section className="text-sm" data-testid="warranty-units">
      <h2 className="mb-1 font-bold">{t('units.heading')}</h2>
      <ul className="divide-y divide-slate-100">
        {state.data.map((u) => (
          <Unit key={u.unit_id} u={u} onChanged={reload} />
        ))}
      </ul>
    </section>
  );
}
