/**
 * What a member reads of a message as text, which is what a search finds it by. Pure.
 *
 * Decisions:
 * - A recalled message says nothing (its content is no longer served).
 * - The content is JSON: a string is the text, an object's `text` and `content` strings are (as the
 *   web shows them: web/src/workspace/chat/chat-format.ts), and an image's or a file's `name` too
 *   (types 1 and 2, whose `text` is the caption). Whatever else an object holds (a card's fields, a
 *   form's input, an AI run's error code) is not read as text: the member does not read it as such.
 * - Every type is read so, team notices (9) and the AI module's run messages (20 the member's
 *   request, 21 the answer) included: their content follows the same shapes.
 */
import { MESSAGE_TYPE } from '../conversation';

export interface MessageLike {
  type?: number | null;
  content?: unknown;
  recallTime?: unknown;
}

const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v : null);

/** The text a search finds `m` by ('' when there is none). */
export function messageText(m: MessageLike): string {
  if (m.recallTime) return '';
  const c = m.content;
  if (typeof c === 'string') return c;
  if (!c || typeof c !== 'object' || Array.isArray(c)) return '';
  const o = c as Record<string, unknown>;
  const file = m.type === MESSAGE_TYPE.image || m.type === MESSAGE_TYPE.file;
  return [file ? str(o.name) : null, str(o.text), str(o.content)].filter((s): s is string => s !== null).join('\n');
}
