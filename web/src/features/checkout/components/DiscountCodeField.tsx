import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ns } from '../i18n';

/**
 * The discount code entry of order registration: a text field and «اعمال», or the applied code
 * with «حذف». The server's Persian refusal (expired, used up, …) shows in red under the field.
 */
export function DiscountCodeField({
  applied,
  error,
  checking,
  onApply,
  onRemove,
}: {
  applied: string | null;
  error: string | null;
  checking: boolean;
  onApply: (text: string) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation(ns);
  const [text, setText] = useState('');
  const id = useId();
  const errorId = `${id}-error`;
  if (applied) {
    return (
      <div className="flex flex-wrap items-center justify-between gap-2 rounded-xl bg-green-50 p-3 text-sm text-green-800" data-testid="discount-applied">
        <span>
          {t('discount.applied')} <bdi dir="ltr" className="font-bold">{applied}</bdi>
        </span>
        <button type="button" onClick={onRemove} className="font-medium text-red-700 hover:underline">
          {t('discount.remove')}
        </button>
      </div>
    );
  }
  const submit = () => {
    if (text.trim() !== '' && !checking) onApply(text.trim());
  };
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm text-slate-700">
        {t('discount.label')}
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              submit();
            }
          }}
          dir="ltr"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={64}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="min-w-0 flex-1 rounded-xl border border-slate-300 px-3 py-2 text-sm uppercase placeholder:normal-case focus:border-brand-500 focus:outline-none"
          placeholder={t('discount.placeholder')}
        />
        <button
          type="button"
          onClick={submit}
          disabled={text.trim() === '' || checking}
          className="shrink-0 rounded-xl border border-brand-600 px-4 py-2 text-sm font-bold text-brand-700 hover:bg-brand-50 disabled:opacity-50"
        >
          {checking ? t('discount.checking') : t('discount.apply')}
        </button>
      </div>
      {error && (
        <p id={errorId} role="alert" className="mt-1 text-sm text-red-600" data-testid="discount-error">
          {error}
        </p>
      )}
    </div>
  );
}
