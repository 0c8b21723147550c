/**
 * The chat connection of this tab: one WebSocket, signed in by its first frame (the access
 * token never goes in the URL), reconnecting with back-off, and an outbox kept in local storage
 * so that what was written offline is sent once the socket is back. Every message carries a
 * client id the server stores once, so sending it again after a cut is harmless.
 */
import type { ChatMessage, ClientFrame, InboxEntry, Receipts, ServerFrame } from '../api/protocol';
import { CLOSE, SOCKET_PATH } from '../api/protocol';
import {
  chatAtom,
  conversationKey,
  emptyConversation,
  initialChat,
  type ChatState,
  type ConversationState,
  type Pending,
} from '../stores/chat';

type Store = {
  get: <T>(a: import('jotai').Atom<T>) => T;
  set: (a: typeof chatAtom, v: ChatState | ((s: ChatState) => ChatState)) => void;
};

export interface ChatClientOptions {
  store: Store;
  getToken: () => string | null;
  /** Refresh the access token (true when a new one is in place). */
  refresh: () => Promise<boolean>;
  /** The session is over (blocked account, refresh refused). */
  signOut: (reason: 'forbidden' | 'expired') => void;
  /** Key of the outbox in local storage (per user). */
  outboxKey: string;
  WebSocketImpl?: typeof WebSocket;
  url?: string;
  /** Reconnect delays: first, cap (ms). */
  backoff?: { first: number; max: number };
  now?: () => number;
}

const PING_MS = 25_000;
/** After a 4429 the next try waits as long as the back-off's cap. */
const TOO_MANY_TABS_ATTEMPT = 16;
/** No frame at all for this long: the connection is dead even if the browser has not noticed. */
const SILENCE_MS = 60_000;
const TYPING_SHOWN_MS = 4_000;
const TYPING_SENT_EVERY_MS = 2_000;

function socketUrl(): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}${SOCKET_PATH}`;
}

function newClientId(): string {
  if (typeof crypto !== 'undefined' && 'randomUUID' in crypto) return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

/** Merges messages by id, oldest first. */
export function mergeMessages(a: ChatMessage[], b: ChatMessage[]): ChatMessage[] {
  const byId = new Map<number, ChatMessage>();
  for (const m of a) byId.set(m.id, m);
  for (const m of b) byId.set(m.id, m);
  return [...byId.values()].sort((x, y) => x.id - y.id);
}

export class ChatClient {
  private ws: WebSocket | null = null;
  private stopped = true;
  private attempt = 0;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private pingTimer: ReturnType<typeof setInterval> | null = null;
  private lastFrameAt = 0;
  private lastTypingSent = 0;
  private retryTimers = new Map<string, ReturnType<typeof setTimeout>>();
  private readonly WS: typeof WebSocket;
  private readonly now: () => number;
  private readonly onOnline = () => this.reconnectNow();
  private readonly onOffline = () => this.abandon();

  constructor(private readonly opts: ChatClientOptions) {
    this.WS = opts.WebSocketImpl ?? WebSocket;
    this.now = opts.now ?? Date.now;
  }

  private get state(): ChatState {
    return this.opts.store.get(chatAtom);
  }

  private update(f: (s: ChatState) => ChatState): void {
    this.opts.store.set(chatAtom, f);
  }

  private updateConversation(key: string, f: (c: ConversationState) => ConversationState): void {
    this.update((s) => ({ ...s, conversations: { ...s.conversations, [key]: f(s.conversations[key] ?? emptyConversation) } }));
  }

  private keyOf(conversation: number): string {
    return this.state.staff ? String(conversation) : 'own';
  }

  /** Connect (and keep connecting) until `stop`. */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.update((s) => ({ ...initialChat, outbox: this.loadOutbox(), conversations: s.conversations }));
    window.addEventListener('online', this.onOnline);
    window.addEventListener('offline', this.onOffline);
    this.connect();
  }

  /** Close for good (sign-out, unmount). `forget` also drops the outbox. */
  stop(forget = false): void {
    this.stopped = true;
    window.removeEventListener('online', this.onOnline);
    window.removeEventListener('offline', this.onOffline);
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.clearPing();
    for (const t of this.retryTimers.values()) clearTimeout(t);
    this.retryTimers.clear();
    const ws = this.ws;
    this.ws = null;
    ws?.close(1000, 'bye');
    if (forget) {
      try {
        localStorage.removeItem(this.opts.outboxKey);
      } catch {
        /* storage unavailable */
      }
      this.opts.store.set(chatAtom, initialChat);
    } else {
      this.update((s) => ({ ...s, status: 'idle' }));
    }
  }

  private connect(): void {
    if (this.stopped) return;
    const token = this.opts.getToken();
    if (!token) return;
    if (typeof navigator !== 'undefined' && navigator.onLine === false) {
      // No network: the 'online' event brings the socket back.
      this.update((s) => ({ ...s, status: 'offline' }));
      return;
    }
    this.update((s) => ({ ...s, status: 'connecting' }));
    let ws: WebSocket;
    try {
      ws = new this.WS(this.opts.url ?? socketUrl());
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.ws = ws;
    ws.onopen = () => {
      this.lastFrameAt = this.now();
      ws.send(JSON.stringify({ type: 'auth', token } satisfies ClientFrame));
    };
    ws.onmessage = (ev: MessageEvent) => {
      if (this.ws !== ws) return;
      this.lastFrameAt = this.now();
      let frame: ServerFrame;
      try {
        frame = JSON.parse(String(ev.data)) as ServerFrame;
      } catch {
        return;
      }
      this.onFrame(frame);
    };
    ws.onclose = (ev: CloseEvent) => {
      if (this.ws !== ws) return;
      this.ws = null;
      this.clearPing();
      this.markSendingAsQueued();
      void this.onClosed(ev.code);
    };
  }

  private async onClosed(code: number): Promise<void> {
    if (this.stopped) return;
    this.update((s) => ({ ...s, status: 'offline' }));
    if (code === CLOSE.blocked) {
      this.stop(true);
      this.opts.signOut('forbidden');
      return;
    }
    if (code === CLOSE.tooManyTabs) {
      // Reconnecting at once would only be refused again: wait the longest back-off, so a tab
      // that is closed elsewhere frees the place for this one.
      this.update((s) => ({ ...s, status: 'tooManyTabs' }));
      this.attempt = TOO_MANY_TABS_ATTEMPT;
      this.scheduleReconnect();
      return;
    }
    if (code === CLOSE.signIn) {
      // The token ran out (or the session ended): a fresh one, then straight back.
      const ok = await this.opts.refresh().catch(() => false);
      if (!ok) {
        this.stop(true);
        this.opts.signOut('expired');
        return;
      }
      this.attempt = 0;
    }
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.stopped || this.reconnectTimer) return;
    const { first, max } = this.opts.backoff ?? { first: 500, max: 30_000 };
    const base = Math.min(max, first * 2 ** this.attempt);
    const delay = Math.round(base * (0.8 + Math.random() * 0.4));
    this.attempt += 1;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      this.connect();
    }, delay);
  }

  /** The network is back: do not wait for the back-off. */
  reconnectNow(): void {
    this.attempt = 0;
    if (this.stopped || this.ws) return;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    this.connect();
  }

  /**
   * Give up on the current socket at once (network gone, or silent too long): a closing
   * handshake over a dead network can take the browser a long time to report.
   */
  private abandon(): void {
    const ws = this.ws;
    if (!ws) return;
    this.ws = null;
    ws.onclose = null;
    ws.onmessage = null;
    this.clearPing();
    this.markSendingAsQueued();
    try {
      ws.close(4100, 'offline');
    } catch {
      /* already closed */
    }
    this.update((s) => ({ ...s, status: 'offline' }));
    this.scheduleReconnect();
  }

  private startPing(): void {
    this.clearPing();
    this.pingTimer = setInterval(() => {
      if (this.now() - this.lastFrameAt > SILENCE_MS) {
        this.abandon();
        return;
      }
      this.raw({ type: 'ping' });
    }, PING_MS);
  }

  private clearPing(): void {
    if (this.pingTimer) clearInterval(this.pingTimer);
    this.pingTimer = null;
  }

  private raw(frame: ClientFrame): boolean {
    const ws = this.ws;
    if (!ws || ws.readyState !== 1 || this.state.status !== 'open') return false;
    ws.send(JSON.stringify(frame));
    return true;
  }

  private onFrame(frame: ServerFrame): void {
    switch (frame.type) {
      case 'ready': {
        this.attempt = 0;
        this.update((s) => ({ ...s, status: 'open', staff: frame.staff, own: frame.conversation, unread: frame.unread }));
        this.startPing();
        // Reload what is on screen (messages may have come while the socket was away).
        for (const [key, c] of Object.entries(this.state.conversations)) {
          if (c.loaded) this.raw({ type: 'history', conversation: key === 'own' ? undefined : Number(key) });
        }
        if (frame.staff) this.raw({ type: 'inbox' });
        this.flush();
        return;
      }
      case 'ack':
        this.dropPending(frame.client_id);
        this.addMessage(frame.message);
        return;
      case 'message':
        this.addMessage(frame.message);
        this.onIncoming(frame.message);
        return;
      case 'history': {
        const key = this.state.staff ? conversationKey(frame.conversation) : 'own';
        this.updateConversation(key, (c) => {
          const older = c.loadingOlder && c.loaded;
          return {
            ...c,
            // An older page joins what is shown; the newest page replaces it (after a reconnect
            // it holds what came while away, and nothing older than it is kept that might leave a gap).
            messages: older ? mergeMessages(frame.messages, c.messages) : mergeMessages([], frame.messages),
            // After an older page, whether even older ones exist; after the newest, whether older ones do.
            hasMore: frame.has_more,
            loaded: true,
            loadingOlder: false,
            receipts: frame.receipts ?? c.receipts,
          };
        });
        if (!this.state.staff && frame.conversation != null) this.update((s) => ({ ...s, own: frame.conversation }));
        const last = frame.messages.filter((m) => m.from_staff !== this.state.staff).at(-1);
        if (last) this.raw({ type: 'mark', conversation: this.state.staff ? last.conversation : undefined, delivered: last.id });
        return;
      }
      case 'receipts':
        this.onReceipts(frame.receipts);
        return;
      case 'typing':
        this.updateConversation(this.keyOf(frame.conversation), (c) => ({ ...c, typingUntil: this.now() + TYPING_SHOWN_MS }));
        return;
      case 'inbox':
        this.update((s) => {
          const inbox = frame.conversations;
          return { ...s, inbox, inboxHasMore: frame.has_more, unread: inbox.filter((e) => e.unread > 0).length };
        });
        return;
      case 'error':
        this.onError(frame);
        return;
      case 'pong':
        return;
    }
  }

  private addMessage(m: ChatMessage): void {
    const key = this.keyOf(m.conversation);
    if (!this.state.staff && this.state.own == null) this.update((s) => ({ ...s, own: m.conversation }));
    this.updateConversation(key, (c) => ({
      ...c,
      messages: mergeMessages(c.messages, [m]),
      typingUntil: m.from_staff !== this.state.staff ? 0 : c.typingUntil,
    }));
    if (this.state.staff) this.touchInbox(m);
  }

  /** A message from the other side: acknowledge delivery, count it unread. */
  private onIncoming(m: ChatMessage): void {
    if (m.from_staff === this.state.staff) return;
    this.raw({ type: 'mark', conversation: this.state.staff ? m.conversation : undefined, delivered: m.id });
    if (!this.state.staff) {
      const read = this.state.conversations.own?.receipts?.customer_read ?? 0;
      if (m.id > read) this.update((s) => ({ ...s, unread: s.unread + 1 }));
    }
  }

  private touchInbox(m: ChatMessage): void {
    this.update((s) => {
      if (!s.inbox) return s;
      const old = s.inbox.find((e) => e.conversation === m.conversation);
      const entry: InboxEntry = {
        conversation: m.conversation,
        customer_name: old?.customer_name ?? '',
        customer_mobile: old?.customer_mobile ?? '',
        last_text: m.text.slice(0, 120),
        last_from_staff: m.from_staff,
        last_ms: m.at_ms,
        last_at_text: m.at_text,
        unread: (old?.unread ?? 0) + (m.from_staff ? 0 : 1),
      };
      if (old && old.last_ms === m.at_ms && old.last_text === entry.last_text) return s;
      const inbox = [entry, ...s.inbox.filter((e) => e.conversation !== m.conversation)];
      return { ...s, inbox, unread: inbox.filter((e) => e.unread > 0).length };
    });
    // A conversation the inbox has not listed yet: ask for names.
    if (!this.state.inbox?.find((e) => e.conversation === m.conversation)?.customer_mobile) this.raw({ type: 'inbox' });
  }

  private onReceipts(r: Receipts): void {
    const key = this.keyOf(r.conversation);
    this.updateConversation(key, (c) => ({ ...c, receipts: r }));
    const s = this.state;
    if (s.staff) {
      const c = s.conversations[key];
      const lastCustomer = c?.messages.filter((m) => !m.from_staff).at(-1)?.id ?? 0;
      this.update((st) => {
        if (!st.inbox) return st;
        const inbox = st.inbox.map((e) =>
          e.conversation === r.conversation && (r.staff_read >= lastCustomer || lastCustomer === 0) ? { ...e, unread: 0 } : e,
        );
        return { ...st, inbox, unread: inbox.filter((e) => e.unread > 0).length };
      });
    } else {
      const lastStaff = s.conversations.own?.messages.filter((m) => m.from_staff).at(-1)?.id ?? 0;
      if (r.customer_read >= lastStaff) this.update((st) => ({ ...st, unread: 0 }));
    }
  }

  private onError(frame: Extract<ServerFrame, { type: 'error' }>): void {
    const id = frame.client_id;
    const pending = id ? this.state.outbox.find((p) => p.client_id === id) : undefined;
    if (!pending) {
      this.update((s) => ({ ...s, notice: frame.message }));
      return;
    }
    if (frame.code === 'rate_limited' || frame.code === 'server') {
      // Not lost: it waits and goes again by itself.
      this.setPending(pending.client_id, { status: 'queued', error: frame.message });
      this.update((s) => ({ ...s, notice: frame.message }));
      const wait = frame.retry_after_ms ?? 2000;
      const old = this.retryTimers.get(pending.client_id);
      if (old) clearTimeout(old);
      this.retryTimers.set(
        pending.client_id,
        setTimeout(() => {
          this.retryTimers.delete(pending.client_id);
          this.flush();
        }, wait + 50),
      );
      return;
    }
    this.setPending(pending.client_id, { status: 'failed', error: frame.message });
  }

  /** Sends every queued message, oldest first, that is not waiting out a refusal. */
  private flush(): void {
    if (this.state.status !== 'open') return;
    for (const p of this.state.outbox) {
      if (p.status !== 'queued' || this.retryTimers.has(p.client_id)) continue;
      const frame: ClientFrame = { type: 'send', client_id: p.client_id, text: p.text };
      if (p.conversation != null) frame.conversation = p.conversation;
      if (this.raw(frame)) this.setPending(p.client_id, { status: 'sending' });
    }
  }

  /** Queue a message (already checked with the core's chat_text rule) and send it when possible. */
  send(text: string, conversation: number | null = null): Pending {
    const p: Pending = { client_id: newClientId(), text, conversation, status: 'queued', created: this.now() };
    this.update((s) => ({ ...s, outbox: [...s.outbox, p], notice: null }));
    this.saveOutbox();
    this.flush();
    return p;
  }

  /** Drop a message the server refused for good. */
  discard(clientId: string): void {
    this.dropPending(clientId);
  }

  /** The newest page (on open), or the page before the oldest shown. */
  loadHistory(conversation: number | null = null, older = false): void {
    const key = this.state.staff ? conversationKey(conversation) : 'own';
    const c = this.state.conversations[key] ?? emptyConversation;
    const before = older ? c.messages[0]?.id : undefined;
    if (older && (!before || c.loadingOlder)) return;
    if (older) this.updateConversation(key, (x) => ({ ...x, loadingOlder: true }));
    else if (!this.state.conversations[key]) this.updateConversation(key, (x) => x);
    const frame: ClientFrame = { type: 'history' };
    if (conversation != null) frame.conversation = conversation;
    if (before) frame.before = before;
    this.raw(frame);
  }

  /** The conversation is on screen: its messages are read. */
  markRead(conversation: number | null = null): void {
    const s = this.state;
    const key = s.staff ? conversationKey(conversation) : 'own';
    const c = s.conversations[key];
    const last = c?.messages.filter((m) => m.from_staff !== s.staff).at(-1);
    if (!s.staff) this.update((st) => ({ ...st, unread: 0 }));
    if (!last) return;
    const r = c?.receipts;
    const mine = s.staff ? r?.staff_read : r?.customer_read;
    if (mine !== undefined && mine >= last.id) return;
    this.raw({ type: 'mark', conversation: s.staff ? (conversation ?? undefined) : undefined, read: last.id });
  }

  typing(conversation: number | null = null): void {
    if (this.now() - this.lastTypingSent < TYPING_SENT_EVERY_MS) return;
    this.lastTypingSent = this.now();
    this.raw(conversation != null ? { type: 'typing', conversation } : { type: 'typing' });
  }

  loadInbox(): void {
    this.raw({ type: 'inbox' });
  }

  dismissNotice(): void {
    this.update((s) => ({ ...s, notice: null }));
  }

  private setPending(clientId: string, patch: Partial<Pending>): void {
    this.update((s) => ({ ...s, outbox: s.outbox.map((p) => (p.client_id === clientId ? { ...p, ...patch } : p)) }));
    this.saveOutbox();
  }

  private dropPending(clientId: string): void {
    const t = this.retryTimers.get(clientId);
    if (t) clearTimeout(t);
    this.retryTimers.delete(clientId);
    this.update((s) => ({ ...s, outbox: s.outbox.filter((p) => p.client_id !== clientId) }));
    this.saveOutbox();
  }

  private markSendingAsQueued(): void {
    this.update((s) => ({ ...s, outbox: s.outbox.map((p) => (p.status === 'sending' ? { ...p, status: 'queued' } : p)) }));
  }

  private loadOutbox(): Pending[] {
    try {
      const raw = localStorage.getItem(this.opts.outboxKey);
      const list = raw ? (JSON.parse(raw) as Pending[]) : [];
      return Array.isArray(list)
        ? list
            .filter((p) => typeof p?.client_id === 'string' && typeof p.text === 'string')
            .map((p) => ({ ...p, status: p.status === 'failed' ? 'failed' : 'queued' }))
        : [];
    } catch {
      return [];
    }
  }

  private saveOutbox(): void {
    try {
      const list = this.state.outbox;
      if (list.length) localStorage.setItem(this.opts.outboxKey, JSON.stringify(list));
      else localStorage.removeItem(this.opts.outboxKey);
    } catch {
      /* storage full or unavailable: the outbox still lives in memory */
    }
  }
}
