/**
 * The workspace's one realtime connection and chat store, shared by every member screen.
 *
 *   const status = useRealtimeStatus();           // 'online' | 'connecting' | 'offline'
 *   const chat = useChat();                        // the signed-in member's ChatStore, or null
 *   const c = useConversation({ toType: 1, toId: 7 });
 *   useNotice('notify', (n) => …);
 *
 * `useWorkspaceSession()` (mounted once by the workspace layout) keeps both in step with the
 * session: the chat store belongs to one user and is replaced when another signs in. The socket
 * itself follows the session from the app's start (app/realtime.ts).
 */
import { useEffect, useSyncExternalStore } from 'react';
import { api } from '../app/api';
import { useAuth } from '../app/auth';
import { calls } from '../app/data';
import { realtime } from '../app/realtime';
import { type NoticeData, type NoticeKind, type RealtimeStatus, type Target } from '../app/socket';
import { createChatStore, type ChatStore, type ConversationItem } from './chat/chat-store';
import { emptyConversation, keyOf, type Conversation } from './chat/chat-conversation';
import { isMembershipNotice } from './notify-types';

export { realtime };

let chat: ChatStore | null = null;
let chatUser: number | null = null;
const chatListeners = new Set<() => void>();

function setChat(next: ChatStore | null, userId: number | null): void {
  chat?.dispose();
  chat = next;
  chatUser = userId;
  for (const fn of [...chatListeners]) fn();
}

/** Starts (or ends) the socket and the chat store for the signed-in user; idempotent. */
export function syncWorkspaceSession(userId: number | null): void {
  if (userId && api.session.isSignedIn()) {
    if (chatUser !== userId) {
      const store = createChatStore({
        realtime,
        userId,
        storage: window.localStorage,
        loadConversations: () => calls.base.message.conversations({}, { silent: true }) as Promise<ConversationItem[]>,
        mute: (t, muted) => calls.base.message.mute({ toType: t.toType, toId: t.toId, muted }, { silent: true }),
      });
      setChat(store, userId);
      void store.load().catch(() => undefined);
    }
  } else if (chat) {
    setChat(null, null);
  }
  realtime.tokenChanged();
}

const membershipListeners = new Set<() => void>();

/**
 * The member's groups changed (joined, created, added, removed): the chat store asks for its
 * conversations again (a new group is listed before its first message) and the screens that keep
 * group lists (the chat directory) are told. Called on a membership notice, and by the screens
 * whose own action changed the groups (a join or a create notifies nobody about themselves).
 */
export function membershipChanged(): void {
  void chat?.load().catch(() => undefined);
  for (const fn of [...membershipListeners]) fn();
}

export function onMembershipChange(fn: () => void): () => void {
  membershipListeners.add(fn);
  return () => void membershipListeners.delete(fn);
}

realtime.onNotice('notify', (n) => {
  if (isMembershipNotice(n)) membershipChanged();
});

/** Mount once in the workspace layout: follows sign-in, sign-out and user switches. */
export function useWorkspaceSession(): void {
  const auth = useAuth();
  const userId = auth.user?.id ?? null;
  useEffect(() => {
    syncWorkspaceSession(userId);
  }, [userId]);
}

export function useRealtimeStatus(): RealtimeStatus {
  return useSyncExternalStore(
    (fn) => realtime.subscribe(fn),
    () => realtime.status,
  );
}

function subscribeChat(fn: () => void): () => void {
  chatListeners.add(fn);
  return () => void chatListeners.delete(fn);
}

export function getChat(): ChatStore | null {
  return chat;
}

/** The signed-in member's chat store (null before sign-in). */
export function useChat(): ChatStore | null {
  return useSyncExternalStore(subscribeChat, () => chat);
}

const noop = () => () => undefined;
const empties = new Map<string, Conversation>();

/** A conversation's snapshot, re-rendered on every change of the store. */
export function useConversation(target: Target | null): Conversation | null {
  const store = useChat();
  return useSyncExternalStore(store ? (fn) => store.subscribe(fn) : noop, () => {
    if (!target) return null;
    if (store) return store.conversation(target);
    const key = keyOf(target);
    let e = empties.get(key);
    if (!e) empties.set(key, (e = emptyConversation(target)));
    return e;
  });
}

/** Every conversation the store holds, newest first, and the total unread count. */
export function useConversations(): { list: Conversation[]; unread: number } {
  const store = useChat();
  const list = useSyncExternalStore(store ? (fn) => store.subscribe(fn) : noop, () => (store ? cachedList(store) : EMPTY_LIST));
  return { list, unread: store ? store.totalUnread() : 0 };
}

const EMPTY_LIST: Conversation[] = [];
let lastList: Conversation[] = EMPTY_LIST;
/** The same array while no conversation changed (snapshots are compared by reference). */
function cachedList(store: ChatStore): Conversation[] {
  const next = store.conversations();
  if (next.length !== lastList.length || next.some((c, i) => c !== lastList[i])) lastList = next;
  return lastList;
}

/** Runs `handler` for every server notice of one kind while the component is mounted. */
export function useNotice<K extends NoticeKind>(kind: K, handler: (data: NoticeData[K]) => void): void {
  useEffect(() => realtime.onNotice(kind, handler), [kind, handler]);
}
