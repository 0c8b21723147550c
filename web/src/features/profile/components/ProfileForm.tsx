import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ns } from '../i18n';
import { toast } from '@/shared/ui/toast';
import { FORM_FIELDS } from '@/shared/core';
import { useCore } from '@/shared/core/useCore';
import { PrimaryButton, SelectField, TextField, type Errors } from '@/shared/ui/fields';
import provinces from '@contract/provinces.json';
import { saveProfile, type ProfileFields, type User } from '../api/account';

type Key = keyof ProfileFields;
const KEYS: Key[] = ['name', 'lastname', 'email', 'state', 'city', 'phone', 'address1', 'postalCode1'];

/**
 * Longest text per field, from core's profile form (core/src/forms/profile.rs), so a paste
 * cannot exceed what the server takes; a postal code (10 digits by its rule) may be typed in
 * groups with spaces or a dash, hence 20.
 */
const MAX = Object.fromEntries(KEYS.map((k) => [k, FORM_FIELDS.profile[k].maxLength ?? 20])) as Record<Key, number>;

const cityList = (state: string): string[] => provinces.provinces.find((p) => p.name === state)?.cities ?? [];

function fieldsOf(u: User): ProfileFields {
  return {
    name: u.Name ?? '',
    lastname: u.Lastname ?? '',
    email: u.Email ?? '',
    state: u.State ?? '',
    city: u.City ?? '',
    phone: u.Phone ?? '',
    address1: u.Address1 ?? '',
    postalCode1: u.PostalCode1 ?? '',
  };
}

/**
 * The customer's own fields (spec section 3's User): each checked with core's profile form
 * (the one declaration the server parses the request with), the rule's Persian message in red
 * under its input; a refusal of the server (422) shows under the field it names.
 */
export function ProfileForm({ user, onSaved }: { user: User; onSaved: (user: User) => Promise<void> }) {
  const { t } = useTranslation(ns);
  const core = useCore();
  const [values, setValues] = useState<ProfileFields>(() => fieldsOf(user));
  const [errors, setErrors] = useState<Errors<Key>>({});
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  // A stored province or city that is no longer in the list still shows as chosen.
  const stateOptions = provinces.provinces.map((p) => p.name);
  const cityOptions = cityList(values.state);

  const set = (key: Key) => (value: string) => {
    setValues((v) => ({ ...v, [key]: value, ...(key === 'state' ? { city: '' } : {}) }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!core || busy) return;
    const v = values;
    // core/src/forms/profile.rs: the declaration the server parses `account/edit` with too.
    const found = core.checkForm('profile', { ...v }) as Errors<Key>;
    setErrors(found);
    const firstInvalid = KEYS.find((k) => found[k]);
    if (firstInvalid) {
      formRef.current?.querySelector<HTMLElement>(`[name="${firstInvalid}"]`)?.focus();
      return;
    }
    setBusy(true);
    try {
      const out = await saveProfile({
        ...v,
        name: v.name.trim(),
        lastname: v.lastname.trim(),
        email: v.email.trim(),
        address1: v.address1.trim(),
        phone: core.toWesternDigits(v.phone.trim()),
        postalCode1: core.toWesternDigits(v.postalCode1.trim()),
      });
      if (out.status === 'ok' && out.user) {
        await onSaved(out.user);
        setValues(fieldsOf(out.user));
        toast.success(t('edit.saved'), { id: 'profile-edit' });
      } else {
        const key = KEYS.find((k) => k === out.field);
        if (key && out.message) {
          setErrors((prev) => ({ ...prev, [key]: out.message ?? undefined }));
          formRef.current?.querySelector<HTMLElement>(`[name="${key}"]`)?.focus();
        } else {
          toast.error(out.message || t('edit.failed'), { id: 'profile-edit' });
        }
      }
    } catch {
      /* the HTTP client reported it */
    } finally {
      setBusy(false);
    }
  };

  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-labelledby="profile-info-title" className="flex flex-col gap-3 rounded-2xl bg-white p-4 shadow-sm md:p-6" data-testid="profile-form">
      <h2 id="profile-info-title" className="text-lg font-bold text-slate-900">
        {t('edit.infoTitle')}
      </h2>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <TextField name="name" label={t('edit.name')} autoComplete="given-name" maxLength={MAX.name} value={values.name} onChange={(e) => set('name')(e.target.value)} error={errors.name} />
        <TextField name="lastname" label={t('edit.lastname')} autoComplete="family-name" maxLength={MAX.lastname} value={values.lastname} onChange={(e) => set('lastname')(e.target.value)} error={errors.lastname} />
      </div>
      <TextField
        name="email"
        type="email"
        dir="ltr"
        label={`${t('edit.email')} ${t('edit.optional')}`}
        autoComplete="email"
        maxLength={MAX.email}
        value={values.email}
        onChange={(e) => set('email')(e.target.value)}
        error={errors.email}
      />
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <SelectField
          name="state"
          label={t('edit.state')}
          placeholder={t('edit.chooseState')}
          options={stateOptions.includes(values.state) || !values.state ? stateOptions : [values.state, ...stateOptions]}
          value={values.state}
          onChange={(e) => set('state')(e.target.value)}
          error={errors.state}
        />
        <SelectField
          name="city"
          label={t('edit.city')}
          placeholder={t('edit.chooseCity')}
          options={cityOptions.includes(values.city) || !values.city ? cityOptions : [values.city, ...cityOptions]}
          value={values.city}
          onChange={(e) => set('city')(e.target.value)}
          error={errors.city}
        />
      </div>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <TextField name="phone" type="tel" dir="ltr" inputMode="tel" label={`${t('edit.phone')} ${t('edit.optional')}`} autoComplete="tel" maxLength={MAX.phone} value={values.phone} onChange={(e) => set('phone')(e.target.value)} error={errors.phone} />
        <TextField name="postalCode1" dir="ltr" inputMode="numeric" label={`${t('edit.postalCode1')} ${t('edit.optional')}`} autoComplete="postal-code" maxLength={MAX.postalCode1} value={values.postalCode1} onChange={(e) => set('postalCode1')(e.target.value)} error={errors.postalCode1} />
      </div>
      <TextField name="address1" label={`${t('edit.address1')} ${t('edit.optional')}`} autoComplete="street-address" maxLength={MAX.address1} value={values.address1} onChange={(e) => set('address1')(e.target.value)} error={errors.address1} />
      <div className="sm:max-w-xs">
        <PrimaryButton disabled={busy || !core}>{t('edit.save')}</PrimaryButton>
      </div>
    </form>
  );
}
