/**
 * The dashboard's counts: per calendar day since a moment (day keys at a UTC offset in minutes,
 * grouped in SQL that differs per dialect), and over a whole range or all time. Views are visits
 * (an address counts once per hour, however many requests its pages make) and visitors distinct
 * addresses, both from the request log; users are live people (not AI members); sales the
 * totalAmount of paid orders.
 */
import { entity } from '../../core/api';
import type { Core, Db, Entity } from '../../core/api';
import { dayExpr } from '../commerce/day-key.queries';

/** Numbers by day key (YYYY-MM-DD). */
export type PerDay = Map<string, number>;

/** The hour key (YYYY-MM-DD HH) of a stored UTC datetime column, shifted by `offset` minutes. */
export function hourExpr(db: Db, column: string, offset: number): string {
  if (!Number.isSafeInteger(offset)) throw new Error('offset must be an integer');
  if (db.dialect === 'mysql') return `DATE_FORMAT(${offset ? `DATE_ADD(${column}, INTERVAL ${offset} MINUTE)` : column}, '%Y-%m-%d %H')`;
  return offset ? `substr(datetime(${column}, '${offset >= 0 ? '+' : ''}${offset} minutes'), 1, 13)` : `substr(${column}, 1, 13)`;
}

const tables = (core: Core) => ({
  log: core.model.system('requestLog'),
  users: core.model.system('users'),
});
const orders = (core: Core) => entity(core.model, 'goods/order');

/** `value` per day of `timeCol` from `from` on, over the rows of `e` that `where` (a clause ending in AND, or '') keeps. */
async function perDay(core: Core, e: Entity, timeCol: string, value: string, where: string, from: string, tzOffset: number): Promise<PerDay> {
  const q = core.db.q.bind(core.db);
  // d is a DATE (text on both dialects); n a COUNT (text on MariaDB) or a SUM.
  const rows = await core.db.query<{ d: string; n: number | string | null }>(
    `SELECT ${dayExpr(core.db, timeCol, tzOffset)} AS ${q('d')}, ${value} AS ${q('n')} FROM ${q(e.table)} WHERE ${where}${timeCol} >= ? GROUP BY ${q('d')}`,
    [from],
  );
  return new Map(rows.map((r) => [r.d.slice(0, 10), Number(r.n ?? 0)]));
}

async function one(core: Core, sql: string, params: unknown[] = []): Promise<number> {
  const [r] = await core.db.query<{ n: unknown }>(sql, params);
  return Number(r?.n ?? 0);
}

/** Visits per day: distinct (address, hour) pairs, so one person's page load of many calls is one. */
export function viewsPerDay(core: Core, from: string, tzOffset: number): Promise<PerDay> {
  const q = core.db.q.bind(core.db);
  const hour = hourExpr(core.db, q('createTime'), tzOffset);
  const visit = core.db.dialect === 'mysql' ? `CONCAT(${q('ip')}, '|', ${hour})` : `${q('ip')} || '|' || ${hour}`;
  return perDay(core, tables(core).log, q('createTime'), `COUNT(DISTINCT ${visit})`, '', from, tzOffset);
}

export function visitorsPerDay(core: Core, from: string, tzOffset: number): Promise<PerDay> {
  const q = core.db.q.bind(core.db);
  return perDay(core, tables(core).log, q('createTime'), `COUNT(DISTINCT ${q('ip')})`, '', from, tzOffset);
}

/** Distinct IP addresses in the request log from `from` on. */
export function visitorsSince(core: Core, from: string): Promise<number> {
  const q = core.db.q.bind(core.db);
  return one(core, `SELECT COUNT(DISTINCT ${q('ip')}) AS ${q('n')} FROM ${q(tables(core).log.table)} WHERE ${q('createTime')} >= ?`, [from]);
}

/** Live people: not deleted, and not AI members (userType 1); an empty userType is a person. */
const people = (q: (n: string) => string) => `${q('delete')} = 0 AND (${q('userType')} IS NULL OR ${q('userType')} = 0)`;

export function newUsersPerDay(core: Core, from: string, tzOffset: number): Promise<PerDay> {
  const q = core.db.q.bind(core.db);
  return perDay(core, tables(core).users, q('createTime'), 'COUNT(*)', `${people(q)} AND `, from, tzOffset);
}

export function liveUserCount(core: Core): Promise<number> {
  const q = core.db.q.bind(core.db);
  return one(core, `SELECT COUNT(*) AS ${q('n')} FROM ${q(tables(core).users.table)} WHERE ${people(q)}`);
}

/** Paid orders' totalAmount per day of payment (of creation when no payTime is stored). */
export function salesPerDay(core: Core, from: string, tzOffset: number): Promise<PerDay> {
  const q = core.db.q.bind(core.db);
  const paidTime = `COALESCE(${q('payTime')}, ${q('createTime')})`;
  return perDay(core, orders(core), paidTime, `COALESCE(SUM(${q('totalAmount')}), 0)`, `${q('payStatus')} = 1 AND `, from, tzOffset);
}

export function salesTotal(core: Core): Promise<number> {
  const q = core.db.q.bind(core.db);
  return one(core, `SELECT COALESCE(SUM(${q('totalAmount')}), 0) AS ${q('n')} FROM ${q(orders(core).table)} WHERE ${q('payStatus')} = 1`);
}
