/** The messages (live chat) feature's public surface (the shell imports from here). */
export { ChatConnection, chatClientAtom, chatSocketImplAtom } from './hooks/useChatConnection';
export { chatAtom, chatUnreadAtom } from './stores/chat';
export { UnreadBadge } from './components/UnreadBadge';
