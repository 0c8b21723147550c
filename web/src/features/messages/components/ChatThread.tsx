import { useAtomValue } from 'jotai';
import { useEffect, useId, useLayoutEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ns } from '../i18n';
import { useCore } from '@/shared/core/useCore';
import type { ChatMessage, Receipts } from '../api/protocol';
import { chatClientAtom } from '../hooks/useChatConnection';
import { chatAtom, conversationKey, emptyConversation, type Pending } from '../stores/chat';

type Delivery = 'sent' | 'delivered' | 'read';

/** How far the other side got with one of my messages. */
function deliveryOf(m: ChatMessage, r: Receipts | null, staff: boolean): Delivery {
  if (!r) return 'sent';
  const [delivered, read] = staff ? [r.customer_delivered, r.customer_read] : [r.staff_delivered, r.staff_read];
  if (read >= m.id) return 'read';
  if (delivered >= m.id) return 'delivered';
  return 'sent';
}

const bubble = 'max-w-[85%] rounded-2xl px-3.5 py-2 text-sm leading-7 whitespace-pre-wrap break-words [overflow-wrap:anywhere]';

/**
 * One conversation: history (newest page on open, older pages on request), live messages,
 * typing and delivered/read marks, and the composer. Customers see their own conversation;
 * staff pass the conversation they answer.
 */
export function ChatThread({ conversation = null, className = '' }: { conversation?: number | null; className?: string }) {
  const { t } = useTranslation(ns);
  const chat = useAtomValue(chatAtom);
  const client = useAtomValue(chatClientAtom);
  const key = chat.staff ? conversationKey(conversation) : 'own';
  const conv = chat.conversations[key] ?? emptyConversation;
  const pending = chat.outbox.filter((p) => (chat.staff ? p.conversation === conversation : p.conversation == null));
  const open = chat.status === 'open';
  const listRef = useRef<HTMLOListElement>(null);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (client && open && !conv.loaded) client.loadHistory(conversation);
  }, [client, open, conv.loaded, conversation]);

  // On screen and loaded: what arrived is read.
  const lastId = conv.messages.at(-1)?.id ?? 0;
  useEffect(() => {
    if (!client || !open || !conv.loaded) return;
    const mark = () => {
      if (document.visibilityState !== 'hidden') client.markRead(conversation);
    };
    mark();
    document.addEventListener('visibilitychange', mark);
    return () => document.removeEventListener('visibilitychange', mark);
  }, [client, open, conv.loaded, lastId, conversation]);

  // The newest message in view (not when older ones were prepended).
  const count = conv.messages.length + pending.length;
  const newest = `${lastId}:${pending.length}`;
  const prevNewest = useRef('');
  useLayoutEffect(() => {
    const el = listRef.current;
    if (el && prevNewest.current !== newest) el.scrollTop = el.scrollHeight;
    prevNewest.current = newest;
  }, [newest, count]);

  // The typing line goes away by itself.
  useEffect(() => {
    if (conv.typingUntil <= now) return;
    const id = setTimeout(() => setNow(Date.now()), conv.typingUntil - now + 50);
    return () => clearTimeout(id);
  }, [conv.typingUntil, now]);
  const typing = conv.typingUntil > Date.now();

  return (
    <div className={`flex min-h-0 flex-col ${className}`} data-testid="chat-thread">
      <p
        className={`mb-2 flex items-center gap-2 text-xs ${open ? 'text-emerald-700' : 'text-amber-700'}`}
        role="status"
        data-testid="chat-status"
        data-status={chat.status}
      >
        <span aria-hidden="true" className={`h-2 w-2 rounded-full ${open ? 'bg-emerald-500' : 'bg-amber-500'}`} />
        {t(`status.${chat.status === 'idle' ? 'connecting' : chat.status}`)}
      </p>
      <ol
        ref={listRef}
        className="min-h-48 flex-1 space-y-2 overflow-y-auto overflow-x-hidden rounded-2xl bg-slate-50 p-3"
        aria-label={t('title')}
        aria-live="polite"
        aria-relevant="additions"
        tabIndex={0}
        data-testid="chat-messages"
      >
        {conv.hasMore && (
          <li className="text-center">
            <button
              type="button"
              className="rounded-full bg-white px-3 py-1 text-xs text-brand-700 shadow-sm hover:bg-brand-50"
              onClick={() => client?.loadHistory(conversation, true)}
              disabled={conv.loadingOlder}
            >
              {conv.loadingOlder ? t('loadingOlder') : t('older')}
            </button>
          </li>
        )}
        {!conv.loaded && open && <li className="text-center text-sm text-slate-500">{t('loading')}</li>}
        {conv.loaded && conv.messages.length === 0 && pending.length === 0 && (
          <li className="py-6 text-center text-sm text-slate-500">{t('empty')}</li>
        )}
        {conv.messages.map((m) => {
          const mine = m.from_staff === chat.staff;
          const state = mine ? deliveryOf(m, conv.receipts, chat.staff) : null;
          return (
            <li key={m.id} className={`flex ${mine ? 'justify-start' : 'justify-end'}`} data-testid="chat-message" data-mine={mine}>
              <div className={`${bubble} ${mine ? 'bg-brand-600 text-white' : 'bg-white text-slate-800 shadow-sm'}`}>
                <span className="sr-only">{mine ? t('you') : m.from_staff ? t('support') : t('customer')}: </span>
                {m.text}
                <span className={`mt-0.5 flex items-center justify-end gap-1 text-[0.7rem] ${mine ? 'text-brand-100' : 'text-slate-500'}`}>
                  <span>{m.at_text}</span>
                  {state && (
                    <span data-testid="chat-delivery" data-state={state} title={t(`state.${state}`)}>
                      <span aria-hidden="true">{state === 'sent' ? '✓' : '✓✓'}</span>
                      <span className="sr-only">{t(`state.${state}`)}</span>
                    </span>
                  )}
                </span>
              </div>
            </li>
          );
        })}
        {pending.map((p) => (
          <PendingBubble key={p.client_id} p={p} onDiscard={() => client?.discard(p.client_id)} />
        ))}
      </ol>
      <p className="h-5 text-xs text-slate-500" aria-live="polite">
        {typing ? (chat.staff ? t('typingCustomer') : t('typingStaff')) : ''}
      </p>
      {chat.notice && (
        <p className="mb-1 text-xs text-amber-700" role="status" data-testid="chat-notice">
          {chat.notice}
        </p>
      )}
      <Composer
        onSend={(text) => client?.send(text, chat.staff ? conversation : null)}
        onTyping={() => client?.typing(chat.staff ? conversation : null)}
        disabled={!client}
      />
    </div>
  );
}

function PendingBubble({ p, onDiscard }: { p: Pending; onDiscard: () => void }) {
  const { t } = useTranslation(ns);
  return (
    <li className="flex justify-start" data-testid="chat-pending" data-state={p.status}>
      <div className={`${bubble} ${p.status === 'failed' ? 'bg-red-50 text-red-800 ring-1 ring-red-200' : 'bg-brand-600/70 text-white'}`}>
        {p.text}
        <span className="mt-0.5 flex flex-wrap items-center justify-end gap-2 text-[0.7rem]">
          <span>{p.status === 'failed' && p.error ? p.error : t(`state.${p.status}`)}</span>
          {p.status === 'failed' && (
            <button type="button" className="underline" onClick={onDiscard}>
              {t('discard')}
            </button>
          )}
        </span>
      </div>
    </li>
  );
}

function Composer({ onSend, onTyping, disabled }: { onSend: (text: string) => void; onTyping: () => void; disabled: boolean }) {
  const { t } = useTranslation(ns);
  const core = useCore();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    if (!core || disabled) return;
    const out = core.chatText(text);
    if ('err' in out && out.err !== undefined) {
      setError(out.err);
      return;
    }
    if (!('ok' in out) || out.ok === undefined) return;
    onSend(out.ok);
    setText('');
    setError(null);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) submit(e);
  };

  return (
    <form onSubmit={submit} className="mt-1" noValidate>
      <div className="flex items-end gap-2">
        <label htmlFor={id} className="sr-only">
          {t('inputLabel')}
        </label>
        <textarea
          id={id}
          rows={2}
          value={text}
          placeholder={t('placeholder')}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => {
            setText(e.target.value);
            if (error) setError(null);
            if (e.target.value.trim()) onTyping();
          }}
          onKeyDown={onKeyDown}
          className="min-w-0 flex-1 resize-none rounded-xl border border-slate-300 px-3 py-2 text-sm focus:border-brand-500 focus:outline-none"
          data-testid="chat-input"
        />
        <button
          type="submit"
          className="h-11 shrink-0 rounded-xl bg-brand-600 px-4 text-sm font-bold text-white transition hover:bg-brand-700 disabled:opacity-50"
          disabled={!core || disabled}
          data-testid="chat-send"
        >
          {t('send')}
        </button>
      </div>
      {error && (
        <p id={`${id}-error`} className="mt-1 text-xs text-red-600" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
