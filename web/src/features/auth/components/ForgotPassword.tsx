import { useRef, useState, type FormEvent } from 'react';
import { useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { ns } from '../i18n';
import { toast } from '@/shared/ui/toast';
import { loadingAtom } from '@/shared/state';
import { hasSession, resetPassword, sendForgetOtp } from '@/features/auth/api/auth';
import { ConfirmMobileDialog } from './ConfirmMobileDialog';
import type { Sent } from '../hooks/useCountdown';
import { PasswordField, PrimaryButton, validateForm, type Errors } from '@/shared/ui/fields';
import { captchaToken } from '@/features/auth/api/recaptcha';
import { useCompleteSignIn } from '@/features/auth/hooks/useCompleteSignIn';
import { persianDigits, useCore } from '@/shared/core/useCore';

interface Props {
  mobile: string;
  /** The number is not registered: go to registration. */
  onNotRegistered: () => void;
  onEditNumber: () => void;
  /** Shows the popup's loader overlay while a code is sent. */
  setSending: (sending: boolean) => void;
}

type Phase = { name: 'send' } | { name: 'code'; hash: string; resendIn?: number | null } | { name: 'new'; mcode: string };

/**
 * Password recovery (spec section 7): /user/otp/forget {mobile, captcha} → code dialog →
 * /user/verify/forget {mobile, code, hash} (mcode) → /user/forget {password, mobile, mcode}
 * (token and user; 'password changed successfully').
 */
export function ForgotPassword({ mobile, onNotRegistered, onEditNumber, setSending }: Props) {
  const { t } = useTranslation(ns);
  const core = useCore();
  const completeSignIn = useCompleteSignIn();
  const setLoading = useSetAtom(loadingAtom);
  const [phase, setPhase] = useState<Phase>({ name: 'send' });
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<Errors<'password' | 'confirmation'>>({});
  const inFlight = useRef(false);

  /** Sends the recovery code; the new hash with the server's wait, or null. */
  const send = async (): Promise<Sent | null> => {
    if (inFlight.current) return null;
    inFlight.current = true;
    setSending(true);
    try {
      const out = await sendForgetOtp(mobile, await captchaToken('login'));
      if (out.status === 'ok' && out.data) return { hash: out.data, resendIn: out.resend_in };
      if (out.status === 'not') {
        toast.error(t('toast.notRegistered'), { id: 'auth-forget' });
        onNotRegistered();
        return null;
      }
      toast.error(out.message || t('toast.tryAgain'), { id: 'auth-forget' });
      return null;
    } catch {
      return null;
    } finally {
      setSending(false);
      inFlight.current = false;
    }
  };

  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (!core || phase.name !== 'new' || inFlight.current) return;
    const found = validateForm(core, {
      password: [[{ rule: 'Required' }, { rule: 'ComplexPassword' }], t('password.newPassword'), password],
      confirmation: [[{ rule: 'Required' }, { rule: 'Confirmed', other: password }], t('password.newPasswordConfirmation'), confirmation],
    });
    setErrors(found);
    if (found.password || found.confirmation) return;
    inFlight.current = true;
    setLoading(true);
    try {
      const out = await resetPassword(mobile, password, phase.mcode);
      if ((out.data === 'ok' || out.status === 'ok') && hasSession(out)) {
        toast.success(t('toast.passwordChanged'), { id: 'auth-forget' });
        await completeSignIn({ token: out.token, reftoken: out.reftoken, user: out.user });
      } else if (out.data === 'wrong' || out.status === 'wrong') {
        toast.error(t('toast.codeMismatch'), { id: 'auth-forget' });
        setPhase({ name: 'send' });
      } else if (out.field === 'password' && out.message) {
        setErrors({ password: out.message });
      } else {
        toast.error(out.message || t('toast.tryAgain'), { id: 'auth-forget' });
      }
    } catch {
      /* reported by the HTTP client */
    } finally {
      setLoading(false);
      inFlight.current = false;
    }
  };

  if (phase.name === 'code') {
    return (
      <ConfirmMobileDialog
        mode="forget"
        mobile={mobile}
        hash={phase.hash}
        resendIn={phase.resendIn}
        onResend={send}
        onVerified={(out) => setPhase({ name: 'new', mcode: out.mcode as string })}
        onEditNumber={onEditNumber}
      />
    );
  }

  if (phase.name === 'new') {
    return (
      <form onSubmit={save} noValidate className="flex flex-col gap-4">
        <h2 className="text-center text-lg font-bold text-slate-900">{t('password.newTitle')}</h2>
        <PasswordField
          name="password"
          label={t('password.newPassword')}
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={errors.password}
          hint={t('register.passwordHint')}
          autoFocus
        />
        <PasswordField
          name="confirmation"
          label={t('password.newPasswordConfirmation')}
          autoComplete="new-password"
          value={confirmation}
          onChange={(e) => setConfirmation(e.target.value)}
          error={errors.confirmation}
        />
        <PrimaryButton disabled={!core}>{t('password.save')}</PrimaryButton>
      </form>
    );
  }

  return (
    <form
      onSubmit={async (e) => {
        e.preventDefault();
        const sent = await send();
        if (sent) setPhase({ name: 'code', hash: sent.hash, resendIn: sent.resendIn });
      }}
      className="flex flex-col gap-4 text-center"
    >
      <h2 className="text-lg font-bold text-slate-900">{t('password.forgotTitle')}</h2>
      <p className="text-sm leading-7 text-slate-600">{t('password.forgotIntro')}</p>
      <p className="font-medium text-slate-800" dir="ltr">
        {persianDigits(core, mobile)}
      </p>
      <PrimaryButton autoFocus>{t('password.sendCode')}</PrimaryButton>
    </form>
  );
}
