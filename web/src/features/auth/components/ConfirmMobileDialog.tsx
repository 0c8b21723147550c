import { useId, useRef, useState, type FormEvent } from 'react';
import { useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { ns } from '../i18n';
import { toast } from '@/shared/ui/toast';
import { loadingAtom } from '@/shared/state';
import { LogoMark } from '@/shared/ui/Logo';
import { CodeBoxes, EMPTY_CODE, type Boxes } from './CodeBoxes';
import { useCountdown, waitOf, type Sent } from '@/features/auth/hooks/useCountdown';
import { persianDigits, useCore } from '@/shared/core/useCore';
import { hasSession, verifyForget, verifyLogin, verifyRegister, type Outcome } from '@/features/auth/api/auth';

/**
 * register and OTP login are the spec's modes; forget reuses the dialog for password recovery,
 * change for a signed-in customer's new mobile number (the caller passes `verify`).
 */
export type ConfirmMode = 'login' | 'register' | 'forget' | 'change';

interface Props {
  mode: ConfirmMode;
  /** The normalised mobile number (09xxxxxxxxx). */
  mobile: string;
  /** The hash returned by the send step. */
  hash: string;
  /** The send step's `resend_in`: seconds until another code may be asked for (default 59). */
  resendIn?: number | null;
  /** Sends the code again; resolves the new hash (with the server's `resend_in`), or null when nothing was sent. */
  onResend: () => Promise<Sent | string | null>;
  /**
   * The success event: the server's answer and the mobile number it verified (spec section 2:
   * "in register mode a success event is emitted with the mobile number").
   */
  onVerified: (outcome: Outcome, mobile: string) => void | Promise<void>;
  /** "Edit the number": back to the mobile step. */
  onEditNumber?: () => void;
  /** Checks the code with the caller's own call (mode `change`); the sign-in calls otherwise. */
  verify?: (code: string, hash: string) => Promise<Outcome>;
}

function verifyWith(mode: ConfirmMode, mobile: string, code: string, hash: string): Promise<Outcome> {
  if (mode === 'login') return verifyLogin(mobile, code, hash);
  if (mode === 'register') return verifyRegister(mobile, code, hash);
  if (mode === 'forget') return verifyForget(mobile, code, hash);
  return Promise.reject(new Error('mode change needs its own verify'));
}

function accepted(mode: ConfirmMode, out: Outcome): boolean {
  const ok = out.status === 'ok' || out.data === 'ok';
  if (!ok) return false;
  if (mode === 'login') return hasSession(out);
  if (mode === 'forget') return Boolean(out.mcode);
  return true;
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/**
 * The confirm-mobile-number dialog (spec sections 2 and 4): logo, title, instruction, five code
 * boxes, the 59-second countdown ('seconds : 00') or 'ارسال مجدد', and 'تایید کد'.
 * Submit sets the global loading flag; after every attempt the digits are cleared and the flag
 * reset. 'wrong' shows 'کد وارد شده اشتباه است'; any other non-ok answer 'خطای سرور'; a thrown
 * request error only clears the loading flag (the HTTP client has already said the server
 * could not be reached).
 */
export function ConfirmMobileDialog({ mode, mobile, hash: initialHash, resendIn, onResend, onVerified, onEditNumber, verify }: Props) {
  const { t } = useTranslation(ns);
  const core = useCore();
  const setLoading = useSetAtom(loadingAtom);
  const [digits, setDigits] = useState<Boxes>(EMPTY_CODE);
  const [hash, setHash] = useState(initialHash);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [resending, setResending] = useState(false);
  const inFlight = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);
  const { seconds, restart } = useCountdown(waitOf(resendIn));
  const titleId = useId();
  const errorId = useId();

  const focusBox = (i: number) => {
    const box = formRef.current?.querySelector<HTMLInputElement>(`[data-testid="code-box-${i}"]`);
    box?.focus();
  };

  const onChange = (next: Boxes) => {
    setDigits(next);
    if (error) setError(null);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (inFlight.current || !core) return;
    const missing = digits.findIndex((d) => d === '');
    if (missing !== -1) {
      const required = core.validate({ rule: 'Required' }, t('code.field'), '');
      setError('err' in required && required.err ? required.err : t('toast.tryAgain'));
      focusBox(missing);
      return;
    }
    const code = core.normalizeCode(digits.join(''));
    if ('err' in code && code.err !== undefined) {
      setError(code.err);
      return;
    }
    inFlight.current = true;
    setBusy(true);
    setLoading(true);
    try {
      const out = await (verify ? verify(code.ok as string, hash) : verifyWith(mode, mobile, code.ok as string, hash));
      if (out.data === 'wrong' || out.status === 'wrong') {
        setError(t('code.wrong'));
        toast.error(t('code.wrong'), { id: 'auth-code' });
      } else if (accepted(mode, out)) {
        setError(null);
        await onVerified(out, mobile);
      } else {
        // The spec's 'خطای سرور' for every other non-ok answer; the toast adds the server's own
        // reason when it gave one (a 429's wait), which the inline message would otherwise hide.
        setError(t('code.serverError'));
        toast.error(out.message || t('code.serverError'), { id: 'auth-code' });
      }
    } catch {
      // A thrown request error only clears the loading flag (spec section 8).
    } finally {
      setDigits(EMPTY_CODE);
      setLoading(false);
      setBusy(false);
      inFlight.current = false;
      focusBox(0);
    }
  };

  const resend = async () => {
    if (resending) return;
    setResending(true);
    try {
      const got = await onResend();
      const next: Sent | null = typeof got === 'string' ? { hash: got } : got;
      if (next) {
        setHash(next.hash);
        restart(waitOf(next.resendIn));
        setDigits(EMPTY_CODE);
        setError(null);
        toast.success(t('code.resent'), { id: 'auth-code' });
        focusBox(0);
      }
    } catch {
      /* the HTTP client reported it */
    } finally {
      setResending(false);
    }
  };

  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-labelledby={titleId} className="flex flex-col items-center gap-4 text-center">
      <LogoMark className="h-14 w-14" />
      <h2 id={titleId} className="text-lg font-bold text-slate-900">
        {t('code.title')}
      </h2>
      <p className="text-sm leading-7 text-slate-600">
        {t('code.instruction', { mobile: persianDigits(core, mobile) })}
      </p>
      {core && (
        <CodeBoxes
          value={digits}
          onChange={onChange}
          core={core}
          invalid={Boolean(error)}
          errorId={error ? errorId : undefined}
          autoFocus
        />
      )}
      <p id={errorId} role="alert" className="min-h-6 text-sm text-red-600">
        {error ?? ''}
      </p>
      <div className="flex min-h-10 items-center justify-center">
        {seconds > 0 ? (
          <span role="timer" aria-label={t('code.countdownLabel', { seconds: persianDigits(core, seconds) })} className="text-sm font-medium text-slate-500 tabular-nums" data-testid="countdown">
            {persianDigits(core, `${pad2(seconds)} : 00`)}
          </span>
        ) : (
          <button
            type="button"
            onClick={resend}
            disabled={resending}
            className="rounded-lg px-3 py-2 text-sm font-bold text-brand-600 hover:bg-brand-50 disabled:opacity-60"
          >
            {t('code.resend')}
          </button>
        )}
      </div>
      <button
        type="submit"
        disabled={busy || !core}
        className="w-full rounded-xl bg-brand-600 px-5 py-3 font-bold text-white transition hover:bg-brand-700 disabled:opacity-60"
      >
        {t('code.submit')}
      </button>
      {onEditNumber && (
        <button type="button" onClick={onEditNumber} className="text-sm text-slate-500 underline-offset-4 hover:underline">
          {t('code.editNumber')}
        </button>
      )}
    </form>
  );
}
