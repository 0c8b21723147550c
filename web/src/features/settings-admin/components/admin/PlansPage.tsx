import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ns } from '../../i18n';
import { useLoad } from '@/shared/hooks/useLoad';
import { TextField } from '@/shared/ui/fields';
import { toast } from '@/shared/ui/toast';
import { formatCount, formatDigits } from '@/shared/lib/format';
import { planList, savePlan, setPlanActive, type Plan } from '../../api/settings';
import { ActiveToggle, EditButton, errorsOf, FormActions, numberText, NumberField, RecordTitle, Records, SettingsForm, SettingsPage, toNumber, useDraft, useRound, type FieldErrors } from './parts';

interface Draft {
  id?: number;
  version: number;
  name: string;
  down: string;
  months: string;
  rate: string;
  minTotal: string;
  maxTotal: string;
  position: string;
}

const EMPTY: Draft = { version: 0, name: '', down: '', months: '', rate: '', minTotal: '', maxTotal: '', position: '' };

const draftOf = (p: Plan): Draft => ({
  id: p.id,
  version: p.version,
  name: p.name,
  down: numberText(p.down_payment_percent),
  months: numberText(p.months),
  rate: numberText(p.monthly_rate_bp),
  minTotal: numberText(p.min_total),
  maxTotal: numberText(p.max_total),
  position: numberText(p.position),
});

/** /admin/settings/plans: instalment plans, their terms (core's check) and whether they are offered. */
export default function PlansPage() {
  const { t } = useTranslation(ns);
  const [round, reload] = useRound();
  const [state, retry] = useLoad(`plans-${round}`, planList);
  const { draft, errors, setErrors, busy, setBusy, edit, clear, field } = useDraft(EMPTY);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const n = { down: toNumber(draft.down), months: toNumber(draft.months), rate: toNumber(draft.rate || '0'), minTotal: toNumber(draft.minTotal), maxTotal: toNumber(draft.maxTotal), position: toNumber(draft.position || '0') };
    const local: FieldErrors = {};
    if (!draft.name.trim()) local.name = t('required');
    for (const [k, v] of Object.entries(n)) if (Number.isNaN(v)) local[k] = t('notNumber');
    setErrors(local);
    if (Object.keys(local).length > 0) return;
    setBusy(true);
    const out = await savePlan({ id: draft.id, version: draft.version, name: draft.name, down_payment_percent: n.down, months: n.months, monthly_rate_bp: n.rate, min_total: n.minTotal, max_total: n.maxTotal, position: n.position });
    setBusy(false);
    if (!out.ok) {
      setErrors(out.field === 'name' || out.field === 'position' ? { [out.field]: out.message ?? t('serverError') } : errorsOf(out, t('serverError'), []));
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
          <TextField {...field('name')} label={t('plans.name')} />
          <NumberField {...field('down')} label={t('plans.down')} hint={t('plans.downHint')} />
          <NumberField {...field('months')} label={t('plans.months')} />
          <NumberField {...field('rate')} label={t('plans.rate')} hint={t('plans.rateHint')} />
          <NumberField {...field('minTotal')} label={t('plans.minTotal')} />
          <NumberField {...field('maxTotal')} label={t('plans.maxTotal')} />
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
