/**
 * Reads of AI replies in chat that join users with member rows or messages, which the generic list
 * cannot express. Tables come from the model; every value is a bound parameter. JSON columns come
 * back as their stored text and are parsed here.
 */
import { entity } from '../../core/api';
import type { Core, EntityKey, Row } from '../../core/api';
import { USER_TYPE } from '../workspace/groups/ai-member.service';
import { AUTH_TYPE } from '../../../entities/base/groupMember.entity';

/** An AI member as a reply needs it. */
export interface AiUser {
  id: number;
  /** nickName, else username: how it is named in prompts and mentioned (`@name`). */
  name: string;
  /** Its nickName only (what `@` mentions in a reply are matched against); null when it has none. */
  nickName: string | null;
  config: Row;
  ownerId: number | null;
  /** 1: public (in the catalogue), 0: private to its owner. */
  type: number;
  /** Its member row's credential in the group it answers in (groupMember authId/authType); a private chat has none: the platform's. */
  authId: number | null;
  authType: number;
}

/** One stored message of a conversation, with what its sender is. */
export interface TailMessage {
  id: number;
  seq: number;
  fromId: number;
  type: number;
  content: unknown;
  /** The sender is an AI member. */
  fromAi: boolean;
  /** The sender's nickName, else username. */
  name: string;
}

const marks = (n: number) => Array.from({ length: n }, () => '?').join(', ');

const tableOf = (core: Core, key: EntityKey): string => entity(core.model, key).table;

/** ` AND alias.flag = 0` for an entity (a key, or the users) with a soft-delete flag. */
function live(core: Core, key: EntityKey | 'users', alias: string): string {
  const flag = (key === 'users' ? core.model.system('users') : entity(core.model, key)).softDelete;
  return flag ? ` AND ${alias}.${core.db.q(flag)} = 0` : '';
}

function parsed(v: unknown): unknown {
  if (typeof v !== 'string') return v ?? null;
  try {
    return JSON.parse(v);
  } catch {
    return v;
  }
}

/** A stored JSON object (text on the database), parsed; `{}` when it is none. */
export function objectOf(v: unknown): Row {
  const o = parsed(v);
  return o && typeof o === 'object' && !Array.isArray(o) ? (o as Row) : {};
}

interface UserColumns {
  id: number;
  nickName: string | null;
  username: string | null;
  config: unknown;
  ownerId: number | null;
  type: number | null;
  authId?: number | null;
  authType?: number | null;
}

function aiUserOf(r: UserColumns): AiUser {
  return {
    id: r.id,
    name: r.nickName || r.username || `#${r.id}`,
    nickName: r.nickName || null,
    config: objectOf(r.config),
    ownerId: r.ownerId ?? null,
    type: r.type ?? 0,
    authId: r.authId ?? null,
    authType: r.authType ?? AUTH_TYPE.platform,
  };
}

function userColumns(core: Core, alias: string): string {
  const q = core.db.q.bind(core.db);
  return ['id', 'nickName', 'username', 'config', 'ownerId', 'type'].map((c) => `${alias}.${q(c)}`).join(', ');
}

/** The enabled AI members holding an active member row of the group, with that row's credential; with `among`, only those of them. */
export async function aiMembersOf(core: Core, groupId: number, among?: number[]): Promise<AiUser[]> {
  if (among && !among.length) return [];
  const q = core.db.q.bind(core.db);
  const filter = among ? ` AND u.${q('id')} IN (${marks(among.length)})` : '';
  const rows = await core.db.query<UserColumns>(
    `SELECT DISTINCT ${userColumns(core, 'u')}, m.${q('authId')}, m.${q('authType')} FROM ${q(tableOf(core, 'base/groupMember'))} m ` +
      `JOIN ${q(core.model.system('users').table)} u ON u.${q('id')} = m.${q('userId')} ` +
      `WHERE m.${q('groupId')} = ?${live(core, 'base/groupMember', 'm')} AND u.${q('userType')} = ? AND u.${q('status')} = 1${live(core, 'users', 'u')}${filter}`,
    [groupId, USER_TYPE.ai, ...(among ?? [])],
  );
  return rows.map(aiUserOf);
}

/** The user, when it is an enabled AI member; else null. */
export async function aiUserById(core: Core, userId: number): Promise<AiUser | null> {
  const q = core.db.q.bind(core.db);
  const [row] = await core.db.query<UserColumns>(
    `SELECT ${userColumns(core, 'u')} FROM ${q(core.model.system('users').table)} u ` +
      `WHERE u.${q('id')} = ? AND u.${q('userType')} = ? AND u.${q('status')} = 1${live(core, 'users', 'u')}`,
    [userId, USER_TYPE.ai],
  );
  return row ? aiUserOf(row) : null;
}

/** The group's aiReplyCap; null when the group is missing or removed. */
export async function aiReplyCapOf(core: Core, groupId: number): Promise<number | null> {
  const q = core.db.q.bind(core.db);
  const [row] = await core.db.query<{ cap: number | null }>(
    `SELECT g.${q('aiReplyCap')} AS ${q('cap')} FROM ${q(tableOf(core, 'base/group'))} g WHERE g.${q('id')} = ?${live(core, 'base/group', 'g')}`,
    [groupId],
  );
  return row ? (row.cap ?? 0) : null;
}

/** The last `limit` messages of a conversation, newest first, each with whether its sender is an AI member. */
export async function conversationTail(core: Core, conversation: string, limit: number): Promise<TailMessage[]> {
  const q = core.db.q.bind(core.db);
  const rows = await core.db.query<{
    id: number;
    seq: number;
    fromId: number | null;
    type: number | null;
    content: unknown;
    userType: number | null;
    nickName: string | null;
    username: string | null;
  }>(
    `SELECT m.${q('id')}, m.${q('seq')}, m.${q('fromId')}, m.${q('type')}, m.${q('content')}, u.${q('userType')}, u.${q('nickName')}, u.${q('username')} ` +
      `FROM ${q(tableOf(core, 'base/message'))} m LEFT JOIN ${q(core.model.system('users').table)} u ON u.${q('id')} = m.${q('fromId')} ` +
      `WHERE m.${q('conversation')} = ? ORDER BY m.${q('seq')} DESC LIMIT ?`,
    [conversation, limit],
  );
  return rows.map((r) => ({
    id: r.id,
    seq: r.seq,
    fromId: r.fromId ?? 0,
    type: r.type ?? 0,
    content: parsed(r.content),
    fromAi: r.userType === USER_TYPE.ai,
    name: r.nickName || r.username || `#${r.fromId}`,
  }));
}
