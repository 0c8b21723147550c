import { useRef, useState, type FormEvent } from 'react';
import { useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { ns } from '../i18n';
import { toast } from '@/shared/ui/toast';
import { loadingAtom } from '@/shared/state';
import { completeRegistration, hasSession, type Outcome } from '@/features/auth/api/auth';
import { PasswordField, PrimaryButton, SelectField, TextField, type Errors } from '@/shared/ui/fields';
import { FORM_FIELDS } from '@/shared/core';
import { useCore } from '@/shared/core/useCore';
import provinces from '@contract/provinces.json';

type Key = 'name' | 'lastname' | 'email' | 'password' | 'passwordConfirmation' | 'state' | 'city';

interface Props {
  mobile: string;
  /** The mobile-verification code from the verified registration OTP. */
  mcode: string;
  onRegistered: (outcome: Outcome & { token: string }) => void | Promise<void>;
}

const cityList = (state: string): string[] => provinces.provinces.find((p) => p.name === state)?.cities ?? [];

/**
 * The registration form shown after the number is verified (spec sections 2 and 3): name, last
 * name, optional email, password (complex-password rule) with its confirmation, province and
 * city; submitted to /user/register with the mcode and device 'web'.
 */
export function RegisterForm({ mobile, mcode, onRegistered }: Props) {
  const { t } = useTranslation(ns);
  const core = useCore();
  const setLoading = useSetAtom(loadingAtom);
  const [values, setValues] = useState<Record<Key, string>>({
    name: '',
    lastname: '',
    email: '',
    password: '',
    passwordConfirmation: '',
    state: '',
    city: '',
  });
  const [errors, setErrors] = useState<Errors<Key>>({});
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);

  const set = (key: Key) => (value: string) => {
    setValues((v) => ({ ...v, [key]: value, ...(key === 'state' ? { city: '' } : {}) }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!core || inFlight.current) return;
    const v = values;
    // core/src/forms/registration.rs: the declaration the server parses the payload with too.
    const found = core.checkForm('registration', v) as Errors<Key>;
    setErrors(found);
    const firstInvalid = (Object.keys(found) as Key[])[0];
    if (firstInvalid) {
      formRef.current?.querySelector<HTMLElement>(`[name="${firstInvalid}"]`)?.focus();
      return;
    }
    inFlight.current = true;
    setBusy(true);
    setLoading(true);
    try {
      const out = await completeRegistration({
        name: v.name.trim(),
        lastname: v.lastname.trim(),
        email: v.email.trim(),
        password: v.password,
        mobile,
        state: v.state,
        city: v.city,
        mcode,
      });
      if ((out.data === 'ok' || out.status === 'ok') && hasSession(out)) {
        toast.success(t('toast.registered'), { id: 'auth-register' });
        await onRegistered(out);
      } else if (out.data === 'wrong' || out.status === 'wrong') {
        toast.error(t('toast.codeMismatch'), { id: 'auth-register' });
      } else if (out.status === 'error' && out.field && out.message) {
        const key = (['name', 'lastname', 'email', 'password', 'state', 'city'] as Key[]).find((k) => k === out.field);
        if (key) setErrors((e) => ({ ...e, [key]: out.message ?? undefined }));
        else toast.error(out.message, { id: 'auth-register' });
      } else {
        toast.error(out.message || t('toast.tryAgain'), { id: 'auth-register' });
      }
    } catch {
      /* reported by the HTTP client */
    } finally {
      setLoading(false);
      setBusy(false);
      inFlight.current = false;
    }
  };

  return (
    <form ref={formRef} onSubmit={submit} noValidate className="flex flex-col gap-3">
      <h2 className="text-center text-lg font-bold text-slate-900">{t('register.formTitle')}</h2>
      <p className="text-center text-sm leading-7 text-slate-600">{t('register.formIntro')}</p>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <TextField name="name" label={t('register.name')} autoComplete="given-name" maxLength={FORM_FIELDS.registration.name.maxLength} value={values.name} onChange={(e) => set('name')(e.target.value)} error={errors.name} autoFocus />
        <TextField name="lastname" label={t('register.lastname')} autoComplete="family-name" maxLength={FORM_FIELDS.registration.lastname.maxLength} value={values.lastname} onChange={(e) => set('lastname')(e.target.value)} error={errors.lastname} />
      </div>
      <TextField
        name="email"
        type="email"
        dir="ltr"
        label={`${t('register.email')} ${t('register.optional')}`}
        autoComplete="email"
        value={values.email}
        onChange={(e) => set('email')(e.target.value)}
        error={errors.email}
      />
      <PasswordField
        name="password"
        label={t('register.password')}
        autoComplete="new-password"
        value={values.password}
        onChange={(e) => set('password')(e.target.value)}
        error={errors.password}
        hint={t('register.passwordHint')}
      />
      <PasswordField
        name="passwordConfirmation"
        label={t('register.passwordConfirmation')}
        autoComplete="new-password"
        value={values.passwordConfirmation}
        onChange={(e) => set('passwordConfirmation')(e.target.value)}
        error={errors.passwordConfirmation}
      />
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <SelectField
          name="state"
          label={t('register.state')}
          placeholder={t('register.chooseState')}
          options={provinces.provinces.map((p) => p.name)}
          value={values.state}
          onChange={(e) => set('state')(e.target.value)}
          error={errors.state}
        />
        <SelectField
          name="city"
          label={t('register.city')}
          placeholder={t('register.chooseCity')}
          options={cityList(values.state)}
          value={values.city}
          onChange={(e) => set('city')(e.target.value)}
          error={errors.city}
        />
      </div>
      <PrimaryButton disabled={busy || !core}>{t('register.submit')}</PrimaryButton>
    </form>
  );
}
