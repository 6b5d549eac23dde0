/**
 * What every operation runs with: the model, the transaction (or, for reads outside one, the
 * database), the caller, and the set of entities the transaction wrote, whose caches drop once
 * after it commits. Also the small checks the operations share.
 */
import type { AuthUser, HookContext, HookTransaction, Row } from '../entity/define';
import type { Entity, Model } from '../entity/model';
import type { KnownRows } from './access-sql';
import { UniqueViolation, type Db } from '../db/db';
import { fail } from '../errors';
import { hashPassword } from '../auth/password';
import type { Totals } from './totals';
import type { PageBoundaries } from './keyset';
import { toStored } from './values';
import type { Sealer } from '../secrets/seal';

export const MAX_BATCH = 1000;
const MAX_DELETE = 1000;

export interface OpContext {
  model: Model;
  /** Seals the values of sealed fields before they are stored. */
  sealer: Sealer;
  /** The transaction the operation writes in (reads outside a transaction get the database). */
  db: Db;
  /** The caller: a user, null for an anonymous caller of a public action, or `SYSTEM`. */
  user: AuthUser | null;
  /** The operations of this context, as hooks get them (an OpTransaction, op-transaction.ts `opened`). */
  ops: HookTransaction;
  /** How many writes the transaction has recorded so far (`wrote`), 0 outside one: tells whether a hook wrote. */
  writes(): number;
  totals: Totals;
  /** Last rows of served pages, for clients that page forward. */
  boundaries: PageBoundaries;
  /**
   * Records that the transaction wrote to `e`: the rows it wrote with what they were before (null:
   * absent), so cached totals move by them after the commit; without rows, every total of `e` drops.
   * A write whose hooks got virtual values (a user's roleIdList) is also recorded without rows: its
   * hooks may have written other tables (the links), which the rows of `e` do not show.
   */
  wrote(e: Entity, rows?: WriteNote[]): void;
  /**
   * Says the transaction is about to write `e`, so the mark its cached totals need before the
   * commit starts travelling now, beside the write (a no-op outside a transaction).
   */
  writing(e: Entity): void;
  /**
   * Before a SAVEPOINT: returns what to call after a ROLLBACK TO it, so rows the writes since then
   * answered (and the rollback undid) are read back at the commit instead of being taken as written.
   */
  savepoint(): () => void;
  /** True inside a transaction: counts made here see its uncommitted rows, so they are not cached. */
  inTransaction: boolean;
  /** Rows the transaction holds locked, by id, as it read them (lock.ts); null outside a transaction. */
  locked: LockedRows | null;
  /**
   * Runs `work` on the database once the transaction has committed (work that cannot run inside
   * one). `written(e, id)` gives row `id` of `e` as the transaction left it when its own read-back
   * of the written rows (the one cached totals move by) holds it, else null.
   */
  afterCommit(work: (db: Db, written: WrittenRow) => Promise<void>): void;
}

/**
 * The rows a transaction has read locked by id with no narrowing rule (the system's and an
 * administrator's locking reads), as it read them: a second locking read of such a row in the same
 * transaction (a ledger move that locks the member its caller locked already, the conditional update
 * inside it) is answered from here instead of the database. Exact, since nobody else can change a
 * row this transaction holds locked (on SQLite nobody else writes at all) and every write of this
 * transaction to the entity drops its rows here (`forget`), as does a rollback to a savepoint (`clear`).
 */
export class LockedRows {
  private readonly rows = new Map<Entity, Map<number, Row>>();

  get(e: Entity, id: number): Row | undefined {
    const row = this.rows.get(e)?.get(id);
    return row && { ...row };
  }

  put(e: Entity, id: number, row: Row): void {
    (this.rows.get(e) ?? this.rows.set(e, new Map()).get(e)!).set(id, { ...row });
  }

  forget(e: Entity): void {
    this.rows.delete(e);
  }

  clear(): void {
    this.rows.clear();
  }
}

/**
 * One row a write touched: as it was before (null: absent) and, when the write knows it exactly (an
 * INSERT … RETURNING; the update of a locked row, update-where.ts), as the write left it, in the
 * form a read answers, so the commit need not read it back.
 */
export interface WriteNote {
  id: number;
  before: Row | null;
  after?: Row;
}

/** A row the transaction wrote, as it left it: readable fields, decoded; null when not known. */
export type WrittenRow = (e: Entity, id: number) => Row | null;

export interface OpMeta {
  /** The request path, kept in recycle records. */
  url?: string;
  /** The calling module checked the entity's admin-only fields itself (e.g. an upload's url and key). */
  trusted?: boolean;
  /**
   * The user the system writes this row for (the owner field, e.g. an order's buyer), honoured only
   * when the caller is the system; any other caller owns what it adds.
   */
  owner?: number;
  /**
   * A field whose value is a sequence number (`t.nextNumber`), taken by `take` right before the
   * INSERT, after the create rule, the validation and the hooks: a scope's number row stays locked
   * from its allocation to the commit, so everything done before it shortens the time others of the
   * scope wait. Only for a single row (`addOne`).
   */
  numbered?: { field: string; take: () => Promise<number> };
  /**
   * Rows the calling module has just checked exist, for this request (`{ entity, where }`): when the
   * create rule asks `exists` for exactly one of them (the same entity, and a condition that compiles
   * to the same SQL and parameters), it is answered true without reading again. The chat's send path
   * checked the sender's membership a moment before its transaction; the rule's own read would
   * have been the same statement. A condition that differs in any way is read as always. Only for
   * facts checked by a read of committed rows in this request, so that skipping the rule's read
   * (itself an unlocked read) gives no weaker guarantee.
   */
  known?: KnownRows;
}

export function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function asId(v: unknown): number {
  const n = typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v;
  if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 1) throw fail.bad('bad_id');
  return n;
}

export function parseIds(v: unknown): number[] {
  const list = typeof v === 'string' ? v.split(',').map((s) => s.trim()) : typeof v === 'number' ? [v] : v;
  if (!Array.isArray(list) || list.length === 0 || list.length > MAX_DELETE) throw fail.bad('bad_ids');
  try {
    return [...new Set(list.map(asId))];
  } catch {
    throw fail.bad('bad_ids');
  }
}

/** A unique-key violation as the 409 that names the field by its label. */
export function unique(e: Entity, err: unknown): never {
  if (err instanceof UniqueViolation) {
    if (err.field === 'id') throw fail.conflict('duplicate', { field: 'id' });
    const f = e.byName.get(err.field);
    throw fail.conflict('duplicate', { field: f ? f.label.en : err.field });
  }
  throw err;
}

export function hookCtx(c: OpContext, action: HookContext['action']): HookContext {
  return { t: c.ops, user: c.user, action };
}

/**
 * Splits a validated payload into stored column values and virtual values. A sealed field is stored
 * sealed with `sealer`; null or '' clears it.
 */
export async function toColumns(e: Entity, data: Row, sealer: Sealer): Promise<{ cols: Row; virtual: Row }> {
  const cols: Row = {};
  const virtual: Row = {};
  for (const [k, v] of Object.entries(data)) {
    const f = e.byName.get(k)!;
    if (f.virtual) virtual[k] = v;
    else if (f.sealed) cols[k] = typeof v === 'string' && v !== '' ? sealer.seal(v) : null;
    else if (f.transform === 'password') {
      if (typeof v === 'string' && v !== '') cols[k] = await hashPassword(v);
    } else cols[k] = toStored(f, v);
  }
  return { cols, virtual };
}

/** `WHERE`-ready text of an optional clause, e.g. ` AND (…)`. */
export function andClause(c: { sql: string } | null): string {
  return c ? ` AND ${c.sql}` : '';
}
