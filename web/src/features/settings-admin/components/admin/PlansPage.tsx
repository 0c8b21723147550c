import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ns } from '../../i18n';
import { useLoad } from '@/shared/hooks/useLoad';
import { FORM_FIELDS } from '@/shared/core';
import { useCore } from '@/shared/core/useCore';
import { TextField } from '@/shared/ui/fields';
import { toast } from '@/shared/ui/toast';
import { formatCount, formatDigits } from '@/shared/lib/format';
import { planList, savePlan, setPlanActive, type Plan } from '../../api/settings';
import { ActiveToggle, EditButton, errorsOf, FormActions, numberText, NumberField, RecordTitle, Records, SettingsForm, SettingsPage, toNumber, useDraft, useRound, type FieldErrors } from './parts';

/** The form's fields, named as core's plan form and the request name them. */
const NUMBERS = ['down_payment_percent', 'months', 'monthly_rate_bp', 'min_total', 'max_total', 'position'] as const;
type Values = Record<'name' | (typeof NUMBERS)[number], string>;
type Draft = Values & { id?: number; version: number };

const F = FORM_FIELDS.instalment_plan;
const EMPTY: Draft = { version: 0, name: '', down_payment_percent: '', months: '', monthly_rate_bp: '', min_total: '', max_total: '', position: '' };

const draftOf = (p: Plan): Draft => ({
  id: p.id,
  version: p.version,
  name: p.name,
  ...(Object.fromEntries(NUMBERS.map((k) => [k, numberText(p[k])])) as Record<(typeof NUMBERS)[number], string>),
});

/** /admin/settings/plans: instalment plans, their terms (core's check) and whether they are offered. */
export default function PlansPage() {
  const { t } = useTranslation(ns);
  const [round, reload] = useRound();
  const [state, retry] = useLoad(`plans-${round}`, planList);
  const { draft, errors, setErrors, busy, setBusy, edit, clear, field } = useDraft(EMPTY);

  const core = useCore();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!core || busy) return;
    const { id, version, ...values } = draft;
    // core/src/forms/instalment_plan.rs: the declaration the server parses the request with;
    // each bound speaks on its own field.
    const local: FieldErrors = core.checkForm('instalment_plan', values);
    setErrors(local);
    if (Object.keys(local).length > 0) return;
    const n = Object.fromEntries(NUMBERS.map((k) => [k, toNumber(values[k] || '0')])) as Record<(typeof NUMBERS)[number], number>;
    setBusy(true);
    const out = await savePlan({ id, version, name: values.name, ...n });
    setBusy(false);
    if (!out.ok) {
      setErrors(errorsOf(out, t('serverError'), ['name', ...NUMBERS]));
      return;
    }
    toast.success(t('saved', { name: out.data.name }));
    clear();
    reload();
  };

  return (
    <SettingsPage>
      <SettingsForm testId="plan-form" title={draft.id ? t('plans.edit') : t('plans.add')} error={errors.form} onSubmit={submit}>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <TextField {...field('name')} label={t('plans.name')} maxLength={F.name.maxLength} />
          <NumberField {...field('down_payment_percent')} label={t('plans.down')} hint={t('plans.downHint')} />
          <NumberField {...field('months')} label={t('plans.months')} />
          <NumberField {...field('monthly_rate_bp')} label={t('plans.rate')} hint={t('plans.rateHint')} />
          <NumberField {...field('min_total')} label={t('plans.minTotal')} />
          <NumberField {...field('max_total')} label={t('plans.maxTotal')} />
          <NumberField {...field('position')} label={t('plans.position')} />
        </div>
        <FormActions busy={busy} testId="plan-save" onCancel={draft.id ? clear : undefined} />
      </SettingsForm>
      <Records
        state={state}
        retry={retry}
        items={(d) => d}
        empty={t('plans.empty')}
        label={t('plans.list')}
        testId="plan-list"
        keyOf={(p) => p.id}
        renderItem={(p) => (
          <>
            <div className="min-w-0 flex-1">
              <RecordTitle active={p.active}>
                <span className="[overflow-wrap:anywhere]">{p.name}</span>
              </RecordTitle>
              <p className="mt-1 text-sm leading-7 text-slate-600">
                {t('plans.summary', {
                  down: formatDigits(String(p.down_payment_percent)),
                  months: formatDigits(String(p.months)),
                  rate: formatDigits(String(p.monthly_rate_bp / 100)).replace('.', '٫'),
                  min: formatCount(p.min_total),
                  max: formatCount(p.max_total),
                })}
              </p>
            </div>
            <div className="flex gap-2">
              <EditButton name={p.name} onEdit={() => edit(draftOf(p))} />
              <ActiveToggle record={p} nameOf={(x) => x.name} change={setPlanActive} onDone={reload} />
            </div>
          </>
        )}
      />
    </SettingsPage>
  );
}
