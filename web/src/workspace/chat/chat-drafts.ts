/**
 * Chat drafts (000 §3: `form.content` and `atMentions` per conversation), kept in browser storage
 * so a draft survives switching conversations and a reload.
 *
 * Decisions the spec leaves open:
 * - One storage key per user and conversation, `chatDraft:{userId}:{toType}:{toId}`: two accounts
 *   used in one browser never see each other's drafts, and a draft is read without parsing others.
 * - `atMentions` holds the mentioned users' ids (people and AI members are both users); names come
 *   from the group's member list when shown. An empty draft removes its key.
 */
import type { StorageLike } from '../../lib/session';
import type { Target } from '../../app/socket';

export interface Draft {
  content: string;
  atMentions: number[];
}

export const EMPTY_DRAFT: Draft = Object.freeze({ content: '', atMentions: [] }) as Draft;

export function draftKey(userId: number, t: Target): string {
  return `chatDraft:${userId}:${t.toType}:${t.toId}`;
}

function isIds(v: unknown): v is number[] {
  return Array.isArray(v) && v.every((x) => Number.isInteger(x));
}

export function readDraft(storage: StorageLike, userId: number, t: Target): Draft {
  const raw = storage.getItem(draftKey(userId, t));
  if (!raw) return EMPTY_DRAFT;
  try {
    const v = JSON.parse(raw) as Partial<Draft> | null;
    return { content: typeof v?.content === 'string' ? v.content : '', atMentions: isIds(v?.atMentions) ? v.atMentions : [] };
  } catch {
    return EMPTY_DRAFT; // a damaged entry is an empty draft, not a broken chat
  }
}

export function writeDraft(storage: StorageLike, userId: number, t: Target, draft: Draft): void {
  const key = draftKey(userId, t);
  if (!draft.content && !draft.atMentions.length) storage.removeItem(key);
  else storage.setItem(key, JSON.stringify({ content: draft.content, atMentions: [...new Set(draft.atMentions)] }));
}
