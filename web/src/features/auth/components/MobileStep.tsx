import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ns } from '../i18n';
import { routesByName } from '@/shared/routes/routeTable';
import { PrimaryButton, TextField, firstError } from '@/shared/ui/fields';
import { useCore } from '@/shared/core/useCore';
import { recaptchaEnabled } from '@/features/auth/api/recaptcha';

interface Props {
  /** What the user typed last time (kept when coming back from steps 1 and 2). */
  initial: string;
  /** Called with the typed text and the normalised number; resolves an error message or null. */
  onSubmit: (typed: string, mobile: string) => Promise<string | null>;
  busy: boolean;
}

const termsPath = routesByName.termsOfUse?.path ?? '/terms-of-use';

/**
 * Step 0 of the login popup (spec sections 2 and 5): the mobile number (telephone input, left to
 * right, no autocomplete, required and the mobile rule), the terms and privacy notice (both link
 * to termsOfUse) and the continue button. Submits only after validation passes.
 */
export function MobileStep({ initial, onSubmit, busy }: Props) {
  const { t } = useTranslation(ns);
  const core = useCore();
  const [typed, setTyped] = useState(initial);
  const [error, setError] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!core || busy) return;
    const label = t('popup.mobileLabel');
    const required = firstError(core, [{ rule: 'Required' }], label, typed);
    if (required) {
      setError(required);
      return;
    }
    const normalised = core.normalizeMobile(typed);
    if ('err' in normalised && normalised.err !== undefined) {
      setError(normalised.err);
      return;
    }
    setError(null);
    const failure = await onSubmit(typed, normalised.ok as string);
    if (failure) setError(failure);
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <p className="text-sm leading-7 text-slate-600">{t('popup.mobileIntro')}</p>
      <TextField
        name="mobile"
        type="tel"
        dir="ltr"
        inputMode="tel"
        autoComplete="off"
        placeholder={t('popup.mobilePlaceholder')}
        label={t('popup.mobileLabel')}
        value={typed}
        onChange={(e) => {
          setTyped(e.target.value);
          if (error) setError(null);
        }}
        error={error}
        required
        autoFocus
        className="[&_input]:text-center [&_input]:text-lg [&_input]:tracking-wider"
      />
      <PrimaryButton disabled={busy || !core}>{t('popup.continue')}</PrimaryButton>
      <p className="text-xs leading-6 text-slate-500">
        {t('popup.termsBefore')}{' '}
        <a href={termsPath} target="_blank" rel="noopener" className="text-brand-600 underline-offset-4 hover:underline">
          {t('popup.termsLink')}
        </a>{' '}
        {t('popup.termsAnd')}{' '}
        <a href={termsPath} target="_blank" rel="noopener" className="text-brand-600 underline-offset-4 hover:underline">
          {t('popup.privacyLink')}
        </a>{' '}
        {t('popup.termsAfter')}
      </p>
      {recaptchaEnabled() && <p className="text-[0.7rem] leading-5 text-slate-400">{t('popup.recaptchaNotice')}</p>}
    </form>
  );
}
