import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import provinces from '@contract/provinces.json';
import { ns } from '../../i18n';
import { FORM_FIELDS } from '@/shared/core';
import { useCore } from '@/shared/core/useCore';
import { useLoad } from '@/shared/hooks/useLoad';
import { TextAreaField, TextField } from '@/shared/ui/fields';
import { toast } from '@/shared/ui/toast';
import { formatCount, formatDigits } from '@/shared/lib/format';
import { deliveryList, saveDelivery, setDeliveryActive, type DeliveryOption } from '../../api/settings';
import { ActiveToggle, EditButton, errorsOf, FormActions, numberText, NumberField, RecordTitle, Records, RowButton, SettingsForm, SettingsPage, toNumber, useDraft, useRound, type FieldErrors } from './parts';

/** Every city of the province list, and the name meaning "every city". */
export const ALL_CITIES = 'همه';
const cityNames = provinces.provinces.flatMap((p) => p.cities);

interface Draft {
  id?: number;
  version: number;
  name: string;
  description: string;
  price: string;
  priority: string;
  estimate: string;
  cities: string[];
  allProducts: boolean;
}

const EMPTY: Draft = { version: 0, name: '', description: '', price: '', priority: '', estimate: '', cities: [], allProducts: true };

function draftOf(o: DeliveryOption): Draft {
  return {
    id: o.id,
    version: o.version,
    name: o.name,
    description: o.description,
    price: numberText(o.price),
    priority: numberText(o.priority),
    estimate: o.estimate,
    cities: o.cities,
    allProducts: o.all_products,
  };
}

const FIELDS = ['name', 'description', 'price', 'priority', 'cities', 'estimate'] as const;
/** Input bounds of core's delivery option form (core/src/forms/delivery_option.rs). */
const F = FORM_FIELDS.delivery_option;

/** /admin/settings/delivery: the shop's delivery options, their price, time, priority and cities. */
export default function DeliveryPage() {
  const { t } = useTranslation(ns);
  const [round, reload] = useRound();
  const [state, retry] = useLoad(`delivery-${round}`, deliveryList);
  const { draft, set, errors, setErrors, busy, setBusy, edit, clear, field } = useDraft(EMPTY);
  const [city, setCity] = useState('');
  const every = draft.cities.includes(ALL_CITIES);
  const choices = useMemo(() => cityNames.filter((c) => !draft.cities.includes(c)), [draft.cities]);

  const addCity = () => {
    if (city && !draft.cities.includes(city)) set({ cities: [...draft.cities.filter((c) => c !== ALL_CITIES), city] });
    setCity('');
  };

  const core = useCore();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!core || busy) return;
    // The same declaration the server parses the request with (cities one a line; an empty priority is 0).
    const values = { name: draft.name, description: draft.description, price: draft.price, priority: draft.priority || '0', cities: draft.cities.join('\n'), estimate: draft.estimate };
    const local: FieldErrors = core.checkForm('delivery_option', values);
    setErrors(local);
    if (Object.keys(local).length > 0) return;
    const price = toNumber(values.price);
    const priority = toNumber(values.priority);
    setBusy(true);
    const out = await saveDelivery({
      id: draft.id,
      version: draft.version,
      name: draft.name,
      description: draft.description,
      price,
      priority,
      cities: draft.cities,
      estimate: draft.estimate,
      all_products: draft.allProducts,
    });
    setBusy(false);
    if (!out.ok) {
      setErrors(errorsOf(out, t('serverError'), FIELDS));
      return;
    }
    toast.success(t('saved', { name: out.data.name }));
    clear();
    reload();
  };

  return (
    <SettingsPage>
      <SettingsForm testId="delivery-form" title={draft.id ? t('delivery.edit') : t('delivery.add')} error={errors.form} onSubmit={submit}>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField {...field('name')} maxLength={F.name.maxLength} label={t('delivery.name')} />
          <TextField {...field('estimate')} maxLength={F.estimate.maxLength} label={t('delivery.estimate')} hint={t('delivery.estimateHint')} />
          <NumberField {...field('price')} maxLength={F.price.maxLength} label={t('delivery.price')} />
          <NumberField {...field('priority')} maxLength={F.priority.maxLength} label={t('delivery.priority')} hint={t('delivery.priorityHint')} />
        </div>
        <TextAreaField name="description" maxLength={F.description.maxLength} label={t('delivery.description')} value={draft.description} error={errors.description} onChange={(e) => set({ description: e.target.value })} />
        <fieldset aria-describedby={errors.cities ? 'delivery-cities-error' : undefined} className="flex flex-col gap-2">
          <legend className="mb-2 text-sm font-medium text-slate-700">{t('delivery.cities')}</legend>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" name="every-city" checked={every} onChange={(e) => set({ cities: e.target.checked ? [ALL_CITIES] : [] })} />
            {t('delivery.everyCity')}
          </label>
          {!every && (
            <div className="flex flex-wrap items-end gap-2">
              <div className="flex flex-col gap-1">
                <label htmlFor="delivery-city" className="text-sm text-slate-700">
                  {t('delivery.city')}
                </label>
                <select id="delivery-city" name="city" value={city} onChange={(e) => setCity(e.target.value)} className="rounded-xl border border-slate-300 px-3 py-2">
                  <option value="">{t('delivery.chooseCity')}</option>
                  {choices.map((c) => (
                    <option key={c} value={c}>
                      {c}
                    </option>
                  ))}
                </select>
              </div>
              <RowButton onClick={addCity} disabled={!city} data-testid="add-city">
                {t('delivery.addCity')}
              </RowButton>
            </div>
          )}
          {!every && draft.cities.length > 0 && (
            <ul className="flex flex-wrap gap-2" aria-label={t('delivery.chosenCities')}>
              {draft.cities.map((c) => (
                <li key={c} className="flex items-center gap-1 rounded-full bg-brand-50 px-3 py-1 text-sm text-brand-800">
                  {c}
                  <button type="button" aria-label={t('delivery.removeCity', { city: c })} className="px-1" onClick={() => set({ cities: draft.cities.filter((x) => x !== c) })}>
                    ×
                  </button>
                </li>
              ))}
            </ul>
          )}
          {errors.cities && (
            <p id="delivery-cities-error" role="alert" className="text-sm text-red-700">
              {errors.cities}
            </p>
          )}
        </fieldset>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="all-products" checked={draft.allProducts} onChange={(e) => set({ allProducts: e.target.checked })} />
          {t('delivery.allProducts')}
        </label>
        <FormActions busy={busy} testId="delivery-save" onCancel={draft.id ? clear : undefined} />
      </SettingsForm>
      <Records
        state={state}
        retry={retry}
        items={(d) => d}
        empty={t('delivery.empty')}
        label={t('delivery.list')}
        testId="delivery-list"
        keyOf={(o) => o.id}
        renderItem={(o) => (
          <>
            <div className="min-w-0 flex-1">
              <RecordTitle active={o.active}>
                <span className="[overflow-wrap:anywhere]">{o.name}</span>
              </RecordTitle>
              <p className="mt-1 text-sm leading-7 text-slate-600">
                {t('delivery.summary', {
                  price: o.price === 0 ? t('delivery.free') : t('toman', { amount: formatCount(o.price) }),
                  priority: formatDigits(String(o.priority)),
                  estimate: o.estimate || '—',
                })}
              </p>
              <p className="text-sm leading-7 text-slate-600">
                {o.cities.includes(ALL_CITIES) ? t('delivery.everyCity') : o.cities.join('، ')}
                {'، '}
                {o.all_products ? t('delivery.forAll') : t('delivery.forLinked', { count: o.linked_products, n: formatCount(o.linked_products) })}
              </p>
            </div>
            <div className="flex gap-2">
              <EditButton name={o.name} onEdit={() => edit(draftOf(o))} />
              <ActiveToggle record={o} nameOf={(x) => x.name} change={setDeliveryActive} onDone={reload} />
            </div>
          </>
        )}
      />
    </SettingsPage>
  );
}
