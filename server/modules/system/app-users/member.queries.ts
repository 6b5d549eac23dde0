/**
 * The reads of cool-admin's `user/info` (member-view.ts) that the generic query cannot express:
 * sys/user rows narrowed to the members (people holding the member role), with cool-admin's keyword
 * (nickName or phone).
 */
import { likePattern, type Clause, type ParsedQuery } from '../../../core/api';
import type { Core, Row } from '../../../core/api';

/** The members among the live users: people (userType empty or 0) holding role `memberRoleId`, matching `keyWord`. */
export function memberClause(core: Core, memberRoleId: number, keyWord: string | null): Clause {
  const q = core.db.q.bind(core.db);
  const links = core.model.system('userRoles').table;
  let sql = `(${q('userType')} IS NULL OR ${q('userType')} = 0) AND ${q('id')} IN (SELECT ${q('userId')} FROM ${q(links)} WHERE ${q('roleId')} = ?)`;
  const params: unknown[] = [memberRoleId];
  if (keyWord !== null) {
    sql += ` AND (${q('nickName')} LIKE ? ESCAPE '!' OR ${q('phone')} LIKE ? ESCAPE '!')`;
    params.push(likePattern(keyWord), likePattern(keyWord));
  }
  return { sql: `(${sql})`, params };
}

/** One page (or, with `count` false, the first `size` rows) of the users `pq` selects, as `select` reads them. */
export async function memberRows(core: Core, select: string, pq: ParsedQuery, count: boolean): Promise<{ rows: Row[]; total: number }> {
  const q = core.db.q.bind(core.db);
  const table = q(core.model.system('users').table);
  const offset = count ? (pq.page - 1) * pq.size : 0;
  const [rows, totals] = await Promise.all([
    core.db.query(`SELECT ${select} FROM ${table}${pq.where} ORDER BY ${pq.orderBy} LIMIT ? OFFSET ?`, [...pq.params, pq.size, offset]),
    count ? core.db.query<{ total: number | string }>(`SELECT COUNT(*) AS ${q('total')} FROM ${table}${pq.where}`, pq.params) : Promise.resolve([]),
  ]);
  return { rows, total: count ? Number(totals[0].total) : rows.length };
}

/** The ids among `ids` of live members. */
export async function memberIds(core: Core, memberRoleId: number, ids: number[]): Promise<number[]> {
  const q = core.db.q.bind(core.db);
  const members = memberClause(core, memberRoleId, null);
  const rows = await core.db.query<{ id: number }>(
    `SELECT ${q('id')} FROM ${q(core.model.system('users').table)} WHERE ${q('id')} IN (${ids.map(() => '?').join(', ')}) AND ${q('delete')} = 0 AND ${members.sql}`,
    [...ids, ...members.params],
  );
  return rows.map((r) => r.id);
}
