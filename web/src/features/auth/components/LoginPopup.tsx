import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import { useAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { ns } from '../i18n';
import { loginModalAtom } from '@/shared/state';
import { LoginFlow } from './LoginFlow';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function focusables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => !el.closest('[aria-hidden="true"]') && el.tabIndex !== -1);
}

/**
 * The login popup (spec section 2): a modal with a small maximum width over the page, open
 * while `loginModalAtom` is on. Focus is trapped inside, Escape and the close button set the
 * modal off, focus returns to where it was, and the page behind does not scroll.
 */
export function LoginPopup() {
  const [open, setOpen] = useAtom(loginModalAtom);
  const close = useCallback(() => setOpen(false), [setOpen]);
  if (!open || typeof document === 'undefined') return null;
  return createPortal(<PopupBody onClose={close} />, document.body);
}

function PopupBody({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation(ns);
  const dialogRef = useRef<HTMLDivElement>(null);
  // Read during the first render, before a step's autoFocus moves focus into the dialog.
  const [previouslyFocused] = useState(() => document.activeElement as HTMLElement | null);

  useEffect(() => {
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    // Focus the first field if the step did not already (autoFocus), else the dialog itself.
    const frame = requestAnimationFrame(() => {
      const dialog = dialogRef.current;
      if (dialog && !dialog.contains(document.activeElement)) (focusables(dialog)[0] ?? dialog).focus();
    });
    return () => {
      cancelAnimationFrame(frame);
      document.body.style.overflow = overflow;
      if (previouslyFocused && previouslyFocused !== document.body && document.contains(previouslyFocused)) {
        previouslyFocused.focus();
      }
    };
  }, [previouslyFocused]);

  // Keep focus inside when it would leave (a click on the backdrop, a step that unmounted the
  // focused element during the fade).
  useEffect(() => {
    const onFocusIn = (e: FocusEvent) => {
      const dialog = dialogRef.current;
      if (dialog && e.target instanceof Node && !dialog.contains(e.target)) {
        (focusables(dialog)[0] ?? dialog).focus();
      }
    };
    document.addEventListener('focusin', onFocusIn);
    return () => document.removeEventListener('focusin', onFocusIn);
  }, []);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Escape') {
      e.stopPropagation();
      onClose();
      return;
    }
    if (e.key !== 'Tab') return;
    const dialog = dialogRef.current;
    if (!dialog) return;
    const items = focusables(dialog);
    if (items.length === 0) {
      e.preventDefault();
      dialog.focus();
      return;
    }
    const first = items[0];
    const last = items[items.length - 1];
    const active = document.activeElement;
    if (e.shiftKey && (active === first || active === dialog)) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && active === last) {
      e.preventDefault();
      first.focus();
    }
  };

  return (
    <div className="fixed inset-0 z-50 flex items-end justify-center sm:items-center" data-testid="login-popup">
      <div className="absolute inset-0 bg-slate-900/50 backdrop-blur-[1px]" aria-hidden="true" onClick={onClose} />
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-label={t('popup.title')}
        tabIndex={-1}
        onKeyDown={onKeyDown}
        className="relative max-h-[92vh] w-full max-w-md overflow-y-auto rounded-t-3xl bg-white p-5 shadow-2xl outline-none sm:rounded-3xl sm:p-6"
      >
        <LoginFlow onClose={onClose} />
      </div>
    </div>
  );
}
