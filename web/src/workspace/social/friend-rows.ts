/**
 * The friends screen's sections, sorted out of the friend rows the member can read.
 *
 * A friendship is two rows, one per side (entities/base/friend.entity.ts): my side `(userId: me,
 * friendId: them)` carries my remark and the friend's public face (`nickName`, `avatar`); a request
 * to me is the requester's row `(userId: them, friendId: me, status 0)` with their face in
 * `userNickName` / `userAvatar`. Decisions the spec leaves open:
 * - "Requests I sent" shows my pending rows and my refused ones (a refusal and a block both read
 *   "refused" to me, so a block is never revealed); both can be withdrawn (deleted).
 * - Sections are sorted by name (remark first for friends), then by id, so a refresh keeps order.
 */

export type FriendStatus = 0 | 1 | 2 | 3;
export const FRIEND = { pending: 0, accepted: 1, refused: 2, blocked: 3 } as const;

/** One friend row as the member reads it (fields not theirs may be left out). */
export interface FriendRow {
  id: number;
  userId?: number | null;
  friendId?: number;
  remark?: string | null;
  status?: FriendStatus;
  avatar?: string | null;
  nickName?: string | null;
  userAvatar?: string | null;
  userNickName?: string | null;
  createTime?: string;
}

/** A person as one section shows them: who, under which name, and the row the buttons act on. */
export interface FriendEntry {
  rowId: number;
  personId: number;
  name: string;
  avatar: string | null;
  remark: string;
  status: FriendStatus;
}

export interface FriendSections {
  friends: FriendEntry[];
  incoming: FriendEntry[];
  sent: FriendEntry[];
  blocked: FriendEntry[];
}

const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');

function mineEntry(r: FriendRow): FriendEntry {
  const personId = Number(r.friendId);
  return {
    rowId: r.id,
    personId,
    name: text(r.nickName) || `#${personId}`,
    avatar: text(r.avatar) || null,
    remark: text(r.remark),
    status: (r.status ?? 0) as FriendStatus,
  };
}

function theirEntry(r: FriendRow): FriendEntry {
  const personId = Number(r.userId);
  return {
    rowId: r.id,
    personId,
    name: text(r.userNickName) || `#${personId}`,
    avatar: text(r.userAvatar) || null,
    remark: '',
    status: (r.status ?? 0) as FriendStatus,
  };
}

const byName = (a: FriendEntry, b: FriendEntry) => (a.remark || a.name).localeCompare(b.remark || b.name) || a.rowId - b.rowId;

/** Sorts `rows` (my rows and requests to me, in any mix) into the four sections. */
export function friendSections(rows: readonly FriendRow[], me: number): FriendSections {
  const out: FriendSections = { friends: [], incoming: [], sent: [], blocked: [] };
  const seen = new Set<number>();
  for (const r of rows) {
    if (seen.has(r.id)) continue;
    seen.add(r.id);
    const status = Number(r.status ?? 0);
    if (Number(r.userId) === me) {
      if (Number(r.friendId) === me) continue;
      if (status === FRIEND.accepted) out.friends.push(mineEntry(r));
      else if (status === FRIEND.blocked) out.blocked.push(mineEntry(r));
      else out.sent.push(mineEntry(r));
    } else if (Number(r.friendId) === me && status === FRIEND.pending) {
      out.incoming.push(theirEntry(r));
    }
  }
  out.friends.sort(byName);
  out.incoming.sort(byName);
  out.sent.sort(byName);
  out.blocked.sort(byName);
  return out;
}

/** What I am to `personId`, from my own rows and their requests: the search's and person page's button. */
export type Relation = 'none' | 'friend' | 'sent' | 'refused' | 'incoming' | 'blocked' | 'self';

export function relationTo(personId: number, me: number, sections: FriendSections): Relation {
  if (personId === me) return 'self';
  const has = (list: FriendEntry[]) => list.find((e) => e.personId === personId);
  if (has(sections.friends)) return 'friend';
  if (has(sections.blocked)) return 'blocked';
  if (has(sections.incoming)) return 'incoming';
  const sent = has(sections.sent);
  if (sent) return sent.status === FRIEND.refused ? 'refused' : 'sent';
  return 'none';
}

/** Whether "Add friend" may be pressed: nothing stands between us, their request waits, or mine was refused. */
export function canRequest(rel: Relation): boolean {
  return rel === 'none' || rel === 'incoming' || rel === 'refused';
}
