/** The ledger check's reads: each user's balances against the sums of their tokenLog entries. */
import { entity } from '../../../core/api';
import type { Core } from '../../../core/api';
import { toUnits } from '../pay/money';
import { BALANCES, type Balance } from './ledger.service';

export interface LedgerLine {
  userId: number;
  field: Balance;
  /** The balance on the user's row. */
  balance: number;
  /** The sum of the user's entries for that balance. */
  sum: number;
}

/**
 * Every (user, balance) whose balance differs from the sum of its entries (`mismatches`: must stay
 * empty), and every balance below zero (`debts`: refunds of revenue already spent).
 */
export async function ledgerCheck(core: Core): Promise<{ users: number; entries: number; mismatches: LedgerLine[]; debts: LedgerLine[] }> {
  const q = core.db.q.bind(core.db);
  const logs = entity(core.model, 'base/tokenLog').table;
  const users = core.model.system('users').table;
  const sums = await core.db.query<{ userId: number; field: string; total: string | number; n: number }>(
    `SELECT ${q('userId')}, ${q('field')}, SUM(${q('tokens')}) AS ${q('total')}, COUNT(*) AS ${q('n')} FROM ${q(logs)} GROUP BY ${q('userId')}, ${q('field')}`,
  );
  const nonZero = BALANCES.map((b) => `${q(b)} <> 0`).join(' OR ');
  const rows = await core.db.query<Record<string, unknown>>(`SELECT ${q('id')}, ${BALANCES.map(q).join(', ')} FROM ${q(users)} WHERE ${nonZero}`);
  const sumOf = new Map<string, number>();
  let entries = 0;
  for (const s of sums) {
    sumOf.set(`${s.userId}:${s.field}`, toUnits(s.total));
    entries += Number(s.n);
  }
  const balances = new Map<string, number>();
  for (const r of rows) for (const b of BALANCES) balances.set(`${r.id}:${b}`, toUnits(r[b]));
  const mismatches: LedgerLine[] = [];
  const debts: LedgerLine[] = [];
  const keys = new Set([...sumOf.keys(), ...balances.keys()]);
  for (const k of keys) {
    const [userId, field] = k.split(':');
    const balance = balances.get(k) ?? 0;
    const sum = sumOf.get(k) ?? 0;
    const line = { userId: Number(userId), field: field as Balance, balance: balance / 10_000, sum: sum / 10_000 };
    if (balance !== sum) mismatches.push(line);
    if (balance < 0) debts.push(line);
  }
  return { users: new Set([...keys].map((k) => k.split(':')[0])).size, entries, mismatches, debts };
}

/** Display names (nickName, else username) of users by id. */
export async function userNames(core: Core, ids: number[]): Promise<Map<number, string | null>> {
  if (!ids.length) return new Map();
  const q = core.db.q.bind(core.db);
  const rows = await core.db.query<{ id: number; nickName: string | null; username: string | null }>(
    `SELECT ${q('id')}, ${q('nickName')}, ${q('username')} FROM ${q(core.model.system('users').table)} WHERE ${q('id')} IN (${ids.map(() => '?').join(', ')})`,
    ids,
  );
  return new Map(rows.map((r) => [r.id, r.nickName || r.username]));
}

/** Of the orders the entries relate to (relateType 'order'), the ids of those refunded (status 9). */
export async function refundedOrders(core: Core, entries: Array<Record<string, unknown>>): Promise<Set<number>> {
  const ids = [
    ...new Set(
      entries
        .filter((r) => r.relateType === 'order')
        .map((r) => r.relateId)
        .filter((n): n is number => typeof n === 'number' && n > 0),
    ),
  ];
  if (!ids.length) return new Set();
  const q = core.db.q.bind(core.db);
  const rows = await core.db.query<{ id: number }>(
    `SELECT ${q('id')} FROM ${q(entity(core.model, 'goods/order').table)} WHERE ${q('status')} = 9 AND ${q('id')} IN (${ids.map(() => '?').join(', ')})`,
    ids,
  );
  return new Set(rows.map((r) => r.id));
}
