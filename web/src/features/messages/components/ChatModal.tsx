import { useAtom } from 'jotai';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ns } from '../i18n';
import { chatModalAtom } from '@/shared/state';
import { ChatThread } from './ChatThread';

/**
 * The chat panel (spec's `chatModal`): the customer's conversation over any page, opened from
 * the header's chat button on wide screens. Escape or the close button closes it.
 */
export default function ChatModal() {
  const { t } = useTranslation(ns);
  const [open, setOpen] = useAtom(chatModalAtom);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    ref.current?.querySelector<HTMLTextAreaElement>('textarea')?.focus();
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open, setOpen]);
  if (!open) return null;
  return (
    <div
      ref={ref}
      role="dialog"
      aria-labelledby="chat-panel-title"
      data-testid="chat-panel"
      className="fixed inset-x-2 bottom-2 z-50 flex h-[min(36rem,calc(100dvh-1rem))] flex-col rounded-2xl bg-white p-3 shadow-2xl ring-1 ring-slate-200 sm:inset-x-auto sm:end-4 sm:bottom-4 sm:w-96"
    >
      <div className="mb-2 flex items-center justify-between gap-2">
        <h2 id="chat-panel-title" className="font-bold text-slate-900">
          {t('title')}
        </h2>
        <button
          type="button"
          onClick={() => setOpen(false)}
          className="inline-flex h-9 w-9 items-center justify-center rounded-full text-slate-500 hover:bg-slate-100"
          aria-label={t('close')}
        >
          <span aria-hidden="true">✕</span>
        </button>
      </div>
      <ChatThread className="min-h-0 flex-1" />
    </div>
  );
}
