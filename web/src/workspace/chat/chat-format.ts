/**
 * How the chat shows what a message holds and when it was sent.
 *
 * Decisions the spec leaves open:
 * - `content` is JSON: a string is shown as it is, an object's `text` (or `content`) string as its
 *   text, anything else as indented JSON in a monospace block (`raw`), so a card an AI member sent
 *   is still readable.
 * - Times are the viewer's local time, numeric (`14:05`, `03-18 14:05`, `2025-03-18 14:05`), the
 *   same in every interface language; the list shows the time today, else the date.
 * - The composer allows 4,000 characters: the server takes 10,000 characters of the content's JSON,
 *   and escaping (quotes, new lines, control characters) can at most double a text of that length.
 */

import { RUN_MESSAGE_TYPE } from '../apps/run-stream-model';
import { attachmentPreview, IMAGE_TYPE, isAttachment } from './chat-attachment';

export const MAX_CONTENT_CHARS = 4000;
/** Message type of a team notice (message/sendTeamNotice). */
export const NOTICE_TYPE = 9;

export interface ShownContent {
  text: string;
  /** The content is not text: `text` is its JSON. */
  raw: boolean;
}

export function contentText(content: unknown): ShownContent {
  if (typeof content === 'string') return { text: content, raw: false };
  if (typeof content === 'number' || typeof content === 'boolean') return { text: String(content), raw: false };
  if (content && typeof content === 'object' && !Array.isArray(content)) {
    const o = content as Record<string, unknown>;
    if (typeof o.text === 'string') return { text: o.text, raw: false };
    if (typeof o.content === 'string') return { text: o.content, raw: false };
  }
  if (content === null || content === undefined) return { text: '', raw: false };
  let json: string | undefined;
  try {
    json = JSON.stringify(content, null, 2);
  } catch {
    json = undefined; // a cycle cannot come from the server; shown as empty rather than breaking the list
  }
  return { text: json ?? '', raw: true };
}

/** One line of a message for the conversation list: white space folded, cut at `max` characters. */
export function previewText(content: unknown, max = 60): string {
  const one = contentText(content).text.replace(/\s+/g, ' ').trim();
  const chars = [...one];
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : one;
}

/**
 * What the conversation list shows of the last message: its text, with a label for an AI run's
 * messages (types of apps/run-stream-model.ts): a request (20) shows its text input, not a form's
 * input object; a failed run (22) says so instead of its `{ runId, error }` JSON; an answer (21) is
 * marked as the AI's, since an app's answer is stored in the member's name. An image or a file
 * (types 1 and 2) is labelled as one, with an image's caption or name, a file's name.
 */
export function previewOf(type: unknown, content: unknown): { label: 'runFailed' | 'runRequest' | 'runAnswer' | 'image' | 'file' | null; text: string } {
  const n = Number(type);
  // An image shows its caption or name, a file its name (chat-attachment.ts), each with its label.
  if (isAttachment(n)) return { label: n === IMAGE_TYPE ? 'image' : 'file', text: previewText(attachmentPreview(n, content)) };
  if (n === RUN_MESSAGE_TYPE.error) return { label: 'runFailed', text: '' };
  if (n === RUN_MESSAGE_TYPE.answer) return { label: 'runAnswer', text: previewText(content) };
  if (n === RUN_MESSAGE_TYPE.request) return { label: 'runRequest', text: contentText(content).raw ? '' : previewText(content) };
  return { label: null, text: previewText(content) };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Milliseconds of an ISO time, or null when missing or unreadable. */
export function timeOf(iso: unknown): number | null {
  if (typeof iso !== 'string' && typeof iso !== 'number') return null;
  const ms = new Date(iso).getTime();
  return Number.isFinite(ms) ? ms : null;
}

/** Start of the local day holding `ms`. */
export function dayStart(ms: number): number {
  const d = new Date(ms);
  return new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
}

export function dateText(ms: number, withYear = true): string {
  const d = new Date(ms);
  const md = `${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  return withYear ? `${d.getFullYear()}-${md}` : md;
}

export function clockText(ms: number): string {
  const d = new Date(ms);
  return `${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

const sameYear = (a: number, b: number) => new Date(a).getFullYear() === new Date(b).getFullYear();

/** A message's time: the clock today, the date and clock before. */
export function messageTime(iso: unknown, now: number): string {
  const ms = timeOf(iso);
  if (ms === null) return '';
  if (dayStart(ms) === dayStart(now)) return clockText(ms);
  return `${dateText(ms, !sameYear(ms, now))} ${clockText(ms)}`;
}

/** A conversation's time in the list: the clock today, else the date. */
export function listTime(iso: unknown, now: number): string {
  const ms = timeOf(iso);
  if (ms === null) return '';
  if (dayStart(ms) === dayStart(now)) return clockText(ms);
  return dateText(ms, !sameYear(ms, now));
}

export type DayName = { kind: 'today' } | { kind: 'yesterday' } | { kind: 'date'; date: string };

/** The label of a day separator: today, yesterday or the date. */
export function dayName(day: number, now: number): DayName {
  const today = dayStart(now);
  if (day === today) return { kind: 'today' };
  if (day === dayStart(today - 12 * 3600_000)) return { kind: 'yesterday' };
  return { kind: 'date', date: dateText(day, !sameYear(day, now)) };
}

/**
 * The member's own runs conversation: a run started outside any chat is stored in a private chat
 * with themself (run-start.ts on the server), so it is named for the runs, not for the member.
 */
export function isOwnRuns(target: { toType: number; toId: number }, me: number): boolean {
  return target.toType === 0 && me > 0 && target.toId === me;
}
