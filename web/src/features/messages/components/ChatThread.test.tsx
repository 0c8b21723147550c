import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore } from 'jotai';
import { afterEach, describe, expect, it, onTestFinished } from 'vitest';
import { renderApp } from '@/shared/testing/render';
import { mockApi } from '@/shared/testing/fixtures';
import type { ChatMessage, ClientFrame, ServerFrame } from '../api/protocol';
import { chatSocketImplAtom } from '../hooks/useChatConnection';
import { mobileDeviceAtom } from '@/shared/state';

/** The browser's WebSocket, faked at the boundary: the test plays the server. */
class FakeSocket {
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: string[] = [];
  onopen: ((e: unknown) => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: ((e: { code: number; reason: string }) => void) | null = null;
  constructor(public url: string) {
    FakeSocket.all.push(this);
    setTimeout(() => {
      this.readyState = 1;
      this.onopen?.({});
    }, 0);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close(code = 1000, reason = '') {
    if (this.readyState === 3) return;
    this.readyState = 3;
    setTimeout(() => this.onclose?.({ code, reason }), 0);
  }
  frames(): ClientFrame[] {
    return this.sent.map((s) => JSON.parse(s) as ClientFrame);
  }
  push(frame: ServerFrame) {
    act(() => this.onmessage?.({ data: JSON.stringify(frame) }));
  }
  drop(code = 1006) {
    this.readyState = 3;
    act(() => this.onclose?.({ code, reason: '' }));
  }
}

const last = () => FakeSocket.all[FakeSocket.all.length - 1];

function msg(id: number, text: string, from_staff: boolean, client_id = `c-${id}`): ChatMessage {
  return { id, conversation: 7, client_id, from_staff, text, at_ms: 1_700_000_000_000 + id, at_text: '۱۴:۰۵' };
}

/** Signed in at `path`, the socket open and signed in with `ready`. */
async function open(path: string, ready: Partial<Extract<ServerFrame, { type: 'ready' }>> = {}, desktop = false) {
  FakeSocket.all = [];
  const store = createStore();
  store.set(mobileDeviceAtom, !desktop);
  store.set(chatSocketImplAtom, { WebSocket: FakeSocket as unknown as typeof WebSocket });
  const app = renderApp(path, { signedIn: true, store, staff: ready.staff === true });
  await waitFor(() => expect(last()?.frames()[0]).toEqual({ type: 'auth', token: 'token' }));
  last().push({ type: 'ready', user_id: 1, staff: false, conversation: 7, unread: 0, receipts: null, ...ready });
  return app;
}

afterEach(() => {
  FakeSocket.all = [];
});

describe('chat on /profile/messages', () => {
  it('signs in with the first frame, not the URL, and shows history as text', async () => {
    await open('/profile/messages');
    const sock = last();
    expect(sock.url).toMatch(/\/api\/client\/v1\/chat\/socket$/);
    expect(sock.url).not.toContain('token');
    await waitFor(() => expect(sock.frames()).toContainEqual({ type: 'history' }));
    const long = 'ب'.repeat(5000);
    sock.push({
      type: 'history',
      conversation: 7,
      messages: [msg(1, '<script>alert(1)</script>', false), msg(2, long, true)],
      has_more: true,
      receipts: { conversation: 7, customer_delivered: 0, customer_read: 0, staff_delivered: 1, staff_read: 1 },
    });
    const list = await screen.findByTestId('chat-messages');
    const bubbles = within(list).getAllByTestId('chat-message');
    expect(bubbles).toHaveLength(2);
    // Markup is shown as the characters typed, never run.
    expect(bubbles[0]).toHaveTextContent('<script>alert(1)</script>');
    expect(list.querySelector('script')).toBeNull();
    // A 5,000-character word may break anywhere, so it cannot push the layout wider.
    const longBubble = bubbles[1].firstElementChild as HTMLElement;
    expect(longBubble.className).toMatch(/overflow-wrap:anywhere/);
    expect(longBubble.className).toMatch(/break-words/);
    // The customer's own message was read by staff.
    expect(within(bubbles[0]).getByTestId('chat-delivery')).toHaveAttribute('data-state', 'read');
    // The staff message on screen is marked delivered, then read.
    await waitFor(() => expect(sock.frames()).toContainEqual({ type: 'mark', delivered: 2 }));
    await waitFor(() => expect(sock.frames()).toContainEqual({ type: 'mark', read: 2 }));
    // Older pages on request.
    await userEvent.click(screen.getByRole('button', { name: 'پیام‌های قدیمی‌تر' }));
    expect(sock.frames()).toContainEqual({ type: 'history', before: 1 });
  });

  it('checks the text with the core, sends it with a client id and shows its state', async () => {
    await open('/profile/messages');
    const sock = last();
    sock.push({ type: 'history', conversation: 7, messages: [], has_more: false, receipts: null });
    expect(await screen.findByText('هنوز پیامی رد و بدل نشده است. اولین پیام را بنویسید.')).toBeInTheDocument();
    const input = screen.getByLabelText('متن پیام');
    await waitFor(() => expect(screen.getByTestId('chat-send')).toBeEnabled());
    // Blank: the rule's message, nothing sent.
    await userEvent.type(input, '   ');
    await userEvent.click(screen.getByTestId('chat-send'));
    expect(await screen.findByRole('alert')).toHaveTextContent('متن پیام را بنویسید');
    expect(sock.frames().filter((f) => f.type === 'send')).toHaveLength(0);
    await userEvent.clear(input);
    await userEvent.type(input, '  سلام، موجود است؟  {Enter}');
    const send = sock.frames().find((f) => f.type === 'send') as Extract<ClientFrame, { type: 'send' }>;
    expect(send.text).toBe('سلام، موجود است؟');
    expect(send.client_id).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
    expect(screen.getByTestId('chat-pending')).toHaveAttribute('data-state', 'sending');
    sock.push({ type: 'ack', client_id: send.client_id, message: msg(5, 'سلام، موجود است؟', false, send.client_id) });
    const mine = await screen.findByTestId('chat-message');
    expect(screen.queryByTestId('chat-pending')).toBeNull();
    expect(within(mine).getByTestId('chat-delivery')).toHaveAttribute('data-state', 'sent');
    sock.push({ type: 'receipts', receipts: { conversation: 7, customer_delivered: 0, customer_read: 0, staff_delivered: 5, staff_read: 0 } });
    expect(within(mine).getByTestId('chat-delivery')).toHaveAttribute('data-state', 'delivered');
    // Staff typing, then the live reply.
    sock.push({ type: 'typing', conversation: 7, from_staff: true });
    expect(screen.getByText('پشتیبان در حال نوشتن است…')).toBeInTheDocument();
    sock.push({ type: 'message', message: msg(6, 'بله، موجود است.', true) });
    expect(await screen.findByText('بله، موجود است.')).toBeInTheDocument();
    expect(screen.queryByText('پشتیبان در حال نوشتن است…')).toBeNull();
  });

  it('a socket refused for too many open tabs (4429) says so and does not reconnect at once', async () => {
    await open('/profile/messages');
    const first = last();
    first.push({ type: 'history', conversation: 7, messages: [], has_more: false, receipts: null });
    first.drop(4429);
    await waitFor(() => expect(screen.getByTestId('chat-status')).toHaveAttribute('data-status', 'tooManyTabs'));
    expect(screen.getByTestId('chat-status')).toHaveTextContent('گفتگو در پنجره‌های زیادی باز است؛ یکی از آن‌ها را ببندید.');
    // An ordinary drop reconnects within a second (the test below); this one waits.
    await new Promise((r) => setTimeout(r, 1500));
    expect(FakeSocket.all.length).toBe(1);
  });

  it('queues what is written offline and sends it once, with the same id, after reconnecting', async () => {
    await open('/profile/messages');
    const first = last();
    first.push({ type: 'history', conversation: 7, messages: [], has_more: false, receipts: null });
    await waitFor(() => expect(screen.getByTestId('chat-send')).toBeEnabled());
    first.drop();
    await waitFor(() => expect(screen.getByTestId('chat-status')).toHaveAttribute('data-status', 'offline'));
    expect(screen.getByTestId('chat-status')).toHaveTextContent('اتصال برقرار نیست');
    await userEvent.type(screen.getByLabelText('متن پیام'), 'پیام آفلاین{Enter}');
    expect(screen.getByTestId('chat-pending')).toHaveAttribute('data-state', 'queued');
    expect(first.frames().filter((f) => f.type === 'send')).toHaveLength(0);
    // The client reconnects by itself (back-off), signs in again and sends the queued message.
    await waitFor(() => expect(FakeSocket.all.length).toBe(2), { timeout: 4000 });
    const second = last();
    await waitFor(() => expect(second.frames()[0]).toEqual({ type: 'auth', token: 'token' }));
    second.push({ type: 'ready', user_id: 1, staff: false, conversation: 7, unread: 0, receipts: null });
    const sends = () => second.frames().filter((f) => f.type === 'send') as Extract<ClientFrame, { type: 'send' }>[];
    await waitFor(() => expect(sends()).toHaveLength(1));
    const id = sends()[0].client_id;
    expect(sends()[0].text).toBe('پیام آفلاین');
    // Cut again before the answer: the same id goes again (the server stores it once).
    second.drop();
    await waitFor(() => expect(FakeSocket.all.length).toBe(3), { timeout: 4000 });
    const third = last();
    await waitFor(() => expect(third.frames()[0]).toEqual({ type: 'auth', token: 'token' }));
    third.push({ type: 'ready', user_id: 1, staff: false, conversation: 7, unread: 0, receipts: null });
    await waitFor(() => expect(third.frames().some((f) => f.type === 'send')).toBe(true));
    expect((third.frames().find((f) => f.type === 'send') as { client_id: string }).client_id).toBe(id);
    third.push({ type: 'ack', client_id: id, message: msg(9, 'پیام آفلاین', false, id) });
    await waitFor(() => expect(screen.queryByTestId('chat-pending')).toBeNull());
    expect(screen.getAllByText('پیام آفلاین')).toHaveLength(1);
  });

  it('shows the server\'s rate-limit message and sends the refused message again after the wait', async () => {
    await open('/profile/messages');
    const sock = last();
    sock.push({ type: 'history', conversation: 7, messages: [], has_more: false, receipts: null });
    await waitFor(() => expect(screen.getByTestId('chat-send')).toBeEnabled());
    await userEvent.type(screen.getByLabelText('متن پیام'), 'تند{Enter}');
    const send = sock.frames().find((f) => f.type === 'send') as { client_id: string };
    const text = 'پیام‌ها بیش از حد سریع فرستاده می‌شوند؛ این پیام چند لحظه دیگر دوباره فرستاده می‌شود.';
    sock.push({ type: 'error', code: 'rate_limited', message: text, client_id: send.client_id, retry_after_ms: 200 });
    expect(screen.getByTestId('chat-notice')).toHaveTextContent(text);
    expect(screen.getByTestId('chat-pending')).toHaveAttribute('data-state', 'queued');
    await waitFor(() => expect(sock.frames().filter((f) => f.type === 'send')).toHaveLength(2));
    // A refusal for good (a rule) is shown on the message and can be removed.
    sock.push({ type: 'error', code: 'invalid', message: 'پیام باید حداکثر ۵۰۰۰ کاراکتر باشد', client_id: send.client_id });
    const failed = screen.getByTestId('chat-pending');
    expect(failed).toHaveAttribute('data-state', 'failed');
    expect(failed).toHaveTextContent('پیام باید حداکثر ۵۰۰۰ کاراکتر باشد');
    await userEvent.click(within(failed).getByRole('button', { name: 'حذف' }));
    expect(screen.queryByTestId('chat-pending')).toBeNull();
  });
});

describe('chat unread count and entry points', () => {
  it('puts the unread count on the bottom bar and the header, and a live message adds one', async () => {
    await open('/', { unread: 2 });
    expect(await screen.findByTestId('bottom-chat-unread')).toHaveTextContent('۲');
    expect(screen.getByTestId('header-chat-unread')).toHaveTextContent('۲');
    last().push({ type: 'message', message: msg(3, 'پاسخ تازه', true) });
    expect(screen.getByTestId('bottom-chat-unread')).toHaveTextContent('۳');
  });

  it('sends a signed-out shopper who taps chat to the login popup with redirectTo stored', async () => {
    const app = renderApp('/shop');
    await userEvent.click(await screen.findByTestId('header-chat'));
    await waitFor(() => expect(app.router.state.location.search).toBe('?redirectTo=%2Fprofile%2Fmessages'));
    expect(app.router.state.location.pathname).toBe('/shop');
    const bottomChat = within(screen.getByTestId('bottom-bar')).getByRole('button', { name: 'گفتگو' });
    await userEvent.click(bottomChat);
    expect(app.router.state.location.search).toBe('?redirectTo=%2Fprofile%2Fmessages');
  });

  it('opens the chat panel from the header on wide screens, and Escape closes it', async () => {
    // A 1280 px wide window (jsdom has no layout: the media query answers for it).
    const original = window.matchMedia;
    window.matchMedia = ((query: string) => ({ ...original(query), matches: query.includes('min-width'), media: query })) as typeof window.matchMedia;
    onTestFinished(() => {
      window.matchMedia = original;
    });
    await open('/shop', { unread: 1 }, true);
    await userEvent.click(await screen.findByRole('button', { name: 'گفتگو با پشتیبانی' }));
    const panel = await screen.findByRole('dialog', { name: 'گفتگو با پشتیبانی' });
    await waitFor(() => expect(last().frames()).toContainEqual({ type: 'history' }));
    last().push({ type: 'history', conversation: 7, messages: [msg(1, 'سلام از پشتیبانی', true)], has_more: false, receipts: null });
    expect(await within(panel).findByText('سلام از پشتیبانی')).toBeInTheDocument();
    // Seen in the open panel: read, and the badge goes.
    await waitFor(() => expect(last().frames()).toContainEqual({ type: 'mark', read: 1 }));
    expect(screen.queryByTestId('header-chat-unread')).toBeNull();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'گفتگو با پشتیبانی' })).toBeNull();
  });

  it('keeps the staff inbox from customers', async () => {
    await open('/admin/chats');
    expect(await screen.findByText('این بخش فقط برای کارکنان فروشگاه است.')).toBeInTheDocument();
  });

  it('lists conversations for staff and answers the one picked', async () => {
    const all = [
      { role: 'admin', label: 'مدیر' },
      { role: 'support', label: 'پشتیبانی' },
    ];
    mockApi({
      '/api/admin/v1/staff/me': () => ({
        status: 'ok',
        data: { id: 1, mobile: '09123456789', name: 'مریم', lastname: 'احمدی', roles: [all[1]] },
        permitted: ['support'],
        all_roles: all,
      }),
    });
    await open('/admin/chats', { staff: true, conversation: null, unread: 1 });
    const sock = last();
    await waitFor(() => expect(sock.frames()).toContainEqual({ type: 'inbox' }));
    sock.push({
      type: 'inbox',
      has_more: false,
      conversations: [
        { conversation: 7, customer_name: 'مریم احمدی', customer_mobile: '09121234567', last_text: 'سلام', last_from_staff: false, last_ms: 1, last_at_text: '۱۴:۰۵، ۲ آذر ۱۴۰۵', unread: 1 },
      ],
    });
    const item = await screen.findByTestId('chat-inbox-item');
    expect(item).toHaveTextContent('مریم احمدی');
    expect(item).toHaveTextContent('۰۹۱۲۱۲۳۴۵۶۷');
    await userEvent.click(item);
    await waitFor(() => expect(sock.frames()).toContainEqual({ type: 'history', conversation: 7 }));
    sock.push({ type: 'history', conversation: 7, messages: [msg(1, 'سلام', false)], has_more: false, receipts: null });
    await waitFor(() => expect(screen.getByTestId('chat-send')).toBeEnabled());
    await userEvent.type(screen.getByLabelText('متن پیام'), 'در خدمتم{Enter}');
    const send = sock.frames().find((f) => f.type === 'send');
    expect(send).toMatchObject({ type: 'send', text: 'در خدمتم', conversation: 7 });
    await waitFor(() => expect(sock.frames()).toContainEqual({ type: 'mark', conversation: 7, read: 1 }));
  });
});
