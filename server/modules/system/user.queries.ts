/**
 * The user rows the sys/user calls read beyond the generic query: which of some users are live and
 * in a data scope (move), a caller's invitees (invitedList), one public profile (openDetail), and a
 * member's own wallet address (isNftStacked).
 */
import { scopeClause, likePattern } from '../../core/api';
import type { Core, AuthUser, Row } from '../../core/api';

/** The ids among `ids` of live users inside `caller`'s data scope. */
export async function liveUserIdsInScope(core: Core, ids: number[], caller: AuthUser | null): Promise<number[]> {
  const q = core.db.q.bind(core.db);
  const users = core.model.system('users');
  const scope = scopeClause(users, caller);
  const rows = await core.db.query<{ id: number }>(
    `SELECT ${q('id')} FROM ${q(users.table)} WHERE ${q('id')} IN (${ids.map(() => '?').join(', ')}) AND ${q('delete')} = 0` +
      (scope ? ` AND ${scope.sql}` : ''),
    [...ids, ...(scope?.params ?? [])],
  );
  return rows.map((r) => r.id);
}

export interface InvitedQuery {
  inviterId: number;
  /** Part of the nickName, matched literally. */
  keyWord: string | null;
  page: number;
  size: number;
}

/** One page of the live users `inviterId` invited, newest first, as `select` (quoted columns) reads them. */
export async function invitedPage(core: Core, select: string, o: InvitedQuery): Promise<{ rows: Row[]; total: number }> {
  const q = core.db.q.bind(core.db);
  const table = q(core.model.system('users').table);
  let where = `WHERE ${q('inviteId')} = ? AND ${q('delete')} = 0`;
  const params: unknown[] = [o.inviterId];
  if (o.keyWord !== null) {
    where += ` AND ${q('nickName')} LIKE ? ESCAPE '!'`;
    params.push(likePattern(o.keyWord));
  }
  const [rows, [{ total }]] = await Promise.all([
    core.db.query(`SELECT ${select} FROM ${table} ${where} ORDER BY ${q('id')} DESC LIMIT ? OFFSET ?`, [...params, o.size, (o.page - 1) * o.size]),
    core.db.query<{ total: number | string }>(`SELECT COUNT(*) AS ${q('total')} FROM ${table} ${where}`, params),
  ]);
  return { rows, total: Number(total) };
}

/** The `select` columns of an enabled, undeleted user, or null. */
export async function enabledUser(core: Core, select: string, id: number): Promise<Row | null> {
  const q = core.db.q.bind(core.db);
  const [row] = await core.db.query(
    `SELECT ${select} FROM ${q(core.model.system('users').table)} WHERE ${q('id')} = ? AND ${q('delete')} = 0 AND ${q('status')} = 1`,
    [id],
  );
  return row ?? null;
}

/** The `select` columns of the enabled, undeleted user with this username, or null. */
export async function enabledUserByUsername(core: Core, select: string, username: string): Promise<Row | null> {
  const q = core.db.q.bind(core.db);
  const [row] = await core.db.query(
    `SELECT ${select} FROM ${q(core.model.system('users').table)} WHERE ${q('username')} = ? AND ${q('delete')} = 0 AND ${q('status')} = 1`,
    [username],
  );
  return row ?? null;
}

/**
 * Enabled, undeleted people (not AI members) whose username is `keyWord` or whose nickName starts
 * with it, without `excludeId`: the exact username first, then by nickName; at most `limit`.
 */
export async function searchPeople(core: Core, select: string, keyWord: string, excludeId: number, limit: number): Promise<Row[]> {
  const q = core.db.q.bind(core.db);
  const prefix = `${keyWord.replace(/[!%_]/g, (c) => '!' + c)}%`;
  return core.db.query(
    `SELECT ${select}, CASE WHEN ${q('username')} = ? THEN 0 ELSE 1 END AS ${q('rank_')} FROM ${q(core.model.system('users').table)}` +
      ` WHERE (${q('username')} = ? OR ${q('nickName')} LIKE ? ESCAPE '!') AND ${q('delete')} = 0 AND ${q('status')} = 1` +
      ` AND (${q('userType')} IS NULL OR ${q('userType')} = 0) AND ${q('id')} <> ?` +
      ` ORDER BY ${q('rank_')}, ${q('nickName')}, ${q('id')} LIMIT ?`,
    [keyWord, keyWord, prefix, excludeId, limit],
  );
}

/** The starWalletAddress a user stored, as stored (any row, deleted or not). */
export async function walletAddress(core: Core, userId: number): Promise<unknown> {
  const q = core.db.q.bind(core.db);
  const rows = await core.db.query<{ w: unknown }>(`SELECT ${q('starWalletAddress')} AS w FROM ${q(core.model.system('users').table)} WHERE ${q('id')} = ?`, [
    userId,
  ]);
  return rows[0]?.w;
}

/** A user's stored interface language as written (null when unset or without the row). */
export async function storedLanguage(core: Core, userId: number): Promise<string | null> {
  const q = core.db.q.bind(core.db);
  const [row] = await core.db.query<{ language: string | null }>(`SELECT ${q('language')} FROM ${q(core.model.system('users').table)} WHERE ${q('id')} = ?`, [
    userId,
  ]);
  return row?.language || null;
}
