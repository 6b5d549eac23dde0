/**
 * The reads of the group calls that the generic query cannot express: a member's groups with their
 * member counts, a group's members joined with their users, the public AI catalogue, a team by its
 * key in any state. Never called inside a transaction (there, reads go through the operations).
 */
import { entity, rowCodec, likePattern } from '../../../core/api';
import type { Core, EntityRow, Row, TypedEntity } from '../../../core/api';
import type { CatalogueAi } from './ai-member.service';

type Group = EntityRow<'base/group'>;

function tables(core: Core): { g: string; m: string; u: string } {
  const q = core.db.q.bind(core.db);
  return {
    g: q(groupEntity(core).table),
    m: q(entity(core.model, 'base/groupMember').table),
    u: q(core.model.system('users').table),
  };
}

function groupEntity(core: Core): TypedEntity<'base/group'> {
  return entity(core.model, 'base/group');
}

/** Live members of group `alias`.id whose user is live too. */
function countMembers(core: Core, alias: string): string {
  const q = core.db.q.bind(core.db);
  const t = tables(core);
  return (
    `(SELECT COUNT(*) FROM ${t.m} c JOIN ${t.u} cu ON cu.${q('id')} = c.${q('userId')} AND cu.${q('delete')} = 0 ` +
    `WHERE c.${q('groupId')} = ${alias}.${q('id')} AND c.${q('delete')} = 0)`
  );
}

export interface GroupOfMember extends Group {
  /** The member's own row in the group. */
  memberRowId: number;
  myIsOwner: number;
  memberCount: number;
}

/**
 * The live groups `userId` is a live member of (of one type, when given), oldest membership first,
 * each with every readable group field, the member's own row and the group's member count.
 */
export async function groupsOf(core: Core, userId: number, type?: number): Promise<GroupOfMember[]> {
  const q = core.db.q.bind(core.db);
  const t = tables(core);
  const groups = groupEntity(core);
  const fields = groups.readable.filter((f) => !f.virtual);
  const codec = rowCodec(groups, fields);
  const params: unknown[] = [userId];
  let where = `m.${q('userId')} = ? AND m.${q('delete')} = 0 AND g.${q('delete')} = 0`;
  if (type !== undefined) {
    where += ` AND g.${q('type')} = ?`;
    params.push(type);
  }
  // The group's stored fields, and the member's INT columns; COUNT(*) is text on MariaDB.
  const rows = await core.db.query<Row & { memberRowId: number; myIsOwner: number; memberCount: number | string }>(
    `SELECT ${fields.map((f) => `g.${q(f.name)}`).join(', ')}, m.${q('id')} AS ${q('memberRowId')}, m.${q('isOwner')} AS ${q('myIsOwner')}, ` +
      `${countMembers(core, 'g')} AS ${q('memberCount')} FROM ${t.m} m JOIN ${t.g} g ON g.${q('id')} = m.${q('groupId')} WHERE ${where} ORDER BY m.${q('id')}`,
    params,
  );
  return rows.map(({ memberRowId, myIsOwner, memberCount, ...group }) => ({
    ...(codec.decode(group) as Group),
    memberRowId,
    myIsOwner,
    memberCount: Number(memberCount),
  }));
}

/** A live group with every readable field, or null. */
export async function liveGroup(core: Core, id: number): Promise<Group | null> {
  const q = core.db.q.bind(core.db);
  const groups = groupEntity(core);
  const fields = groups.readable.filter((f) => !f.virtual);
  const [row] = await core.db.query(`SELECT ${fields.map((f) => q(f.name)).join(', ')} FROM ${tables(core).g} WHERE ${q('id')} = ? AND ${q('delete')} = 0`, [
    id,
  ]);
  return row ? (rowCodec(groups, fields).decode(row) as Group) : null;
}

/** Whether `userId` has a live member row in group `groupId`. */
export async function isMember(core: Core, groupId: number, userId: number): Promise<boolean> {
  const q = core.db.q.bind(core.db);
  const rows = await core.db.query(`SELECT 1 AS ${q('ok')} FROM ${tables(core).m} WHERE ${q('groupId')} = ? AND ${q('userId')} = ? AND ${q('delete')} = 0`, [
    groupId,
    userId,
  ]);
  return rows.length > 0;
}

export interface MemberOfGroup {
  id: number;
  groupId: number;
  userId: number;
  name: string | null;
  avatar: string | null;
  isOwner: number;
  originMemberId: number | null;
  linkedMemberId: number | null;
  nickName: string | null;
  headImg: string | null;
  userType: number | null;
  /** The AI member's owner (null for people). */
  ownerId: number | null;
  /** 1 while the user has a socket connected on some instance (kept by the socket server's presence). */
  online: number;
  /** An AI member's config (null for people): for its price, and for its owner only. */
  config: Row | null;
  /** An AI member listed in the public catalogue (its user's type 1); false for people. */
  aiPublic: boolean;
  /** The credential an AI member's row runs with (groupMember authId/authType): for its owner only. */
  authId: number | null;
  authType: number;
}

function jsonObject(v: unknown): Row | null {
  let o = v;
  if (typeof v === 'string') {
    try {
      o = JSON.parse(v);
    } catch {
      return null;
    }
  }
  return o && typeof o === 'object' && !Array.isArray(o) ? (o as Row) : null;
}

/** A member row joined with its user's columns, as stored (config is JSON text, aiPublic the user's type). */
type StoredMemberOfGroup = Omit<MemberOfGroup, 'config' | 'aiPublic'> & { config: string | null; aiPublic: number | null };

/** One page of a group's live members (whose users are live), the owner first, then by joining order. */
export async function memberPage(core: Core, groupId: number, page: number, size: number): Promise<{ rows: MemberOfGroup[]; total: number }> {
  const q = core.db.q.bind(core.db);
  const t = tables(core);
  const from = `FROM ${t.m} m JOIN ${t.u} u ON u.${q('id')} = m.${q('userId')} AND u.${q('delete')} = 0 WHERE m.${q('groupId')} = ? AND m.${q('delete')} = 0`;
  const cols = ['id', 'groupId', 'userId', 'name', 'avatar', 'isOwner', 'originMemberId', 'linkedMemberId', 'authId', 'authType'].map((c) => `m.${q(c)}`);
  const userCols = [...['nickName', 'headImg', 'userType', 'ownerId', 'online', 'config'].map((c) => `u.${q(c)}`), `u.${q('type')} AS ${q('aiPublic')}`];
  const [rows, [{ total }]] = await Promise.all([
    core.db.query<StoredMemberOfGroup>(
      `SELECT ${[...cols, ...userCols].join(', ')} ${from} ORDER BY m.${q('isOwner')} DESC, m.${q('id')} ASC LIMIT ? OFFSET ?`,
      [groupId, size, (page - 1) * size],
    ),
    core.db.query<{ total: number | string }>(`SELECT COUNT(*) AS ${q('total')} ${from}`, [groupId]),
  ]);
  return {
    total: Number(total),
    rows: rows.map(({ config, aiPublic, ...r }) => ({
      ...r,
      config: r.userType === 1 ? (jsonObject(config) ?? {}) : null,
      aiPublic: r.userType === 1 && aiPublic === 1,
    })),
  };
}

/** The user ids of each group's live member rows. */
export async function memberUserIds(core: Core, groupIds: number[]): Promise<Map<number, number[]>> {
  const q = core.db.q.bind(core.db);
  const out = new Map<number, number[]>(groupIds.map((id) => [id, []]));
  if (!groupIds.length) return out;
  const rows = await core.db.query<{ groupId: number; userId: number }>(
    `SELECT ${q('groupId')}, ${q('userId')} FROM ${tables(core).m} WHERE ${q('groupId')} IN (${groupIds.map(() => '?').join(', ')}) AND ${q('delete')} = 0`,
    groupIds,
  );
  for (const r of rows) out.get(r.groupId)?.push(r.userId);
  return out;
}

/** A group by its join key, deleted or not (the live one first), with its public fields. */
export async function groupByKey(
  core: Core,
  key: string,
): Promise<{ id: number; name: string; avatar: string | null; remark: string | null; type: number; deleted: boolean } | null> {
  const q = core.db.q.bind(core.db);
  const [row] = await core.db.query<Pick<Group, 'id' | 'name' | 'avatar' | 'remark' | 'type' | 'delete'>>(
    `SELECT ${['id', 'name', 'avatar', 'remark', 'type', 'delete'].map((c) => q(c)).join(', ')} FROM ${tables(core).g} WHERE ${q('key')} = ? ORDER BY ${q('delete')} ASC, ${q('id')} ASC LIMIT 1`,
    [key],
  );
  if (!row) return null;
  return { id: row.id, name: row.name, avatar: row.avatar ?? null, remark: row.remark ?? null, type: row.type, deleted: row.delete !== 0 };
}

/** How many live members (with live users) a group has. */
export async function memberCount(core: Core, groupId: number): Promise<number> {
  const q = core.db.q.bind(core.db);
  const [row] = await core.db.query<{ n: number | string }>(`SELECT ${countMembers(core, 'g')} AS ${q('n')} FROM ${tables(core).g} g WHERE g.${q('id')} = ?`, [
    groupId,
  ]);
  return Number(row?.n ?? 0);
}

export interface CatalogueQuery {
  keyWord: string | null;
  page: number;
  size: number;
}

/** One page of the public AI members (enabled AI users their owners made public), newest first. */
export async function aiCatalogue(core: Core, o: CatalogueQuery): Promise<{ rows: CatalogueAi[]; total: number }> {
  const q = core.db.q.bind(core.db);
  const t = tables(core);
  let where = `WHERE ${q('userType')} = 1 AND ${q('type')} = 1 AND ${q('status')} = 1 AND ${q('delete')} = 0`;
  const params: unknown[] = [];
  if (o.keyWord !== null) {
    where += ` AND ${q('nickName')} LIKE ? ESCAPE '!'`;
    params.push(likePattern(o.keyWord));
  }
  const cols = ['id', 'nickName', 'headImg', 'avatar', 'ownerId', 'config', 'createTime'].map((c) => q(c)).join(', ');
  const [rows, [{ total }]] = await Promise.all([
    core.db.query(`SELECT ${cols} FROM ${t.u} ${where} ORDER BY ${q('id')} DESC LIMIT ? OFFSET ?`, [...params, o.size, (o.page - 1) * o.size]),
    core.db.query<{ total: number | string }>(`SELECT COUNT(*) AS ${q('total')} FROM ${t.u} ${where}`, params),
  ]);
  const users = core.model.system('users');
  // The stored config (JSON text) and createTime decoded; the other columns are INT and text as stored.
  const codec = rowCodec(
    users,
    users.readable.filter((f) => ['config', 'createTime'].includes(f.name)),
  );
  return { rows: rows.map((r) => codec.decode(r) as CatalogueAi), total: Number(total) };
}

/** The ids of the live groups `userId` is a live member of, in joining order. */
export async function groupIdsOf(core: Core, userId: number): Promise<number[]> {
  const q = core.db.q.bind(core.db);
  const t = tables(core);
  const rows = await core.db.query<{ id: number }>(
    `SELECT g.${q('id')} AS ${q('id')} FROM ${t.m} m JOIN ${t.g} g ON g.${q('id')} = m.${q('groupId')} ` +
      `WHERE m.${q('userId')} = ? AND m.${q('delete')} = 0 AND g.${q('delete')} = 0 ORDER BY m.${q('id')}`,
    [userId],
  );
  return rows.map((r) => r.id);
}

/** The price columns and state of an app (AI members' prices, ai-price.ts). */
export type AppPrice = Pick<EntityRow<'base/app'>, 'id' | 'tokens' | 'efficiencyCoefficient' | 'show' | 'isAsync'>;

/** The price columns and state of the apps of `ids` (AI members' prices, ai-price.ts); none for no ids. */
export async function appsByIds(core: Core, ids: number[]): Promise<AppPrice[]> {
  if (!ids.length) return [];
  const q = core.db.q.bind(core.db);
  return core.db.query<AppPrice>(
    `SELECT ${['id', 'tokens', 'efficiencyCoefficient', 'show', 'isAsync'].map(q).join(', ')} FROM ${q(entity(core.model, 'base/app').table)} ` +
      `WHERE ${q('id')} IN (${ids.map(() => '?').join(', ')})`,
    ids,
  );
}
