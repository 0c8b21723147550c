import { useRef, useState, type FormEvent } from 'react';
import { useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { ns } from '../i18n';
import { toast } from '@/shared/ui/toast';
import { loadingAtom } from '@/shared/state';
import { hasSession, passwordLogin } from '@/features/auth/api/auth';
import { LinkButton, PasswordField, PrimaryButton, firstError } from '@/shared/ui/fields';
import { useCompleteSignIn } from '@/features/auth/hooks/useCompleteSignIn';
import { persianDigits, useCore } from '@/shared/core/useCore';

interface Props {
  mobile: string;
  onForgot: () => void;
  onOtp: () => void;
}

/** Password login (spec section 7: /user/login with {mobile, password}); 'wrong' → wrong mobile or password. */
export function PasswordLogin({ mobile, onForgot, onOtp }: Props) {
  const { t } = useTranslation(ns);
  const core = useCore();
  const completeSignIn = useCompleteSignIn();
  const setLoading = useSetAtom(loadingAtom);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!core || inFlight.current) return;
    const required = firstError(core, [{ rule: 'Required' }], t('password.password'), password);
    if (required) {
      setError(required);
      return;
    }
    inFlight.current = true;
    setBusy(true);
    setLoading(true);
    try {
      const out = await passwordLogin(mobile, password);
      if (out.status === 'ok' && hasSession(out)) {
        await completeSignIn({ token: out.token, reftoken: out.reftoken, user: out.user });
        toast.success(t('toast.welcome'), { id: 'auth-login' });
      } else if (out.status === 'wrong' || out.data === 'wrong') {
        setError(t('toast.wrongCredentials'));
        toast.error(t('toast.wrongCredentials'), { id: 'auth-login' });
      } else {
        const message = out.message || t('toast.tryAgain');
        setError(message);
        toast.error(message, { id: 'auth-login' });
      }
    } catch {
      /* reported by the HTTP client */
    } finally {
      setPassword('');
      setLoading(false);
      setBusy(false);
      inFlight.current = false;
    }
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <h2 className="text-center text-lg font-bold text-slate-900">{t('password.title')}</h2>
      <p className="text-center text-sm text-slate-600" dir="ltr">
        {persianDigits(core, mobile)}
      </p>
      <PasswordField
        name="password"
        label={t('password.password')}
        autoComplete="current-password"
        value={password}
        onChange={(e) => {
          setPassword(e.target.value);
          if (error) setError(null);
        }}
        error={error}
        autoFocus
      />
      <PrimaryButton disabled={busy || !core}>{t('password.submit')}</PrimaryButton>
      <div className="flex flex-wrap justify-between gap-2">
        <LinkButton onClick={onOtp}>{t('popup.otpLogin')}</LinkButton>
        <LinkButton onClick={onForgot}>{t('popup.forgotPassword')}</LinkButton>
      </div>
    </form>
  );
}
