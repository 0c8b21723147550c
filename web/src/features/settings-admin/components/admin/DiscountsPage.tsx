import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ns } from '../../i18n';
import { FORM_FIELDS } from '@/shared/core';
import { useCore } from '@/shared/core/useCore';
import { useLoad } from '@/shared/hooks/useLoad';
import { SelectField, TextField } from '@/shared/ui/fields';
import { Pagination } from '@/shared/ui/Pagination';
import { toast } from '@/shared/ui/toast';
import { formatCount, formatDigits } from '@/shared/lib/format';
import { discountList, saveDiscount, setDiscountActive, type DiscountCode } from '../../api/settings';
import { ActiveToggle, EditButton, errorsOf, FormActions, numberText, NumberField, RecordTitle, Records, SettingsForm, SettingsPage, toNumber, useDraft, useRound, type FieldErrors } from './parts';
import { LatinCode } from '@/shared/ui/LatinCode';

interface Draft {
  id?: number;
  version: number;
  code: string;
  kind: 'percent' | 'fixed';
  value: string;
  minTotal: string;
  maxDiscount: string;
  startsDay: string;
  endsDay: string;
  usageLimit: string;
  perCustomer: string;
  firstPurchase: boolean;
  description: string;
}

const EMPTY: Draft = { version: 0, code: '', kind: 'percent', value: '', minTotal: '', maxDiscount: '', startsDay: '', endsDay: '', usageLimit: '', perCustomer: '', firstPurchase: false, description: '' };

function draftOf(c: DiscountCode): Draft {
  return {
    id: c.id,
    version: c.version,
    code: c.code,
    kind: c.kind,
    value: numberText(c.value),
    minTotal: numberText(c.min_total),
    maxDiscount: numberText(c.max_discount),
    startsDay: c.starts_day,
    endsDay: c.ends_day,
    usageLimit: numberText(c.usage_limit),
    perCustomer: numberText(c.per_customer_limit),
    firstPurchase: c.first_purchase_only,
    description: c.description,
  };
}

/** Input bounds of core's discount form (core/src/forms/discount.rs). */
const F = FORM_FIELDS.discount;

/** The draft as the discount form's values, by request field. */
function valuesOf(d: Draft): Record<string, string> {
  return {
    code: d.code,
    kind: d.kind,
    value: d.value,
    min_total: d.minTotal,
    max_discount: d.maxDiscount,
    starts_day: d.startsDay,
    ends_day: d.endsDay,
    usage_limit: d.usageLimit,
    per_customer_limit: d.perCustomer,
    description: d.description,
  };
}

/** The request field a server refusal (or core's form) names → the form's field. */
const FIELD_OF: Record<string, string> = {
  discountcode: 'code',
  code: 'code',
  kind: 'kind',
  value: 'value',
  min_total: 'minTotal',
  max_discount: 'maxDiscount',
  starts_day: 'startsDay',
  starts_at: 'startsDay',
  ends_day: 'endsDay',
  ends_at: 'endsDay',
  usage_limit: 'usageLimit',
  per_customer_limit: 'perCustomer',
  description: 'description',
};

/** /admin/settings/discounts: discount codes with their uses; create, edit terms, switch off. */
export default function DiscountsPage() {
  const { t } = useTranslation(ns);
  const [round, reload] = useRound();
  const [params] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [state, retry] = useLoad(`discounts-${page}-${round}`, () => discountList(page, ''));
  const { draft, set, errors, setErrors, busy, setBusy, edit, clear, field } = useDraft(EMPTY);
  const optional = (text: string) => (text.trim() === '' ? undefined : toNumber(text));

  const core = useCore();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!core || busy) return;
    // The same declaration the server parses the request with; an edit has no code.
    const found = core.checkForm(draft.id ? 'discount_edit' : 'discount', valuesOf(draft));
    const local: FieldErrors = {};
    for (const [k, message] of Object.entries(found)) local[FIELD_OF[k] ?? 'form'] = message;
    setErrors(local);
    if (Object.keys(local).length > 0) return;
    const numbers = { value: toNumber(draft.value), minTotal: optional(draft.minTotal) ?? 0, maxDiscount: optional(draft.maxDiscount), usageLimit: optional(draft.usageLimit), perCustomer: optional(draft.perCustomer) };
    setBusy(true);
    const out = await saveDiscount({
      id: draft.id,
      version: draft.version,
      code: draft.code,
      kind: draft.kind,
      value: numbers.value,
      min_total: numbers.minTotal,
      max_discount: numbers.maxDiscount,
      starts_day: draft.startsDay,
      ends_day: draft.endsDay,
      usage_limit: numbers.usageLimit,
      per_customer_limit: numbers.perCustomer,
      first_purchase_only: draft.firstPurchase,
      description: draft.description,
    });
    setBusy(false);
    if (!out.ok) {
      const mapped = out.field ? FIELD_OF[out.field] : undefined;
      setErrors(mapped ? { [mapped]: out.message ?? t('serverError') } : errorsOf(out, t('serverError'), []));
      return;
    }
    toast.success(t('saved', { name: out.data.code }));
    clear();
    reload();
  };

  return (
    <SettingsPage>
      <SettingsForm testId="discount-form" title={draft.id ? t('discounts.edit', { code: draft.code }) : t('discounts.add')} error={errors.form} onSubmit={submit}>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <TextField {...field('code')} maxLength={F.code.maxLength} label={t('discounts.code')} hint={t('discounts.codeHint')} dir="ltr" disabled={Boolean(draft.id)} />
          <SelectField
            name="kind"
            label={t('discounts.kind')}
            placeholder={t('discounts.chooseKind')}
            options={['percent', 'fixed']}
            optionLabel={(k) => t(`discounts.kinds.${k}`)}
            value={draft.kind}
            error={errors.kind}
            onChange={(e) => set({ kind: e.target.value === 'fixed' ? 'fixed' : 'percent' })}
          />
          <NumberField {...field('value')} maxLength={F.value.maxLength} label={draft.kind === 'percent' ? t('discounts.percent') : t('discounts.amount')} />
          <NumberField {...field('minTotal')} maxLength={F.min_total.maxLength} label={t('discounts.minTotal')} />
          <NumberField {...field('maxDiscount')} maxLength={F.max_discount.maxLength} label={t('discounts.maxDiscount')} hint={t('optional')} />
          <NumberField {...field('usageLimit')} maxLength={F.usage_limit.maxLength} label={t('discounts.usageLimit')} hint={t('optional')} />
          <NumberField {...field('perCustomer')} maxLength={F.per_customer_limit.maxLength} label={t('discounts.perCustomer')} hint={t('optional')} />
          <TextField {...field('startsDay')} maxLength={F.starts_day.maxLength} label={t('discounts.starts')} hint={t('dayHint')} dir="ltr" />
          <TextField {...field('endsDay')} maxLength={F.ends_day.maxLength} label={t('discounts.ends')} hint={t('dayHint')} dir="ltr" />
        </div>
        <TextField {...field('description')} maxLength={F.description.maxLength} label={t('discounts.description')} />
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="first-purchase" checked={draft.firstPurchase} onChange={(e) => set({ firstPurchase: e.target.checked })} />
          {t('discounts.firstPurchase')}
        </label>
        <FormActions busy={busy} testId="discount-save" onCancel={draft.id ? clear : undefined} />
      </SettingsForm>
      <Records
        state={state}
        retry={retry}
        items={(d) => d.codes}
        empty={t('discounts.empty')}
        label={t('discounts.list')}
        testId="discount-list"
        keyOf={(c) => c.id}
        footer={(d) => (
          <>
            <p className="text-sm text-slate-600">{t('count', { n: formatDigits(String(d.total)) })}</p>
            <Pagination page={page} pages={Math.max(1, Math.ceil(d.total / d.perPage))} />
          </>
        )}
        renderItem={(c) => (
          <>
            <div className="min-w-0 flex-1">
              <RecordTitle active={c.active}>
                <LatinCode>{c.code}</LatinCode>
              </RecordTitle>
              <p className="mt-1 text-sm leading-7 text-slate-600">{c.terms_text}</p>
              <p className="text-sm leading-7 text-slate-600">
                {t('discounts.window', { from: c.starts_day, to: c.ends_day })}
                {'، '}
                {c.usage_limit === null || c.usage_limit === undefined
                  ? t('discounts.usedOpen', { used: formatCount(c.used) })
                  : t('discounts.used', { used: formatCount(c.used), limit: formatCount(c.usage_limit) })}
              </p>
              {c.description && <p className="text-sm leading-7 text-slate-700 [overflow-wrap:anywhere]">{c.description}</p>}
            </div>
            <div className="flex gap-2">
              <EditButton name={c.code} onEdit={() => edit(draftOf(c))} />
              <ActiveToggle record={c} nameOf={(x) => x.code} change={setDiscountActive} onDone={reload} />
            </div>
          </>
        )}
      />
    </SettingsPage>
  );
}
