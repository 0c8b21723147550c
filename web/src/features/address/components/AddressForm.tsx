import { useRef, useState, type FormEvent } from 'react';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { ns } from '../i18n';
import provinces from '@contract/provinces.json';
import { addAddress, editAddress, type Address } from '@/shared/api/address';
import { FORM_FIELDS } from '@/shared/core';
import { useCore } from '@/shared/core/useCore';
import { sessionAtom } from '@/shared/session/session';
import { PrimaryButton, SelectField, TextField, type Errors } from '@/shared/ui/fields';

/** The fields of core's address form (core/src/forms/address.rs), by their request names. */
type Key = 'name' | 'mobile' | 'state' | 'city' | 'address' | 'postalcode' | 'plaque' | 'unit';
/** The longest value of each bounded field, from the same declaration. */
const MAX = {
  name: FORM_FIELDS.address.name.maxLength,
  address: FORM_FIELDS.address.address.maxLength,
  plaque: FORM_FIELDS.address.plaque.maxLength,
  unit: FORM_FIELDS.address.unit.maxLength,
};
const KEYS: Key[] = ['name', 'mobile', 'state', 'city', 'address', 'postalcode', 'plaque', 'unit'];

const cityList = (state: string): string[] => provinces.provinces.find((p) => p.name === state)?.cities ?? [];
const provinceNames = provinces.provinces.map((p) => p.name);

export interface AddressFormProps {
  /** Called with the saved address's id and the whole address book. */
  onSaved: (id: number, book: Address[]) => void;
  submitLabel: string;
  /** The address to edit; a new one when absent (prefilled from the signed-in user). */
  address?: Address;
  /** Offer the "default address" box (the address book); otherwise a new address becomes the default. */
  askDefault?: boolean;
}

/**
 * One delivery address, new or edited: receiver, mobile, province and city (from the one
 * provinces list), street address, postal code, and optional plaque and unit. Core's address
 * form (the one declaration the server parses the request with) checks every field first, its
 * Persian message in red under it; the server's refusal of a field is shown the same way. Checkout and the profile's address book both use this form.
 */
export function AddressForm({ onSaved, submitLabel, address, askDefault = false }: AddressFormProps) {
  const { t } = useTranslation(ns);
  const core = useCore();
  const user = useAtomValue(sessionAtom).user;
  const [values, setValues] = useState<Record<Key, string>>(() =>
    address
      ? {
          name: address.Name,
          mobile: address.Mobile,
          state: address.State,
          city: address.City,
          address: address.Address,
          postalcode: address.PostalCode,
          plaque: address.Plaque ?? '',
          unit: address.Unit ?? '',
        }
      : {
          name: [user?.Name, user?.Lastname].filter(Boolean).join(' '),
          mobile: user?.Mobile ?? '',
          state: user?.State ?? '',
          city: user?.City ?? '',
          address: user?.Address1 ?? '',
          postalcode: user?.PostalCode1 ?? '',
          plaque: '',
          unit: '',
        },
  );
  const [makeDefault, setMakeDefault] = useState(address?.IsDefault ?? false);
  const [errors, setErrors] = useState<Errors<Key>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  const set = (key: Key) => (value: string) => {
    setValues((v) => ({ ...v, [key]: value, ...(key === 'state' ? { city: '' } : {}) }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const focus = (key: string) => formRef.current?.querySelector<HTMLElement>(`[name="${key}"]`)?.focus();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!core || busy) return;
    // core/src/forms/address.rs: the declaration the server parses the request with too.
    const found = core.checkForm('address', values) as Errors<Key>;
    const postal = core.normalizePostalCode(values.postalcode);
    setErrors(found);
    setFormError(null);
    const first = KEYS.find((k) => found[k]);
    if (first) {
      focus(first);
      return;
    }
    const mobile = core.normalizeMobile(values.mobile.trim());
    const input = {
      name: values.name.trim(),
      mobile: 'ok' in mobile && mobile.ok ? mobile.ok : values.mobile.trim(),
      state: values.state,
      city: values.city,
      address: values.address.trim(),
      postalcode: 'ok' in postal && postal.ok ? postal.ok : values.postalcode.trim(),
      plaque: values.plaque.trim(),
      unit: values.unit.trim(),
      default: askDefault ? makeDefault : true,
    };
    setBusy(true);
    const out = address
      ? await editAddress(address.Id, input).then((r) => (r.ok ? { ok: true as const, data: { id: address.Id, book: r.data } } : r))
      : await addAddress(input);
    setBusy(false);
    if (out.ok) {
      if (out.data.id !== null) onSaved(out.data.id, out.data.book);
      return;
    }
    const field = out.field as Key | null;
    if (field && KEYS.includes(field)) {
      setErrors({ [field]: out.message ?? t('form.failed') });
      focus(field);
    } else {
      setFormError(out.message ?? t('form.failed'));
    }
  };

  return (
    <form ref={formRef} onSubmit={submit} noValidate className="grid gap-4 md:grid-cols-2" data-testid="address-form">
      <TextField name="name" label={t('form.name')} value={values.name} onChange={(e) => set('name')(e.target.value)} error={errors.name} autoComplete="name" maxLength={MAX.name} />
      <TextField
        name="mobile"
        label={t('form.mobile')}
        value={values.mobile}
        onChange={(e) => set('mobile')(e.target.value)}
        error={errors.mobile}
        type="tel"
        dir="ltr"
        inputMode="tel"
        autoComplete="tel"
      />
      <SelectField
        name="state"
        label={t('form.state')}
        placeholder={t('form.choose')}
        options={provinceNames}
        value={values.state}
        onChange={(e) => set('state')(e.target.value)}
        error={errors.state}
      />
      <SelectField
        name="city"
        label={t('form.city')}
        placeholder={t('form.choose')}
        options={cityList(values.state)}
        value={values.city}
        onChange={(e) => set('city')(e.target.value)}
        error={errors.city}
      />
      <TextField
        name="address"
        label={t('form.address')}
        value={values.address}
        onChange={(e) => set('address')(e.target.value)}
        error={errors.address}
        autoComplete="street-address"
        maxLength={MAX.address}
        className="md:col-span-2"
      />
      <TextField
        name="postalcode"
        label={t('form.postalcode')}
        value={values.postalcode}
        onChange={(e) => set('postalcode')(e.target.value)}
        error={errors.postalcode}
        dir="ltr"
        inputMode="numeric"
        autoComplete="postal-code"
      />
      <div className="grid grid-cols-2 gap-4">
        <TextField name="plaque" label={t('form.plaque')} value={values.plaque} onChange={(e) => set('plaque')(e.target.value)} error={errors.plaque} maxLength={MAX.plaque} />
        <TextField name="unit" label={t('form.unit')} value={values.unit} onChange={(e) => set('unit')(e.target.value)} error={errors.unit} maxLength={MAX.unit} />
      </div>
      {askDefault && (
        <label className="flex items-center gap-2 text-sm text-slate-700 md:col-span-2">
          <input type="checkbox" name="default" checked={makeDefault} onChange={(e) => setMakeDefault(e.target.checked)} className="h-4 w-4" />
          {t('form.makeDefault')}
        </label>
      )}
      {formError && (
        <p role="alert" className="text-sm text-red-600 md:col-span-2">
          {formError}
        </p>
      )}
      <div className="md:col-span-2">
        <PrimaryButton disabled={!core || busy}>{busy ? t('form.saving') : submitLabel}</PrimaryButton>
      </div>
    </form>
  );
}
