/**
 * Reads the send and read checks need (groups, member rows, users), which join or filter in ways
 * the generic list cannot. Tables come from the model; every value is a bound parameter.
 */
import { entity } from '../../core/api';
import type { Core, EntityKey } from '../../core/api';

export interface GroupRow {
  id: number;
  name: string;
  /** 0 private, 1 public (messages readable without a token), 2 team. */
  type: number;
  /** Deputies' user ids (the spec's `onwerIds`). */
  onwerIds: number[];
}

/** ` AND alias.flag = 0` for an entity (a key, or the users) with a soft-delete flag. */
function live(core: Core, key: EntityKey | 'users', alias: string): string {
  const flag = (key === 'users' ? core.model.system('users') : entity(core.model, key)).softDelete;
  return flag ? ` AND ${alias}.${core.db.q(flag)} = 0` : '';
}

const marks = (n: number) => Array.from({ length: n }, () => '?').join(', ');

/** The ids of a JSON id list as stored (text on some drivers, an array on others); [] for anything else. */
export function ids(v: unknown): number[] {
  let list = v;
  if (typeof v === 'string') {
    try {
      list = JSON.parse(v);
    } catch {
      return [];
    }
  }
  return Array.isArray(list) ? list.map(Number).filter((n) => Number.isSafeInteger(n)) : [];
}

/** The group, unless it is missing or removed. */
export async function liveGroup(core: Core, groupId: number): Promise<GroupRow | null> {
  const { db } = core;
  const q = db.q.bind(db);
  const [row] = await db.query<{ id: number; name: string | null; type: number | null; onwerIds: unknown }>(
    `SELECT g.${q('id')}, g.${q('name')}, g.${q('type')}, g.${q('onwerIds')} FROM ${q(entity(core.model, 'base/group').table)} g ` +
      `WHERE g.${q('id')} = ?${live(core, 'base/group', 'g')}`,
    [groupId],
  );
  return row ? { id: row.id, name: row.name ?? '', type: row.type ?? 0, onwerIds: ids(row.onwerIds) } : null;
}

/** The caller's active member row of a group (not removed), or null. */
export async function memberRow(core: Core, groupId: number, userId: number): Promise<{ id: number; isOwner: number } | null> {
  const { db } = core;
  const q = db.q.bind(db);
  const [row] = await db.query<{ id: number; isOwner: number }>(
    `SELECT m.${q('id')}, m.${q('isOwner')} FROM ${q(entity(core.model, 'base/groupMember').table)} m ` +
      `WHERE m.${q('groupId')} = ? AND m.${q('userId')} = ?${live(core, 'base/groupMember', 'm')} ORDER BY m.${q('id')} LIMIT 1`,
    [groupId, userId],
  );
  return row ?? null;
}

/** User ids of the group's active members; with `among`, only those of them. */
export async function activeMemberIds(core: Core, groupId: number, among?: number[]): Promise<number[]> {
  if (among && !among.length) return [];
  const { db } = core;
  const q = db.q.bind(db);
  const filter = among ? ` AND m.${q('userId')} IN (${marks(among.length)})` : '';
  const rows = await db.query<{ userId: number }>(
    `SELECT DISTINCT m.${q('userId')} FROM ${q(entity(core.model, 'base/groupMember').table)} m ` +
      `WHERE m.${q('groupId')} = ?${live(core, 'base/groupMember', 'm')}${filter}`,
    [groupId, ...(among ?? [])],
  );
  return rows.map((r) => r.userId);
}

/** Ids of the live groups the user is an active member of: the socket rooms a connection joins. */
export async function groupIdsOfUser(core: Core, userId: number): Promise<number[]> {
  const { db } = core;
  const q = db.q.bind(db);
  const rows = await db.query<{ groupId: number }>(
    `SELECT DISTINCT m.${q('groupId')} FROM ${q(entity(core.model, 'base/groupMember').table)} m ` +
      `JOIN ${q(entity(core.model, 'base/group').table)} g ON g.${q('id')} = m.${q('groupId')} ` +
      `WHERE m.${q('userId')} = ?${live(core, 'base/groupMember', 'm')}${live(core, 'base/group', 'g')}`,
    [userId],
  );
  return rows.map((r) => r.groupId);
}

/** Whether the user exists, is not removed and is enabled (AI members included). */
export async function mayReceive(core: Core, userId: number): Promise<boolean> {
  const { db } = core;
  const q = db.q.bind(db);
  const [row] = await db.query<{ id: number }>(
    `SELECT u.${q('id')} FROM ${q(core.model.system('users').table)} u WHERE u.${q('id')} = ? AND u.${q('status')} = 1${live(core, 'users', 'u')}`,
    [userId],
  );
  return !!row;
}

/** Display name (nickName, else username) and interface language of users. */
export async function usersBrief(core: Core, userIds: number[]): Promise<Map<number, { name: string; language: string | null }>> {
  const out = new Map<number, { name: string; language: string | null }>();
  if (!userIds.length) return out;
  const { db } = core;
  const q = db.q.bind(db);
  const rows = await db.query<{ id: number; nickName: string | null; username: string | null; language: string | null }>(
    `SELECT ${q('id')}, ${q('nickName')}, ${q('username')}, ${q('language')} FROM ${q(core.model.system('users').table)} WHERE ${q('id')} IN (${marks(userIds.length)})`,
    userIds,
  );
  for (const r of rows) out.set(r.id, { name: r.nickName || r.username || `#${r.id}`, language: r.language });
  return out;
}

/** The id of the sender's message stored with this clientId, if any. */
export async function messageIdByClientId(core: Core, fromId: number, clientId: string): Promise<number | null> {
  const { db } = core;
  const q = db.q.bind(db);
  const [row] = await db.query<{ id: number }>(
    `SELECT ${q('id')} FROM ${q(entity(core.model, 'base/message').table)} WHERE ${q('fromId')} = ? AND ${q('clientId')} = ?`,
    [fromId, clientId],
  );
  return row ? row.id : null;
}

/** Whether `blockerId` has a live friend row blocking `blockedId` (status `blockedStatus`). */
export async function blocks(core: Core, blockerId: number, blockedId: number, blockedStatus: number): Promise<boolean> {
  const { db } = core;
  const q = db.q.bind(db);
  const [row] = await db.query<{ id: number }>(
    `SELECT f.${q('id')} FROM ${q(entity(core.model, 'base/friend').table)} f ` +
      `WHERE f.${q('userId')} = ? AND f.${q('friendId')} = ? AND f.${q('status')} = ?${live(core, 'base/friend', 'f')} LIMIT 1`,
    [blockerId, blockedId, blockedStatus],
  );
  return !!row;
}
