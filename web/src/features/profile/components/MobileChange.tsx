import { useStore } from 'jotai';
import { useContext, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ns } from '../i18n';
import { toast } from '@/shared/ui/toast';
import { persianDigits, useCore } from '@/shared/core/useCore';
import { signIn } from '@/shared/session/session';
import { PasswordField, PrimaryButton, TextField } from '@/shared/ui/fields';
import { sendMobileCode, verifyMobileCode, type AccountReply, type User } from '../api/account';
import { CodeDialogSlot } from './slots';

type Step =
  | { kind: 'idle' }
  | { kind: 'number' }
  | { kind: 'code'; mobile: string; hash: string; resendIn?: number | null; currentHash: string | null; password: string };

/**
 * The mobile number changes only through a one-time code sent to the new number, confirmed in
 * the sign-in's code dialog, and the account's password (when it has one; the server asks for
 * it with a 422 on `password`) or, without a password, a second code sent to the current
 * number. A number of another account is refused by the server (its message shows under the
 * input) and nothing changes. The change ends every other session; this one goes on with the
 * new sign-in the server answers.
 */
export function MobileChange({ user, onChanged }: { user: User; onChanged: (user: User) => Promise<void> }) {
  const { t } = useTranslation(ns);
  const core = useCore();
  const CodeDialog = useContext(CodeDialogSlot);
  const store = useStore();
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  // The password input shows once the server says the account has one.
  const [needsPassword, setNeedsPassword] = useState(false);
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [currentCode, setCurrentCode] = useState('');
  const [currentCodeError, setCurrentCodeError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const send = async (mobile: string, pass: string): Promise<AccountReply | null> => {
    try {
      return await sendMobileCode(mobile, pass || undefined);
    } catch {
      return null; // the HTTP client reported it
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!core || busy) return;
    const required = core.validate({ rule: 'Required' }, t('mobile.newMobile'), value.trim());
    if ('err' in required && required.err) return setError(required.err);
    const normal = core.normalizeMobile(value);
    if ('err' in normal && normal.err !== undefined) return setError(normal.err);
    const mobile = normal.ok as string;
    setBusy(true);
    const out = await send(mobile, password);
    setBusy(false);
    if (!out) return;
    if (out.status === 'ok' && out.data) {
      setError(null);
      setPasswordError(null);
      setCurrentCode('');
      setCurrentCodeError(null);
      setStep({ kind: 'code', mobile, hash: out.data, resendIn: out.resend_in, currentHash: out.current_hash ?? null, password });
    } else if (out.field === 'password') {
      setNeedsPassword(true);
      setPasswordError(out.message || t('mobile.sendFailed'));
    } else {
      setError(out.message || t('mobile.sendFailed'));
    }
  };

  const resend = async (mobile: string, pass: string): Promise<{ hash: string; resendIn?: number | null } | null> => {
    const out = await send(mobile, pass);
    if (out?.status === 'ok' && out.data) {
      // A resend without a password sends a new current-number code too.
      setStep((s) => (s.kind === 'code' ? { ...s, currentHash: out.current_hash ?? null } : s));
      return { hash: out.data, resendIn: out.resend_in };
    }
    if (out) toast.error(out.message || t('mobile.sendFailed'), { id: 'profile-mobile' });
    return null;
  };

  const verify = async (s: Extract<Step, { kind: 'code' }>, code: string, hash: string): Promise<AccountReply> => {
    const current = s.currentHash ? { currentCode: currentCode.trim(), currentHash: s.currentHash } : undefined;
    const out = await verifyMobileCode(s.mobile, code, hash, current);
    setCurrentCodeError(out.status === 'error' && out.field === 'currentCode' ? (out.message ?? null) : null);
    return out;
  };

  const verified = async (out: AccountReply) => {
    // Every other session ended; this one goes on with the new pair.
    if (out.token && out.user) await signIn({ token: out.token, reftoken: out.reftoken ?? null, user: out.user }, store);
    if (out.user) await onChanged(out.user);
    setStep({ kind: 'idle' });
    setValue('');
    setPassword('');
    setNeedsPassword(false);
    toast.success(out.message || t('mobile.changed'), { id: 'profile-mobile' });
  };

  return (
    <section aria-labelledby="profile-mobile-title" className="flex flex-col gap-3 rounded-2xl bg-white p-4 shadow-sm md:p-6" data-testid="mobile-change">
      <h2 id="profile-mobile-title" className="text-lg font-bold text-slate-900">
        {t('mobile.title')}
      </h2>
      <p className="text-sm text-slate-600">
        {t('mobile.current')}:{' '}
        <bdi dir="ltr" className="font-bold text-slate-900" data-testid="current-mobile">
          {persianDigits(core, user.Mobile)}
        </bdi>
      </p>
      {step.kind === 'idle' && (
        <div>
          <button
            type="button"
            onClick={() => setStep({ kind: 'number' })}
            className="rounded-xl border border-brand-600 px-4 py-2 text-sm font-bold text-brand-700 hover:bg-brand-50"
          >
            {t('mobile.change')}
          </button>
        </div>
      )}
      {step.kind === 'number' && (
        <form onSubmit={submit} noValidate className="flex flex-col gap-3">
          <p className="text-sm leading-7 text-slate-600">{t('mobile.intro')}</p>
          <TextField
            name="mobile"
            type="tel"
            dir="ltr"
            inputMode="tel"
            autoComplete="off"
            maxLength={40}
            label={t('mobile.newMobile')}
            value={value}
            onChange={(e) => {
              setValue(e.target.value);
              setError(null);
            }}
            error={error}
            autoFocus
          />
          {needsPassword && (
            <PasswordField
              name="password"
              autoComplete="current-password"
              maxLength={200}
              label={t('mobile.password')}
              hint={t('mobile.passwordHint')}
              value={password}
              onChange={(e) => {
                setPassword(e.target.value);
                setPasswordError(null);
              }}
              error={passwordError}
              autoFocus
            />
          )}
          <div className="flex flex-wrap items-center gap-3">
            <div className="min-w-40">
              <PrimaryButton disabled={busy || !core}>{t('mobile.send')}</PrimaryButton>
            </div>
            <button type="button" onClick={() => setStep({ kind: 'idle' })} className="rounded-lg px-3 py-2 text-sm text-slate-600 hover:bg-slate-100">
              {t('mobile.cancel')}
            </button>
          </div>
        </form>
      )}
      {step.kind === 'code' && CodeDialog && (
        <div className="mx-auto flex w-full max-w-sm flex-col gap-3 rounded-2xl border border-slate-200 p-4">
          {step.currentHash && (
            <TextField
              name="currentCode"
              type="text"
              dir="ltr"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={10}
              label={t('mobile.currentCode')}
              hint={t('mobile.currentCodeHint', { mobile: persianDigits(core, user.Mobile) })}
              value={currentCode}
              onChange={(e) => {
                setCurrentCode(e.target.value);
                setCurrentCodeError(null);
              }}
              error={currentCodeError}
            />
          )}
          <CodeDialog
            mobile={step.mobile}
            hash={step.hash}
            resendIn={step.resendIn}
            onResend={() => resend(step.mobile, step.password)}
            verify={(code, hash) => verify(step, code, hash)}
            onVerified={verified}
            onEditNumber={() => setStep({ kind: 'number' })}
          />
        </div>
      )}
    </section>
  );
}
