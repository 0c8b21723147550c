import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import provinces from '@contract/provinces.json';
import { ns } from '../../i18n';
import { FORM_FIELDS } from '@/shared/core';
import { useCore } from '@/shared/core/useCore';
import { useLoad } from '@/shared/hooks/useLoad';
import { toast } from '@/shared/ui/toast';
import { formatCount, formatDigits } from '@/shared/lib/format';
import { removeSlot, saveSlot, slotList, type SlotAdmin } from '../../api/slots';
import { EditButton, errorsOf, FormActions, NumberField, Records, RowButton, SettingsForm, SettingsPage, useDraft, useRound, type FieldErrors } from './parts';

const cityNames = provinces.provinces.flatMap((p) => p.cities);

interface Draft {
  id?: number;
  city: string;
  day: string;
  start: string;
  end: string;
  cutoff: string;
  capacity: string;
}

const EMPTY: Draft = { city: 'تهران', day: '', start: '', end: '', cutoff: '', capacity: '' };
const FIELDS = ['city', 'day', 'start', 'end', 'cutoff', 'capacity'] as const;
/** Input bounds of core's delivery slot form (core/src/forms/delivery_slot.rs). */
const F = FORM_FIELDS.delivery_slot;

const draftOf = (s: SlotAdmin): Draft => ({
  id: s.id,
  city: s.city,
  day: formatDigits(s.day),
  start: formatDigits(s.start),
  end: formatDigits(s.end),
  cutoff: formatDigits(s.cutoff),
  capacity: formatDigits(String(s.capacity)),
});

/** /admin/settings/delivery-slots: delivery slots per city (day, window, same-day cut-off, capacity). */
export default function DeliverySlotsPage() {
  const { t } = useTranslation(ns);
  const core = useCore();
  const [round, reload] = useRound();
  const [filter, setFilter] = useState('تهران');
  const [state, retry] = useLoad(`slots-${filter}-${round}`, () => slotList(filter));
  const { draft, set, errors, setErrors, busy, setBusy, edit, clear, field } = useDraft(EMPTY);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!core || busy) return;
    const values = { city: draft.city, day: draft.day, start: draft.start, end: draft.end, cutoff: draft.cutoff, capacity: draft.capacity };
    // The same declaration the server parses the request with; a past day only the server knows.
    const local: FieldErrors = core.checkForm('delivery_slot', values);
    setErrors(local);
    if (Object.keys(local).length > 0) return;
    setBusy(true);
    const out = await saveSlot({ id: draft.id, ...values });
    setBusy(false);
    if (!out.ok) {
      setErrors(errorsOf(out, t('serverError'), FIELDS));
      return;
    }
    toast.success(t('saved', { name: out.data.label }));
    clear();
    setFilter(out.data.city);
    reload();
  };

  const remove = async (s: SlotAdmin) => {
    const out = await removeSlot(s.id);
    if (!out.ok) toast.error(out.message ?? t('serverError'));
    else toast.success(t('slots.removed', { name: s.label }));
    reload();
  };

  return (
    <SettingsPage>
      <SettingsForm testId="slot-form" title={draft.id ? t('slots.edit') : t('slots.add')} error={errors.form} onSubmit={submit}>
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="flex flex-col gap-1">
            <label htmlFor="slot-city" className="text-sm font-medium text-slate-700">
              {t('slots.city')}
            </label>
            <select
              id="slot-city"
              name="city"
              value={draft.city}
              onChange={(e) => set({ city: e.target.value })}
              aria-invalid={errors.city ? true : undefined}
              aria-describedby={errors.city ? 'slot-city-error' : undefined}
              className="rounded-xl border border-slate-300 px-3 py-2"
            >
              {cityNames.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
            {errors.city && (
              <p id="slot-city-error" className="text-sm text-red-600">
                {errors.city}
              </p>
            )}
          </div>
          <NumberField {...field('day')} maxLength={F.day.maxLength} label={t('slots.day')} hint={t('slots.dayHint')} />
          <NumberField {...field('start')} maxLength={F.start.maxLength} label={t('slots.start')} hint={t('slots.timeHint')} />
          <NumberField {...field('end')} maxLength={F.end.maxLength} label={t('slots.end')} />
          <NumberField {...field('cutoff')} maxLength={F.cutoff.maxLength} label={t('slots.cutoff')} hint={t('slots.cutoffHint')} />
          <NumberField {...field('capacity')} maxLength={F.capacity.maxLength} label={t('slots.capacity')} />
        </div>
        <FormActions busy={busy} testId="slot-save" onCancel={draft.id ? clear : undefined} />
      </SettingsForm>
      <div className="flex flex-col gap-1 sm:max-w-xs">
        <label htmlFor="slot-filter" className="text-sm font-medium text-slate-700">
          {t('slots.filter')}
        </label>
        <select id="slot-filter" name="filter" value={filter} onChange={(e) => setFilter(e.target.value)} className="rounded-xl border border-slate-300 bg-white px-3 py-2">
          {cityNames.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      </div>
      <Records
        state={state}
        retry={retry}
        items={(d) => d}
        empty={t('slots.empty')}
        label={t('slots.list')}
        testId="slot-list"
        keyOf={(s) => s.id}
        renderItem={(s) => (
          <>
            <div className="min-w-0 flex-1">
              <p className="font-bold text-slate-800">{s.label}</p>
              <p className="mt-1 text-sm leading-7 text-slate-600">
                {t('slots.summary', { city: s.city, cutoff: formatDigits(s.cutoff), reserved: formatCount(s.reserved), capacity: formatCount(s.capacity) })}
                {s.closed && <span className="ms-2 rounded-full bg-slate-100 px-2 text-xs text-slate-700">{t('slots.closed')}</span>}
              </p>
            </div>
            <div className="flex gap-2">
              <EditButton name={s.label} onEdit={() => edit(draftOf(s))} />
              <RowButton danger onClick={() => void remove(s)} aria-label={t('removeOf', { name: s.label })}>
                {t('remove')}
              </RowButton>
            </div>
          </>
        )}
      />
    </SettingsPage>
  );
}
