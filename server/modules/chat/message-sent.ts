/**
 * What follows a stored message outside the chat: other domains hear each message a send stored
 * (the AI replies subscribe in ai/ai-hooks.start.ts), so the chat imports none of them. A listener
 * is called after the delivery and not awaited: it must return at once and never throw.
 *
 * Two kinds of stored message: `whenMessageSent` hears a member's send (message/add, the socket,
 * team notices: send.service.ts), with the sender and the mentions asked for; `whenMessageStored`
 * hears every message the store path delivered, those sends and the AI module's messages alike (a
 * run's request, answer and error, which do not pass the send's checks): the search index
 * (search/search.start.ts) listens there, so an AI answer is found as a member's text is.
 */
import type { AuthUser, Core } from '../../core/api';
import type { StoredMessage } from './send-store';

/** `mentionOrder` is the `at` the sender gave (the stored `at` keeps the mentioned members, not their order). */
export type MessageSentListener = (core: Core, sender: AuthUser, message: StoredMessage, mentionOrder: number[]) => void;

const listeners = new Set<MessageSentListener>();

/** Adds a listener of every stored message; adding one twice keeps one (a process may start several apps). */
export function whenMessageSent(listener: MessageSentListener): void {
  listeners.add(listener);
}

/** Tells every listener about a message the send path stored. */
export function messageSent(core: Core, sender: AuthUser, message: StoredMessage, mentionOrder: number[]): void {
  for (const listener of listeners) listener(core, sender, message, mentionOrder);
}

/** Hears every stored message, after its delivery. */
export type MessageStoredListener = (core: Core, message: StoredMessage) => void;

const storedListeners = new Set<MessageStoredListener>();

/** Adds a listener of every message the store path delivered (sends and the AI module's messages). */
export function whenMessageStored(listener: MessageStoredListener): void {
  storedListeners.add(listener);
}

/** Tells every listener about a message the store path delivered (send-store.ts). */
export function messageStored(core: Core, message: StoredMessage): void {
  for (const listener of storedListeners) listener(core, message);
}

/** What a change did to a message (message-change.ts): each has its own number in the conversation. */
export type MessageChangeKind = 'edit' | 'recall' | 'react' | 'pin' | 'unpin';

export interface MessageChanged {
  kind: MessageChangeKind;
  /** The conversation's change number of this change (1, 2, 3, ...: apart from the messages' seq). */
  change: number;
  /** Who made it (an administrator's recall in the console too). */
  byId: number;
  /** The message's state after the change (a recalled one without its content). */
  message: StoredMessage;
}

/** Called after a change is committed and delivered, not awaited: it must return at once and never throw. */
export type MessageChangedListener = (core: Core, changed: MessageChanged) => void;

const changeListeners = new Set<MessageChangedListener>();

/** Adds a listener of every committed change (the search index, later the AI's knowledge and summaries). */
export function whenMessageChanged(listener: MessageChangedListener): void {
  changeListeners.add(listener);
}

/** Tells every listener about a committed change. */
export function messageChanged(core: Core, changed: MessageChanged): void {
  for (const listener of changeListeners) listener(core, changed);
}
