import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ns } from '../i18n';
import { toast } from '@/shared/ui/toast';
import { hasSession, sendLoginOtp, sendRegisterOtp, type Outcome } from '@/features/auth/api/auth';
import { ConfirmMobileDialog } from './ConfirmMobileDialog';
import { ForgotPassword } from './ForgotPassword';
import { LinkButton } from '@/shared/ui/fields';
import { MobileStep } from './MobileStep';
import { PasswordLogin } from './PasswordLogin';
import { RegisterForm } from './RegisterForm';
import { captchaToken } from '@/features/auth/api/recaptcha';
import { useCompleteSignIn } from '@/features/auth/hooks/useCompleteSignIn';
import type { Sent } from '@/features/auth/hooks/useCountdown';
import { signIn } from '@/shared/session/session';
import { useStore } from 'jotai';

/** Spec section 9: the popup's step fade. */
export const FADE_MS = 495;

/** -1 is the transient empty view between two steps. */
export type Step = -1 | 0 | 1 | 2;
type LoginView = 'otp' | 'password' | 'forgot';
type RegisterPhase = { name: 'code' } | { name: 'form'; mcode: string };

interface Props {
  /** The popup's close button (absent on the /login page). */
  onClose?: () => void;
  /** Reports the visible step (tests and the popup's heading use it). */
  onStepChange?: (step: Step) => void;
  /**
   * 'register' (the named register route): step 0 asks for the registration code at once; a
   * number that is already registered is told so and the flow continues as a login.
   */
  mode?: 'login' | 'register';
}

/** Fades its content in over FADE_MS (spec: popup steps change with a ~495 ms fade). */
function Fade({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const frame = requestAnimationFrame(() => setShown(true));
    return () => cancelAnimationFrame(frame);
  }, []);
  return (
    <div className="auth-fade" data-shown={shown} style={{ opacity: shown ? 1 : 0, transition: `opacity ${FADE_MS}ms ease-in-out` }}>
      {children}
    </div>
  );
}

/**
 * The sign-in flow shared by the login popup and the /login page (spec sections 2 and 4):
 * step 0 mobile number → send the login code → 'ok' step 1 (code login, or password login and
 * recovery), 'not' step 2 (registration: code, then the form); any other answer stays at 0.
 * Steps change through the transient step -1 with a ~495 ms fade; a loader overlay shows while
 * a code is being sent.
 */
export function LoginFlow({ onClose, onStepChange, mode = 'login' }: Props) {
  const { t } = useTranslation(ns);
  const store = useStore();
  const completeSignIn = useCompleteSignIn();
  const [step, setStep] = useState<Step>(0);
  const [typed, setTyped] = useState('');
  const [mobile, setMobile] = useState('');
  const [loginHash, setLoginHash] = useState('');
  const [registerHash, setRegisterHash] = useState('');
  // The server's `resend_in` with each code sent (seconds until another may be asked for).
  const [loginWait, setLoginWait] = useState<number | null | undefined>(undefined);
  const [registerWait, setRegisterWait] = useState<number | null | undefined>(undefined);
  const [view, setView] = useState<LoginView>('otp');
  const [registerPhase, setRegisterPhase] = useState<RegisterPhase>({ name: 'code' });
  const [sending, setSending] = useState(false);
  const [registering, setRegistering] = useState(mode === 'register');
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const stepRef = useRef<Step>(step);
  stepRef.current = step;

  useEffect(() => () => {
    if (timer.current) clearTimeout(timer.current);
  }, []);
  useEffect(() => {
    onStepChange?.(step);
  }, [step, onStepChange]);

  const goTo = useCallback((next: Step) => {
    if (timer.current) clearTimeout(timer.current);
    setStep(-1);
    timer.current = setTimeout(() => {
      timer.current = null;
      setStep(next);
    }, FADE_MS);
  }, []);

  /** Sends the registration code; the hash, or null (with the reason shown). */
  const sendRegistration = useCallback(
    async (number: string): Promise<Sent | null> => {
      const out = await sendRegisterOtp(number);
      if (out.status === 'ok' && out.data) return { hash: out.data, resendIn: out.resend_in };
      if (out.status === 'exist') {
        setRegistering(false);
        toast(t('toast.alreadyRegistered'), { icon: '⚠️', id: 'auth-send' });
        if (stepRef.current !== 0) goTo(0);
        return null;
      }
      toast.error(out.message || t('toast.tryAgain'), { id: 'auth-send' });
      return null;
    },
    [goTo, t],
  );

  /** Sends the registration code and moves to step 2; false when nothing was sent. */
  const startRegistration = useCallback(
    async (number: string): Promise<boolean> => {
      setSending(true);
      try {
        const sent = await sendRegistration(number);
        if (!sent) return false;
        setRegisterHash(sent.hash);
        setRegisterWait(sent.resendIn);
        setRegisterPhase({ name: 'code' });
        goTo(2);
        return true;
      } catch {
        return false;
      } finally {
        setSending(false);
      }
    },
    [goTo, sendRegistration],
  );

  /** Step 0 submit: the login code request with the captcha token (the registration code in register mode). */
  const submitMobile = async (text: string, number: string): Promise<string | null> => {
    setTyped(text);
    setMobile(number);
    if (registering) {
      await startRegistration(number);
      return null;
    }
    setSending(true);
    let out: Outcome;
    try {
      out = await sendLoginOtp(number, await captchaToken('login'));
    } catch {
      setSending(false);
      return null; // the HTTP client has told the user
    }
    if (out.status === 'ok' && out.data) {
      setSending(false);
      setLoginHash(out.data);
      setLoginWait(out.resend_in);
      setView('otp');
      goTo(1);
      return null;
    }
    if (out.status === 'not') {
      setSending(false);
      await startRegistration(number);
      return null;
    }
    setSending(false);
    const message = out.message || t('toast.tryAgain');
    toast.error(message, { id: 'auth-send' });
    return message;
  };

  const resendLogin = async (): Promise<Sent | null> => {
    setSending(true);
    try {
      const out = await sendLoginOtp(mobile, await captchaToken('login'));
      if (out.status === 'ok' && out.data) return { hash: out.data, resendIn: out.resend_in };
      toast.error(out.message || t('toast.tryAgain'), { id: 'auth-send' });
      return null;
    } finally {
      setSending(false);
    }
  };

  const resendRegistration = async (): Promise<Sent | null> => {
    setSending(true);
    try {
      return await sendRegistration(mobile);
    } finally {
      setSending(false);
    }
  };

  const back = () => goTo(0);

  let content: ReactNode = null;
  if (step === 0) {
    content = <MobileStep initial={typed} onSubmit={submitMobile} busy={sending} />;
  } else if (step === 1) {
    if (view === 'otp') {
      content = (
        <div className="flex flex-col gap-3">
          <ConfirmMobileDialog
            mode="login"
            mobile={mobile}
            hash={loginHash}
            resendIn={loginWait}
            onResend={resendLogin}
            onVerified={async (out) => {
              if (hasSession(out)) await completeSignIn({ token: out.token, reftoken: out.reftoken, user: out.user });
              toast.success(t('toast.welcome'), { id: 'auth-login' });
            }}
            onEditNumber={back}
          />
          <div className="flex justify-center">
            <LinkButton onClick={() => setView('password')}>{t('popup.passwordLogin')}</LinkButton>
          </div>
        </div>
      );
    } else if (view === 'password') {
      content = <PasswordLogin mobile={mobile} onForgot={() => setView('forgot')} onOtp={() => setView('otp')} />;
    } else {
      content = (
        <ForgotPassword
          mobile={mobile}
          onNotRegistered={() => void startRegistration(mobile)}
          onEditNumber={back}
          setSending={setSending}
        />
      );
    }
  } else if (step === 2) {
    if (registerPhase.name === 'code') {
      content = (
        <div className="flex flex-col gap-3">
          <p className="rounded-xl bg-brand-50 p-3 text-center text-sm leading-7 text-brand-900">{t('register.intro')}</p>
          <ConfirmMobileDialog
            mode="register"
            mobile={mobile}
            hash={registerHash}
            resendIn={registerWait}
            onResend={resendRegistration}
            onVerified={async (out, verified) => {
              // The account exists from here on: keep the session, finish the profile next,
              // for the number the success event names.
              if (hasSession(out)) await signIn({ token: out.token, reftoken: out.reftoken, user: out.user }, store);
              setMobile(verified);
              setRegisterPhase({ name: 'form', mcode: out.mcode ?? '' });
            }}
            onEditNumber={back}
          />
        </div>
      );
    } else {
      content = (
        <RegisterForm
          mobile={mobile}
          mcode={registerPhase.mcode}
          onRegistered={async (out) => {
            if (hasSession(out)) await completeSignIn({ token: out.token, reftoken: out.reftoken, user: out.user });
          }}
        />
      );
    }
  }

  const title = step === 2 ? t('register.title') : t('popup.title');

  return (
    <div className="relative" data-step={step} data-testid="login-flow">
      <div className="mb-4 flex items-center justify-between gap-2">
        <div className="flex min-w-10 justify-start">
          {(step === 1 || step === 2) && (
            <button
              type="button"
              onClick={back}
              aria-label={t('popup.back')}
              className="flex h-10 w-10 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100"
            >
              <span aria-hidden="true">→</span>
            </button>
          )}
        </div>
        <div className="text-base font-bold text-slate-800">{title}</div>
        <div className="flex min-w-10 justify-end">
          {onClose && (
            <button
              type="button"
              onClick={onClose}
              aria-label={t('popup.close')}
              className="flex h-10 w-10 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100"
            >
              <span aria-hidden="true">✕</span>
            </button>
          )}
        </div>
      </div>
      <div className="min-h-72">{step === -1 ? null : <Fade key={`${step}-${view}-${registerPhase.name}`}>{content}</Fade>}</div>
      {sending && (
        <div
          role="status"
          aria-live="polite"
          data-testid="sending-overlay"
          className="absolute inset-0 z-10 flex flex-col items-center justify-center gap-3 rounded-2xl bg-white/85"
        >
          <span className="h-10 w-10 animate-spin rounded-full border-4 border-brand-100 border-t-brand-600" aria-hidden="true" />
          <span className="text-sm text-slate-600">{t('popup.sending')}</span>
        </div>
      )}
    </div>
  );
}
