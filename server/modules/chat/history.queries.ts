/**
 * Reads of message history by conversation and sequence number (ranges, maxima, unread counts),
 * which the generic list cannot express. They use the unique (conversation, seq) index.
 */
import { and, entity, eq, or, planFor, SYSTEM } from '../../core/api';
import type { Core, Row } from '../../core/api';
import type { StoredMessage } from './send-store';

/** Longest IN list of one query; longer lists are read in chunks. */
const CHUNK = 500;

const marks = (n: number) => Array.from({ length: n }, () => '?').join(', ');

function chunks<T>(list: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += CHUNK) out.push(list.slice(i, i + CHUNK));
  return out;
}

const messageEntity = (core: Core) => entity(core.model, 'base/message');
const readEntity = (core: Core) => entity(core.model, 'base/messageRead');

export interface SeqRange {
  /** Only messages numbered above this. */
  afterSeq?: number;
  /** Only messages numbered below this. */
  beforeSeq?: number;
  size: number;
}

/**
 * One page of a conversation, ascending by seq. With `afterSeq` the page starts right after it
 * (catching up); otherwise it ends right before `beforeSeq` (or at the newest message) and goes
 * back `size` messages (scrolling up). `hasMore` says whether more lie beyond the page in that
 * direction (within the range).
 */
export async function messagesPage(core: Core, conversation: string, r: SeqRange): Promise<{ list: Row[]; hasMore: boolean }> {
  const { db } = core;
  const q = db.q.bind(db);
  const plan = planFor(messageEntity(core));
  const where = [`${q('conversation')} = ?`];
  const params: unknown[] = [conversation];
  if (r.afterSeq !== undefined) {
    where.push(`${q('seq')} > ?`);
    params.push(r.afterSeq);
  }
  if (r.beforeSeq !== undefined) {
    where.push(`${q('seq')} < ?`);
    params.push(r.beforeSeq);
  }
  const forward = r.afterSeq !== undefined;
  const rows = await db.query(
    `SELECT ${plan.select} FROM ${plan.table} WHERE ${where.join(' AND ')} ORDER BY ${q('seq')} ${forward ? 'ASC' : 'DESC'} LIMIT ?`,
    [...params, r.size + 1],
  );
  const hasMore = rows.length > r.size;
  const list = rows.slice(0, r.size).map((row) => plan.codec.decode(row));
  if (!forward) list.reverse();
  return { list, hasMore };
}

/** The highest seq of each conversation that has messages. */
export async function lastSeqs(core: Core, conversations: string[]): Promise<Map<string, number>> {
  const { db } = core;
  const q = db.q.bind(db);
  const out = new Map<string, number>();
  for (const part of chunks(conversations)) {
    const rows = await db.query<{ conversation: string; lastSeq: number }>(
      `SELECT ${q('conversation')}, MAX(${q('seq')}) AS ${q('lastSeq')} FROM ${q(messageEntity(core).table)} ` +
        `WHERE ${q('conversation')} IN (${marks(part.length)}) GROUP BY ${q('conversation')}`,
      part,
    );
    for (const r of rows) out.set(r.conversation, r.lastSeq);
  }
  return out;
}

/** The private conversations the user has sent or received a message in. */
export async function privateConversations(core: Core, userId: number): Promise<string[]> {
  const { db } = core;
  const q = db.q.bind(db);
  const t = q(messageEntity(core).table);
  const rows = await db.query<{ conversation: string }>(
    `SELECT ${q('conversation')} FROM ${t} WHERE ${q('toType')} = 0 AND ${q('fromId')} = ? ` +
      `UNION SELECT ${q('conversation')} FROM ${t} WHERE ${q('toType')} = 0 AND ${q('toId')} = ?`,
    [userId, userId],
  );
  return rows.map((r) => r.conversation).filter((c) => typeof c === 'string');
}

/** The user's last-read seq per conversation (absent: nothing read). */
export async function readSeqs(core: Core, userId: number, conversations: string[]): Promise<Map<string, number>> {
  const { db } = core;
  const q = db.q.bind(db);
  const out = new Map<string, number>();
  for (const part of chunks(conversations)) {
    const rows = await db.query<{ conversation: string; seq: number }>(
      `SELECT ${q('conversation')}, ${q('seq')} FROM ${q(readEntity(core).table)} WHERE ${q('userId')} = ? AND ${q('conversation')} IN (${marks(part.length)})`,
      [userId, ...part],
    );
    for (const r of rows) out.set(r.conversation, r.seq);
  }
  return out;
}

/** Per conversation, the messages after the user's read mark that others sent. */
export async function unreadCounts(core: Core, userId: number, conversations: string[]): Promise<Map<string, number>> {
  const { db } = core;
  const q = db.q.bind(db);
  const out = new Map<string, number>();
  for (const part of chunks(conversations)) {
    const rows = await db.query<{ conversation: string; unread: number | string }>(
      `SELECT m.${q('conversation')}, COUNT(*) AS ${q('unread')} FROM ${q(messageEntity(core).table)} m ` +
        `LEFT JOIN ${q(readEntity(core).table)} r ON r.${q('userId')} = ? AND r.${q('conversation')} = m.${q('conversation')} ` +
        `WHERE m.${q('conversation')} IN (${marks(part.length)}) AND m.${q('seq')} > COALESCE(r.${q('seq')}, 0) ` +
        `AND (m.${q('fromId')} IS NULL OR m.${q('fromId')} <> ?) GROUP BY m.${q('conversation')}`,
      [userId, ...part, userId],
    );
    for (const r of rows) out.set(r.conversation, Number(r.unread));
  }
  return out;
}

/** The messages at these (conversation, seq) places. */
export async function messagesAt(core: Core, places: Array<[string, number]>): Promise<StoredMessage[]> {
  const reads = core.ops.reads(SYSTEM);
  const out: StoredMessage[] = [];
  for (const part of chunks(places)) {
    out.push(...(await reads.find(messageEntity(core), or(...part.map(([conversation, seq]) => and(eq('conversation', conversation), eq('seq', seq)))))));
  }
  return out;
}

const changeEntity = (core: Core) => entity(core.model, 'base/messageChange');

/** The latest change number of each conversation that has changes. */
export async function lastChanges(core: Core, conversations: string[]): Promise<Map<string, number>> {
  const { db } = core;
  const q = db.q.bind(db);
  const out = new Map<string, number>();
  for (const part of chunks(conversations)) {
    const rows = await db.query<{ conversation: string; lastChange: number }>(
      `SELECT ${q('conversation')}, MAX(${q('changeSeq')}) AS ${q('lastChange')} FROM ${q(changeEntity(core).table)} ` +
        `WHERE ${q('conversation')} IN (${marks(part.length)}) GROUP BY ${q('conversation')}`,
      part,
    );
    for (const r of rows) out.set(r.conversation, Number(r.lastChange));
  }
  return out;
}

export interface ChangeRow {
  changeSeq: number;
  messageId: number;
  kind: string;
  byId: number | null;
  emoji: string | null;
}

/** The changes of a conversation after `afterChange`, ascending; `hasMore` when more than `size` follow. */
export async function changesAfter(core: Core, conversation: string, afterChange: number, size: number): Promise<{ list: ChangeRow[]; hasMore: boolean }> {
  const { db } = core;
  const q = db.q.bind(db);
  const rows = await db.query<ChangeRow>(
    `SELECT ${q('changeSeq')}, ${q('messageId')}, ${q('kind')}, ${q('byId')}, ${q('emoji')} FROM ${q(changeEntity(core).table)} ` +
      `WHERE ${q('conversation')} = ? AND ${q('changeSeq')} > ? ORDER BY ${q('changeSeq')} ASC LIMIT ?`,
    [conversation, afterChange, size + 1],
  );
  return { list: rows.slice(0, size).map((r) => ({ ...r, changeSeq: Number(r.changeSeq), messageId: Number(r.messageId) })), hasMore: rows.length > size };
}

/** The conversations the user muted, of these. */
export async function mutedOf(core: Core, userId: number, conversations: string[]): Promise<Set<string>> {
  const { db } = core;
  const q = db.q.bind(db);
  const out = new Set<string>();
  for (const part of chunks(conversations)) {
    const rows = await db.query<{ conversation: string }>(
      `SELECT ${q('conversation')} FROM ${q(readEntity(core).table)} WHERE ${q('userId')} = ? AND ${q('muted')} = 1 AND ${q('conversation')} IN (${marks(part.length)})`,
      [userId, ...part],
    );
    for (const r of rows) out.add(r.conversation);
  }
  return out;
}

/** Every member's last-read seq in a conversation (those with a mark). */
export async function readersOf(core: Core, conversation: string): Promise<Array<{ userId: number; seq: number }>> {
  const { db } = core;
  const q = db.q.bind(db);
  const rows = await db.query<{ userId: number; seq: number }>(
    `SELECT ${q('userId')}, ${q('seq')} FROM ${q(readEntity(core).table)} WHERE ${q('conversation')} = ? AND ${q('seq')} > 0`,
    [conversation],
  );
  return rows.map((r) => ({ userId: Number(r.userId), seq: Number(r.seq) }));
}
