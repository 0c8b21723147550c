import { useRef, useState, type FormEvent } from 'react';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import provinces from '@contract/provinces.json';
import { useCore } from '@/shared/core/useCore';
import { sessionAtom } from '@/shared/session/session';
import { PrimaryButton, SelectField, TextField, validateForm, type Errors } from '@/shared/ui/fields';
import { addAddress, type Address } from '../api/checkout';

type Key = 'name' | 'mobile' | 'state' | 'city' | 'address' | 'postalcode';
const KEYS: Key[] = ['name', 'mobile', 'state', 'city', 'address', 'postalcode'];

const cityList = (state: string): string[] => provinces.provinces.find((p) => p.name === state)?.cities ?? [];
const provinceNames = provinces.provinces.map((p) => p.name);

interface Props {
  /** Called with the new address's id and the whole address book. */
  onAdded: (id: number, book: Address[]) => void;
  submitLabel: string;
}

/**
 * A new delivery address: receiver, mobile, province and city, street address and postal code.
 * The core's rules check each field first (their Persian message in red under it); the server's
 * refusal of a field is shown the same way.
 */
export function AddressForm({ onAdded, submitLabel }: Props) {
  const { t } = useTranslation('checkout');
  const core = useCore();
  const user = useAtomValue(sessionAtom).user;
  const [values, setValues] = useState<Record<Key, string>>({
    name: [user?.Name, user?.Lastname].filter(Boolean).join(' '),
    mobile: user?.Mobile ?? '',
    state: user?.State ?? '',
    city: user?.City ?? '',
    address: user?.Address1 ?? '',
    postalcode: user?.PostalCode1 ?? '',
  });
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
    const postal = core.toWesternDigits(values.postalcode.trim());
    const found = validateForm<Key>(core, {
      name: [[{ rule: 'Required' }, { rule: 'MinLength', n: 3 }], t('address.name'), values.name.trim()],
      mobile: [[{ rule: 'Required' }, { rule: 'Mobile' }], t('address.mobile'), values.mobile.trim()],
      state: [[{ rule: 'Select' }], t('address.state'), values.state],
      city: [[{ rule: 'Select' }], t('address.city'), values.city],
      address: [[{ rule: 'Required' }, { rule: 'MinLength', n: 10 }], t('address.address'), values.address.trim()],
      postalcode: [[{ rule: 'Required' }, { rule: 'Digits', n: 10 }], t('address.postalcode'), postal],
    });
    setErrors(found);
    setFormError(null);
    const first = KEYS.find((k) => found[k]);
    if (first) {
      focus(first);
      return;
    }
    const mobile = core.normalizeMobile(values.mobile.trim());
    setBusy(true);
    const out = await addAddress({
      name: values.name.trim(),
      mobile: 'ok' in mobile && mobile.ok ? mobile.ok : values.mobile.trim(),
      state: values.state,
      city: values.city,
      address: values.address.trim(),
      postalcode: postal,
      default: true,
    });
    setBusy(false);
    if (out.ok) {
      if (out.data.id !== null) onAdded(out.data.id, out.data.book);
      return;
    }
    const field = out.field as Key | null;
    if (field && KEYS.includes(field)) {
      setErrors({ [field]: out.message ?? t('address.failed') });
      focus(field);
    } else {
      setFormError(out.message ?? t('address.failed'));
    }
  };

  return (
    <form ref={formRef} onSubmit={submit} noValidate className="grid gap-4 md:grid-cols-2" data-testid="address-form">
      <TextField name="name" label={t('address.name')} value={values.name} onChange={(e) => set('name')(e.target.value)} error={errors.name} autoComplete="name" />
      <TextField
        name="mobile"
        label={t('address.mobile')}
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
        label={t('address.state')}
        placeholder={t('address.choose')}
        options={provinceNames}
        value={values.state}
        onChange={(e) => set('state')(e.target.value)}
        error={errors.state}
      />
      <SelectField
        name="city"
        label={t('address.city')}
        placeholder={t('address.choose')}
        options={cityList(values.state)}
        value={values.city}
        onChange={(e) => set('city')(e.target.value)}
        error={errors.city}
      />
      <TextField
        name="address"
        label={t('address.address')}
        value={values.address}
        onChange={(e) => set('address')(e.target.value)}
        error={errors.address}
        autoComplete="street-address"
        className="md:col-span-2"
      />
      <TextField
        name="postalcode"
        label={t('address.postalcode')}
        value={values.postalcode}
        onChange={(e) => set('postalcode')(e.target.value)}
        error={errors.postalcode}
        dir="ltr"
        inputMode="numeric"
        autoComplete="postal-code"
      />
      {formError && (
        <p role="alert" className="text-sm text-red-600 md:col-span-2">
          {formError}
        </p>
      )}
      <div className="md:col-span-2">
        <PrimaryButton disabled={!core || busy}>{busy ? t('address.saving') : submitLabel}</PrimaryButton>
      </div>
    </form>
  );
}
