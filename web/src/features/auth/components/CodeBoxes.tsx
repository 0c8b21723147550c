import { useRef, type ClipboardEvent, type KeyboardEvent, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ns } from '../i18n';
import type { Core, CodeBoxes as Boxes } from '@/shared/core';
import { CODE_LENGTH } from '@/shared/core/constants.generated';

/** The code's length (core `otp::CODE_LENGTH`, generated). */
export { CODE_LENGTH };
export const EMPTY_CODE: Boxes = ['', '', '', '', ''];
const ORDINALS = ['۱', '۲', '۳', '۴', '۵'];

export type { Boxes };

interface Props {
  value: Boxes;
  onChange: (next: Boxes) => void;
  core: Core;
  disabled?: boolean;
  invalid?: boolean;
  /** id of the element that describes an error, for aria-describedby */
  errorId?: string;
  autoFocus?: boolean;
}

/** The one digit a single typed or inserted character stands for ('' when it is not a digit). */
function digitOf(core: Core, ch: string): string {
  const boxes = core.spreadPaste(ch);
  return boxes[0] ?? '';
}

/**
 * Five single-digit boxes laid out left to right (spec section 2, confirm-mobile dialog); the
 * value is kept in Western digits and shown in Persian digits. Behaviour:
 * typing auto-advances, a paste is spread over the boxes by the core's `spread_paste` (a
 * non-numeric paste clears them), arrows move, Backspace on an empty box moves back and clears
 * that digit, Delete removes the digit and shifts the rest left.
 */
export function CodeBoxes({ value, onChange, core, disabled, invalid, errorId, autoFocus }: Props) {
  const { t } = useTranslation(ns);
  const refs = useRef<(HTMLInputElement | null)[]>([]);

  const focus = (i: number) => {
    const target = refs.current[Math.max(0, Math.min(CODE_LENGTH - 1, i))];
    if (target) {
      target.focus();
      target.select();
    }
  };

  const setAt = (i: number, digit: string): Boxes => {
    const next = [...value] as Boxes;
    next[i] = digit;
    return next;
  };

  const typeDigit = (i: number, ch: string) => {
    const d = digitOf(core, ch);
    if (!d) return;
    onChange(setAt(i, d));
    if (i < CODE_LENGTH - 1) focus(i + 1);
  };

  const spread = (text: string) => {
    const next = core.spreadPaste(text);
    onChange(next);
    const firstEmpty = next.findIndex((d) => d === '');
    focus(firstEmpty === -1 ? CODE_LENGTH - 1 : firstEmpty);
  };

  const onKeyDown = (i: number) => (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    switch (e.key) {
      case 'ArrowRight':
        e.preventDefault();
        focus(i + 1);
        return;
      case 'ArrowLeft':
        e.preventDefault();
        focus(i - 1);
        return;
      case 'Home':
        e.preventDefault();
        focus(0);
        return;
      case 'End':
        e.preventDefault();
        focus(CODE_LENGTH - 1);
        return;
      case 'Backspace':
        e.preventDefault();
        if (value[i]) {
          onChange(setAt(i, ''));
        } else if (i > 0) {
          onChange(setAt(i - 1, ''));
          focus(i - 1);
        }
        return;
      case 'Delete': {
        e.preventDefault();
        const next = [...value.slice(0, i), ...value.slice(i + 1), ''] as Boxes;
        onChange(next);
        return;
      }
      default:
        break;
    }
    // A printable key: handled here so that re-typing the same digit still advances and a
    // non-digit never reaches the box. (Virtual keyboards that send no key go through onChange.)
    if (e.key.length === 1) {
      e.preventDefault();
      typeDigit(i, e.key);
    }
  };

  const onInputChange = (i: number) => (e: ChangeEvent<HTMLInputElement>) => {
    const raw = e.target.value;
    if (raw === '') {
      onChange(setAt(i, ''));
      return;
    }
    if ([...raw].length >= CODE_LENGTH) {
      // Autofill of the whole code (autocomplete="one-time-code") lands in one box.
      spread(raw);
      return;
    }
    const old = core.toPersianDigits(value[i]);
    const inserted = old && raw.startsWith(old) ? raw.slice(old.length) : old && raw.endsWith(old) ? raw.slice(0, -old.length) : raw;
    const chars = [...inserted];
    const ch = chars[chars.length - 1];
    if (ch) typeDigit(i, ch);
  };

  const onPaste = (e: ClipboardEvent<HTMLInputElement>) => {
    e.preventDefault();
    spread(e.clipboardData.getData('text'));
  };

  return (
    <div dir="ltr" role="group" aria-label={t('code.groupLabel')} className="flex justify-center gap-2 sm:gap-3">
      {value.map((digit, i) => (
        <input
          key={i}
          ref={(el) => {
            refs.current[i] = el;
          }}
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete={i === 0 ? 'one-time-code' : 'off'}
          enterKeyHint={i === CODE_LENGTH - 1 ? 'done' : 'next'}
          aria-label={t('code.digitLabel', { n: ORDINALS[i] })}
          aria-invalid={invalid || undefined}
          aria-describedby={errorId}
          autoFocus={autoFocus && i === 0}
          required
          disabled={disabled}
          value={core.toPersianDigits(digit)}
          onChange={onInputChange(i)}
          onKeyDown={onKeyDown(i)}
          onPaste={onPaste}
          onFocus={(e) => e.target.select()}
          data-testid={`code-box-${i}`}
          className={`h-14 w-12 rounded-xl border-2 bg-white text-center text-2xl font-bold text-slate-900 caret-brand-600 transition outline-none focus:border-brand-500 focus:ring-4 focus:ring-brand-100 disabled:opacity-60 sm:h-16 sm:w-14 ${
            invalid ? 'border-red-500' : 'border-slate-300'
          }`}
        />
      ))}
    </div>
  );
}
