/**
 * Per-scope sequence numbers (a conversation's message numbers): 1, 2, 3, … for each scope name,
 * allocated in the caller's transaction by one atomic upsert-increment of the scope's row in
 * `app_sequence`. The row stays locked until the transaction ends, so concurrent allocations in one
 * scope queue, and a transaction that rolls back gives its number back: numbers are unique and
 * gapless among committed work.
 */
import type { Db } from '../db/db';

export const SEQUENCE_TABLE = 'app_sequence';
const SCOPE = /^[\w:./-]{1,191}$/;

/** Creates the table (start-up; MySQL commits implicitly around DDL, so never inside a transaction). */
export async function ensureSequenceTable(db: Db): Promise<void> {
  const engine = db.dialect === 'mysql' ? ' ENGINE=InnoDB DEFAULT CHARSET=utf8mb4' : '';
  await db.run(
    `CREATE TABLE IF NOT EXISTS ${db.q(SEQUENCE_TABLE)} (${db.q('scope')} VARCHAR(191) NOT NULL PRIMARY KEY, ${db.q('value')} BIGINT NOT NULL)${engine}`,
  );
}

/** The next number of `scope` (letters, digits and `_:./-`), inside the transaction `tx`. */
export function nextNumber(tx: Db, scope: string): Promise<number> {
  return nextNumbers(tx, scope, 1);
}

/** `count` consecutive numbers of `scope` at once, inside `tx`: answers the first of them. */
export async function nextNumbers(tx: Db, scope: string, count: number): Promise<number> {
  if (!SCOPE.test(scope)) throw new Error(`bad sequence scope '${scope}'`);
  if (!Number.isSafeInteger(count) || count < 1) throw new Error(`bad sequence count ${count}`);
  const t = tx.q(SEQUENCE_TABLE);
  const v = tx.q('value');
  // One statement, one round trip while the scope's row is locked: MySQL hands the last number back
  // as the statement's LAST_INSERT_ID, SQLite through RETURNING.
  if (tx.dialect === 'mysql') {
    const r = await tx.run(`INSERT INTO ${t} (${tx.q('scope')}, ${v}) VALUES (?, LAST_INSERT_ID(?)) ON DUPLICATE KEY UPDATE ${v} = LAST_INSERT_ID(${v} + ?)`, [
      scope,
      count,
      count,
    ]);
    return Number(r.insertId) - count + 1;
  }
  const [row] = await tx.query<{ value: number | string }>(
    `INSERT INTO ${t} (${tx.q('scope')}, ${v}) VALUES (?, ?) ON CONFLICT (${tx.q('scope')}) DO UPDATE SET ${v} = ${v} + ? RETURNING ${v}`,
    [scope, count, count],
  );
  return Number(row.value) - count + 1;
}
