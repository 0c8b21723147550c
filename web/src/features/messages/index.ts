/** The messages (live chat) feature's public surface (the shell imports from here). The socket
 * connection (hooks/useChatConnection) and the chat panel are loaded by the shell on demand. */
export { chatAtom, chatUnreadAtom } from './stores/chat';
export { UnreadBadge } from './components/UnreadBadge';
