import { atom } from 'jotai';
import type { ChatMessage, InboxEntry, Receipts } from '../api/protocol';

/** A message written here that the server has not confirmed yet (kept across reloads). */
export interface Pending {
  client_id: string;
  text: string;
  /** Staff: the conversation; customers: null (their own). */
  conversation: number | null;
  /** queued: waits for the socket (offline, or refused for speed); failed: refused for good. */
  status: 'queued' | 'sending' | 'failed';
  error?: string;
  created: number;
}

export interface ConversationState {
  messages: ChatMessage[];
  /** Older messages exist on the server. */
  hasMore: boolean;
  /** The newest page has arrived. */
  loaded: boolean;
  loadingOlder: boolean;
  receipts: Receipts | null;
  /** The other side is typing until this time (ms). */
  typingUntil: number;
}

/** `tooManyTabs`: the server refused this socket (close 4429, too many of the account's open). */
export type ChatStatus = 'idle' | 'connecting' | 'open' | 'offline' | 'tooManyTabs';

export interface ChatState {
  status: ChatStatus;
  staff: boolean;
  /** A customer's conversation id once it exists. */
  own: number | null;
  /** Customer: staff messages not seen yet. Staff: conversations waiting to be read. */
  unread: number;
  /** By key: `own` for a customer's conversation, the id for staff. */
  conversations: Record<string, ConversationState>;
  /** Staff: the inbox, most recent first (null until loaded). */
  inbox: InboxEntry[] | null;
  inboxHasMore: boolean;
  outbox: Pending[];
  /** A message from the server to show once (rate limit and the like). */
  notice: string | null;
}

export const emptyConversation: ConversationState = {
  messages: [],
  hasMore: false,
  loaded: false,
  loadingOlder: false,
  receipts: null,
  typingUntil: 0,
};

export const initialChat: ChatState = {
  status: 'idle',
  staff: false,
  own: null,
  unread: 0,
  conversations: {},
  inbox: null,
  inboxHasMore: false,
  outbox: [],
  notice: null,
};

/** The whole chat state of this tab (features/messages/utils/chatClient.ts writes it). */
export const chatAtom = atom<ChatState>(initialChat);

/** The badge on the bottom bar's chat item and the header's chat button. */
export const chatUnreadAtom = atom((get) => get(chatAtom).unread);

/** The key of a conversation in `ChatState.conversations`. */
export function conversationKey(conversation: number | null | undefined): string {
  return conversation == null ? 'own' : String(conversation);
}
