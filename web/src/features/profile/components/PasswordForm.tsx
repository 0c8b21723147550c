import { useState, type FormEvent } from 'react';
import { useStore } from 'jotai';
import { useTranslation } from 'react-i18next';
import { ns } from '../i18n';
import { toast } from '@/shared/ui/toast';
import { useCore } from '@/shared/core/useCore';
import { signIn } from '@/shared/session/session';
import { PasswordField, PrimaryButton, validateForm, type Errors } from '@/shared/ui/fields';
import { changePassword } from '../api/account';

type Key = 'currentPassword' | 'password' | 'passwordConfirmation';
const KEYS: Key[] = ['currentPassword', 'password', 'passwordConfirmation'];
const EMPTY: Record<Key, string> = { currentPassword: '', password: '', passwordConfirmation: '' };

/**
 * Set a first password or change it: the complex-password rule and its confirmation. The server
 * ends every session of the account and answers a new sign-in, which this tab keeps.
 */
export function PasswordForm() {
  const { t } = useTranslation(ns);
  const core = useCore();
  const store = useStore();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Errors<Key>>({});
  const [busy, setBusy] = useState(false);

  const set = (key: Key) => (value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!core || busy) return;
    const found = validateForm<Key>(core, {
      currentPassword: [[], t('password.current'), values.currentPassword],
      password: [[{ rule: 'Required' }, { rule: 'ComplexPassword' }], t('password.new'), values.password],
      passwordConfirmation: [
        [{ rule: 'Required' }, { rule: 'Confirmed', other: values.password }],
        t('password.confirmation'),
        values.passwordConfirmation,
      ],
    });
    setErrors(found);
    if (KEYS.some((k) => found[k])) return;
    setBusy(true);
    try {
      const out = await changePassword(values.password, values.passwordConfirmation, values.currentPassword);
      if (out.status === 'ok' && out.token && out.user) {
        await signIn({ token: out.token, reftoken: out.reftoken ?? null, user: out.user }, store);
        setValues(EMPTY);
        toast.success(out.message || t('password.changed'), { id: 'profile-password' });
      } else {
        const key = KEYS.find((k) => k === out.field);
        if (key && out.message) setErrors((prev) => ({ ...prev, [key]: out.message ?? undefined }));
        else toast.error(out.message || t('edit.failed'), { id: 'profile-password' });
      }
    } catch {
      /* the HTTP client reported it */
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby="profile-password-title" className="flex flex-col gap-3 rounded-2xl bg-white p-4 shadow-sm md:p-6" data-testid="password-form">
      <h2 id="profile-password-title" className="text-lg font-bold text-slate-900">
        {t('password.title')}
      </h2>
      <p className="text-sm leading-7 text-slate-600">{t('password.intro')}</p>
      <PasswordField
        name="currentPassword"
        label={t('password.current')}
        autoComplete="current-password"
        maxLength={256}
        value={values.currentPassword}
        onChange={(e) => set('currentPassword')(e.target.value)}
        error={errors.currentPassword}
        hint={t('password.currentHint')}
      />
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <PasswordField
          name="password"
          label={t('password.new')}
          autoComplete="new-password"
          maxLength={256}
          value={values.password}
          onChange={(e) => set('password')(e.target.value)}
          error={errors.password}
          hint={t('password.hint')}
        />
        <PasswordField
          name="passwordConfirmation"
          label={t('password.confirmation')}
          autoComplete="new-password"
          maxLength={256}
          value={values.passwordConfirmation}
          onChange={(e) => set('passwordConfirmation')(e.target.value)}
          error={errors.passwordConfirmation}
        />
      </div>
      <div className="sm:max-w-xs">
        <PrimaryButton disabled={busy || !core}>{t('password.submit')}</PrimaryButton>
      </div>
    </form>
  );
}
