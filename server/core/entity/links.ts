/**
 * Many-to-many link tables (role–menu, role–department, user–role) for entity hooks: read the ids
 * linked to some rows in one query, and replace the links of one row.
 *
 * @example
 * ```ts
 * const TEAM_USERS = { table: 'demo_team_user', from: 'teamId', to: 'userId' };
 * const byTeam = await readLinks(db, TEAM_USERS, teamIds);
 * await replaceLinks(db, TEAM_USERS, teamId, [3, 4]);
 * ```
 */
import type { HookDb } from './define';

export interface Link {
  table: string;
  /** Column holding the id of the row the hook is about. */
  from: string;
  /** Column holding the linked id. */
  to: string;
}

/** Distinct integer ids of an array sent by a client; anything else is dropped. */
export function toIds(values: unknown[]): number[] {
  return [...new Set(values.map(Number).filter((v) => Number.isInteger(v)))];
}

export async function readLinks(db: HookDb, link: Link, ids: number[]): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>();
  if (ids.length === 0) return out;
  const rows = await db.query<Record<string, unknown>>(
    `SELECT ${db.q(link.from)}, ${db.q(link.to)} FROM ${db.q(link.table)} WHERE ${db.q(link.from)} IN (${ids.map(() => '?').join(', ')}) ORDER BY ${db.q(link.to)} ASC`,
    ids,
  );
  for (const r of rows) {
    const key = Number(r[link.from]);
    (out.get(key) ?? out.set(key, []).get(key)!).push(Number(r[link.to]));
  }
  return out;
}

export async function replaceLinks(db: HookDb, link: Link, id: number, linked: number[]): Promise<void> {
  await db.run(`DELETE FROM ${db.q(link.table)} WHERE ${db.q(link.from)} = ?`, [id]);
  if (!linked.length) return;
  const now = new Date().toISOString().slice(0, 23).replace('T', ' ');
  const cols = [link.from, link.to, 'createTime', 'updateTime'].map((c) => db.q(c)).join(', ');
  await db.run(
    `INSERT INTO ${db.q(link.table)} (${cols}) VALUES ${linked.map(() => '(?, ?, ?, ?)').join(', ')}`,
    linked.flatMap((other) => [id, other, now, now]),
  );
}
