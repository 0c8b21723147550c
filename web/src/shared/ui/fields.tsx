import {
  useId,
  useState,
  type ButtonHTMLAttributes,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import { useTranslation } from 'react-i18next';
import type { Core, Rule } from '@/shared/core';

/** Runs the core's rules in order for one field; the first failure's Persian message, or null. */
export function firstError(core: Core, rules: Rule[], field: string, value: string): string | null {
  for (const rule of rules) {
    const out = core.validate(rule, field, value);
    if ('err' in out && out.err !== undefined) return out.err;
  }
  return null;
}

export type Errors<K extends string> = Partial<Record<K, string>>;

/** Validates a whole form: `{ key: [rules, label, value] }` → errors by key. */
export function validateForm<K extends string>(core: Core, spec: Record<K, [Rule[], string, string]>): Errors<K> {
  const errors: Errors<K> = {};
  for (const key of Object.keys(spec) as K[]) {
    const [rules, label, value] = spec[key];
    const e = firstError(core, rules, label, value);
    if (e) errors[key] = e;
  }
  return errors;
}

const inputClass = (invalid: boolean) =>
  `w-full rounded-xl border bg-white px-4 py-3 text-slate-900 outline-none transition placeholder:text-slate-500 focus:border-brand-500 focus:ring-4 focus:ring-brand-100 ${
    invalid ? 'border-red-500' : 'border-slate-300'
  }`;

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  error?: string | null;
  hint?: ReactNode;
  trailing?: ReactNode;
}

/** A labelled input with its error in red under it (spec section 5). */
export function TextField({ label, error, hint, trailing, className, ...rest }: FieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`flex flex-col gap-1 text-start ${className ?? ''}`}>
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      <div className="relative">
        <input id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy} className={inputClass(Boolean(error))} {...rest} />
        {trailing}
      </div>
      {hint && !error && (
        <p id={hintId} className="text-xs leading-6 text-slate-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}

function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" aria-hidden="true" focusable="false">
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
      <circle cx="12" cy="12" r="3" />
      {crossed && <path d="M4 4l16 16" />}
    </svg>
  );
}

/** A password input with a show/hide toggle. */
export function PasswordField(props: Omit<FieldProps, 'type' | 'trailing'>) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  return (
    <TextField
      {...props}
      type={shown ? 'text' : 'password'}
      dir="ltr"
      style={{ paddingRight: '3rem' }}
      trailing={
        <button
          type="button"
          onClick={() => setShown((s) => !s)}
          aria-pressed={shown}
          aria-label={shown ? t('fields.hidePassword') : t('fields.showPassword')}
          className="absolute inset-y-0 right-0 flex items-center px-3 text-slate-500 hover:text-slate-800"
        >
          <EyeIcon crossed={shown} />
        </button>
      }
    />
  );
}

interface SelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  label: string;
  error?: string | null;
  placeholder: string;
  options: string[];
  /** The text shown for an option (default: the value itself). */
  optionLabel?: (value: string) => string;
}

export function SelectField({ label, error, placeholder, options, optionLabel, className, ...rest }: SelectProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={`flex flex-col gap-1 text-start ${className ?? ''}`}>
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      <select id={id} aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined} className={inputClass(Boolean(error))} {...rest}>
        <option value="">{placeholder}</option>
        {options.map((o) => (
          <option key={o} value={o}>
            {optionLabel ? optionLabel(o) : o}
          </option>
        ))}
      </select>
      {error && (
        <p id={errorId} className="text-sm text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}

interface TextAreaProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  label: string;
  error?: string | null;
}

/** A labelled multi-line input with its error in red under it; long unbroken text wraps. */
export function TextAreaField({ label, error, className, ...rest }: TextAreaProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={`flex flex-col gap-1 text-start ${className ?? ''}`}>
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      <textarea
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={`${inputClass(Boolean(error))} min-h-32 [overflow-wrap:anywhere]`}
        {...rest}
      />
      {error && (
        <p id={errorId} className="text-sm text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}

export function PrimaryButton({ children, ...rest }: ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button
      type="submit"
      {...rest}
      className="w-full rounded-xl bg-brand-600 px-5 py-3 font-bold text-white transition hover:bg-brand-700 disabled:opacity-60"
    >
      {children}
    </button>
  );
}

export function LinkButton({ children, ...rest }: ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button type="button" {...rest} className="rounded-lg px-2 py-1 text-sm font-medium text-brand-600 hover:bg-brand-50">
      {children}
    </button>
  );
}
