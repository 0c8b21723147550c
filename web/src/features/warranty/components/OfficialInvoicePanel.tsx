import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ns } from '../i18n';
import { FORM_FIELDS } from '@/shared/core';
import { useCore, persianDigits } from '@/shared/core/useCore';
import { useLoad } from '@/shared/hooks/useLoad';
import { SelectField, TextField } from '@/shared/ui/fields';
import { toast } from '@/shared/ui/toast';
import { officialInvoice, saveOfficialInvoice, type OfficialInvoice, type OfficialInvoiceValues } from '../api/warranty';

type Key = keyof OfficialInvoiceValues;
const KEYS: Key[] = ['buyer_type', 'legal_name', 'national_id', 'company_id', 'economic_code', 'postal_code'];
const F = FORM_FIELDS.official_invoice;

/** The buyer's details as the printed invoice carries them («صورتحساب رسمی»). */
function Buyer({ o }: { o: OfficialInvoice }) {
  const { t } = useTranslation(ns);
  const core = useCore();
  const n = (v: string) => persianDigits(core, v);
  return (
    <dl className="grid gap-1 text-sm sm:grid-cols-2" data-testid="official-invoice-buyer">
      <div className="flex gap-2">
        <dt className="text-slate-600">{t('official.buyerType')}:</dt>
        <dd>{o.buyer_type_label}</dd>
      </div>
      <div className="flex gap-2">
        <dt className="text-slate-600">{t('official.legalName')}:</dt>
        <dd>
          <bdi>{o.legal_name}</bdi>
        </dd>
      </div>
      <div className="flex gap-2">
        <dt className="text-slate-600">{o.national_id_label}:</dt>
        <dd dir="ltr">{n(o.national_id)}</dd>
      </div>
      {o.economic_code && (
        <div className="flex gap-2">
          <dt className="text-slate-600">{t('official.economicCode')}:</dt>
          <dd dir="ltr">{n(o.economic_code)}</dd>
        </div>
      )}
      <div className="flex gap-2">
        <dt className="text-slate-600">{t('official.postalCode')}:</dt>
        <dd dir="ltr">{n(o.postal_code)}</dd>
      </div>
    </dl>
  );
}

function OfficialForm({ code, initial, onSaved }: { code: string; initial: OfficialInvoice | null; onSaved: (o: OfficialInvoice) => void }) {
  const { t } = useTranslation(ns);
  const core = useCore();
  const [v, setV] = useState<OfficialInvoiceValues>({
    buyer_type: initial?.buyer_type ?? 'person',
    legal_name: initial?.legal_name ?? '',
    national_id: initial?.buyer_type === 'person' ? initial.national_id : '',
    company_id: initial?.buyer_type === 'company' ? initial.national_id : '',
    economic_code: initial?.economic_code ?? '',
    postal_code: initial?.postal_code ?? '',
  });
  const [errors, setErrors] = useState<Partial<Record<Key | 'form', string>>>({});
  const [busy, setBusy] = useState(false);
  const company = v.buyer_type === 'company';
  const set = (k: Key) => (e: { target: { value: string } }) => setV({ ...v, [k]: e.target.value });

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!core || busy) return;
    // core/src/forms/official_invoice.rs: the declaration the server parses the request with.
    const values = company ? { ...v, national_id: '' } : { ...v, company_id: '' };
    const found = core.checkForm('official_invoice', values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    const out = await saveOfficialInvoice(code, values);
    setBusy(false);
    if (out.ok) {
      toast.success(t('official.saved'));
      onSaved(out.data);
      return;
    }
    const field = KEYS.find((k) => k === out.field);
    setErrors(field ? { [field]: out.message ?? t('official.failed') } : { form: out.message ?? t('official.failed') });
  }

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="grid gap-3 sm:grid-cols-2" data-testid="official-invoice-form" aria-label={t('official.ask')}>
      <SelectField
        label={t('official.buyerType')}
        placeholder={t('official.buyerType')}
        options={['person', 'company']}
        optionLabel={(o) => t(`official.${o}`)}
        value={v.buyer_type}
        error={errors.buyer_type}
        onChange={set('buyer_type')}
        name="buyer_type"
      />
      <TextField label={company ? t('official.legalNameCompany') : t('official.legalName')} name="legal_name" value={v.legal_name} maxLength={F.legal_name.maxLength} error={errors.legal_name} onChange={set('legal_name')} />
      {company ? (
        <TextField label={t('official.companyId')} name="company_id" dir="ltr" inputMode="numeric" autoComplete="off" value={v.company_id} maxLength={F.company_id.maxLength + 4} error={errors.company_id} onChange={set('company_id')} />
      ) : (
        <TextField label={t('official.nationalId')} name="national_id" dir="ltr" inputMode="numeric" autoComplete="off" value={v.national_id} maxLength={F.national_id.maxLength + 4} error={errors.national_id} onChange={set('national_id')} />
      )}
      <TextField label={t('official.economicCode')} name="economic_code" dir="ltr" inputMode="numeric" autoComplete="off" hint={t('official.economicCodeHint')} value={v.economic_code} maxLength={F.economic_code.maxLength + 4} error={errors.economic_code} onChange={set('economic_code')} />
      <TextField label={t('official.postalCode')} name="postal_code" dir="ltr" inputMode="numeric" autoComplete="postal-code" value={v.postal_code} maxLength={14} error={errors.postal_code} onChange={set('postal_code')} />
      {errors.form && (
        <p role="alert" className="text-sm text-red-700 sm:col-span-2">
          {errors.form}
        </p>
      )}
      <div className="sm:col-span-2">
        <button type="submit" disabled={busy || !core} className="rounded-xl bg-brand-600 px-5 py-2.5 text-sm font-bold text-white hover:bg-brand-700 disabled:opacity-60">
          {t('official.save')}
        </button>
      </div>
    </form>
  );
}

/**
 * The official invoice on the invoice page: the buyer's details (printed with the invoice) and
 * the form to ask for it, before paying or afterwards.
 */
export function OfficialInvoicePanel({ code, closed }: { code: string; closed: boolean }) {
  const { t } = useTranslation(ns);
  const [state] = useLoad(`official-${code}`, () => officialInvoice(code));
  const [saved, setSaved] = useState<OfficialInvoice | null | undefined>(undefined);
  const [open, setOpen] = useState(false);
  if (state.kind !== 'ok') return null;
  const current = saved === undefined ? state.data : saved;
  if (!current && closed) return null;
  return (
    <section className="space-y-3 rounded-xl border border-slate-200 p-3 text-sm" data-testid="official-invoice">
      {current && (
        <>
          <h2 className="font-bold">{t('official.heading')}</h2>
          <Buyer o={current} />
        </>
      )}
      {!closed && (
        <div data-print="hide" className="space-y-3">
          {!open && (
            <button type="button" onClick={() => setOpen(true)} className="rounded-xl border border-brand-300 px-4 py-2 text-sm font-bold text-brand-700 hover:bg-brand-50">
              {current ? t('official.edit') : t('official.ask')}
            </button>
          )}
          {open && (
            <OfficialForm
              code={code}
              initial={current}
              onSaved={(o) => {
                setSaved(o);
                setOpen(false);
              }}
            />
          )}
        </div>
      )}
    </section>
  );
}
