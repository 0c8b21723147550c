import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ns } from './i18n';

/**
 * A link in a read-only box with a «کپی لینک» button. The button uses the Clipboard API; where
 * it is missing or refused (an insecure origin, a denied permission), the box's text is selected
 * and a visible line asks to copy it by hand.
 */
export function CopyLink({ link }: { link: string }) {
  const { t } = useTranslation(ns);
  const id = useId();
  const box = useRef<HTMLInputElement>(null);
  const [outcome, setOutcome] = useState<'copied' | 'fallback' | null>(null);
  const copy = async () => {
    try {
      if (!navigator.clipboard?.writeText) throw new Error('no clipboard');
      await navigator.clipboard.writeText(link);
      setOutcome('copied');
    } catch {
      box.current?.focus();
      box.current?.select();
      setOutcome('fallback');
    }
  };
  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {t('link')}
      </label>
      <div className="flex flex-wrap gap-2">
        <input
          id={id}
          ref={box}
          readOnly
          dir="ltr"
          value={link}
          onFocus={(e) => e.currentTarget.select()}
          className="min-w-0 flex-1 rounded-xl border border-slate-300 bg-slate-50 px-3 py-2 text-sm text-slate-900"
          data-testid="prepared-link"
        />
        <button type="button" onClick={() => void copy()} className="rounded-xl bg-brand-600 px-4 py-2 text-sm font-bold text-white hover:bg-brand-700" data-testid="prepared-copy">
          {t('copy')}
        </button>
      </div>
      <p role="status" className="text-sm text-slate-700" data-testid="copy-status">
        {outcome === 'copied' ? t('copied') : outcome === 'fallback' ? t('copyFallback') : ''}
      </p>
    </div>
  );
}
