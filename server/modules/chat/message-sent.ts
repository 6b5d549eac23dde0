/**
 * What follows a stored message outside the chat: other domains hear each message a send stored
 * (the AI replies subscribe in ai/ai-hooks.start.ts), so the chat imports none of them. A listener
 * is called after the delivery and not awaited: it must return at once and never throw.
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
