/**
 * The chat socket's frames (server/src/chat/dto.rs; docs/chat.md). The socket is not in the
 * OpenAPI document, so these types are written here, once, for the whole feature.
 */

export const SOCKET_PATH = '/api/client/v1/chat/socket';

export interface ChatMessage {
  id: number;
  conversation: number;
  client_id: string;
  from_staff: boolean;
  text: string;
  at_ms: number;
  /** Tehran time with Persian digits, from the server. */
  at_text: string;
}

export interface Receipts {
  conversation: number;
  customer_delivered: number;
  customer_read: number;
  staff_delivered: number;
  staff_read: number;
}

export interface InboxEntry {
  conversation: number;
  customer_name: string;
  customer_mobile: string;
  last_text: string;
  last_from_staff: boolean;
  last_ms: number;
  last_at_text: string;
  unread: number;
}

export type ErrorCode = 'bad_frame' | 'invalid' | 'rate_limited' | 'not_found' | 'forbidden' | 'server';

export type ServerFrame =
  | { type: 'ready'; user_id: number; staff: boolean; conversation: number | null; unread: number; receipts: Receipts | null }
  | { type: 'ack'; client_id: string; message: ChatMessage }
  | { type: 'message'; message: ChatMessage }
  | { type: 'history'; conversation: number | null; messages: ChatMessage[]; has_more: boolean; receipts: Receipts | null }
  | { type: 'receipts'; receipts: Receipts }
  | { type: 'typing'; conversation: number; from_staff: boolean }
  | { type: 'inbox'; conversations: InboxEntry[]; has_more: boolean }
  | { type: 'error'; code: ErrorCode; message: string; client_id?: string; retry_after_ms?: number }
  | { type: 'pong' };

export type ClientFrame =
  | { type: 'auth'; token: string }
  | { type: 'send'; client_id: string; text: string; conversation?: number }
  | { type: 'history'; conversation?: number; before?: number }
  | { type: 'mark'; conversation?: number; delivered?: number; read?: number }
  | { type: 'typing'; conversation?: number }
  | { type: 'inbox'; before?: number }
  | { type: 'ping' };

/** Close codes the server uses (server/src/chat/session.rs). */
export const CLOSE = {
  /** No valid token, or the session ended: refresh the token, then reconnect. */
  signIn: 4401,
  /** Blocked account: sign out. */
  blocked: 4403,
  /** The socket fell behind: reconnect and reload. */
  resync: 4000,
  /** The account has too many sockets open (other tabs): say so, try again slowly. */
  tooManyTabs: 4429,
} as const;
