/**
 * The operations: the only way the server writes an entity's rows. Generic HTTP handlers and
 * hand-written calls both go through them, so validation, access rules, data scope, hooks, recycle
 * records and cache upkeep always run. Each operation lives in its own file (add.ts, update.ts,
 * delete.ts, read.ts, restore.ts, and the primitives lock.ts, update-where.ts, increment.ts,
 * add-if-absent.ts, sequence.ts, purge.ts); this class runs them in transactions for a caller.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { AuthUser, Row } from '../entity/define';
import type { Entity, Model } from '../entity/model';
import type { Db } from '../db/db';
import { AppError } from '../errors';
import type { RowChange, Totals, WriteTicket } from './totals';
import { RowChanges } from './row-changes';
import { PageBoundaries } from './keyset';
import { opened, type OpTransaction } from './op-transaction';
import { info, list, page } from './read';
import { LockedRows, type OpContext, type OpMeta, type WrittenRow } from './op-context';
import { planFor } from './plan';
import type { Sealer } from '../secrets/seal';

export { MAX_BATCH, parseIds, type OpMeta } from './op-context';
export { DEFERRED_JOIN_OFFSET } from './read';
export { OpTransaction } from './op-transaction';

export interface WriteEvents {
  /**
   * Called after a write to an entity has committed (keeps caches that depend on it right), with
   * the rows written (null: unknown, drop everything) and the transaction's ticket of writes under way;
   * when `rows` is null, `named` holds the rows the writes did name (for the plugin event catalogue).
   */
  afterWrite(e: Entity, rows?: RowChange[] | null, ticket?: WriteTicket | null, named?: RowChange[]): Promise<void>;
}

/** The transaction under way in this async context, which operations called inside it join. */
interface Open {
  tx: Db;
  touched: RowChanges;
  after: Array<(db: Db, written: WrittenRow) => Promise<void>>;
  done: boolean;
  /** The cached totals' marks of this transaction's writes, once it starts writing. */
  ticket: WriteTicket | null;
  /** Rows this transaction read locked (op-context.ts LockedRows). */
  locked: LockedRows;
  /** How many writes it has recorded (OpContext.writes). */
  writes: number;
}

/** The rows a transaction's read-back holds, as reads answer them (none for entities with an afterRead hook). */
function writtenRows(changes: Map<Entity, RowChange[] | null>): WrittenRow {
  return (e, id) => {
    if (e.hooks.afterRead) return null;
    const after = changes.get(e)?.find((c) => c.after && Number(c.after.id) === id)?.after;
    if (!after) return null;
    const plan = planFor(e);
    const row: Row = {};
    for (const f of e.readable) if (!f.virtual) row[f.name] = after[f.name];
    if (e.softDelete && after[e.softDelete]) return null;
    return plan.codec.decode(row);
  };
}

/** How many times a transaction chosen as a deadlock's victim is run in all. */
const DEADLOCK_RETRIES = 4;

/** MySQL/MariaDB's "Deadlock found when trying to get lock" (ER_LOCK_DEADLOCK, errno 1213). */
function isDeadlock(err: unknown): boolean {
  const e = err as { code?: unknown; errno?: unknown } | null;
  return !!e && (e.code === 'ER_LOCK_DEADLOCK' || e.errno === 1213);
}

export class Operations {
  private readonly open = new AsyncLocalStorage<Open>();
  /**
   * Transactions under way. When the last one has ended the context store is switched off again:
   * while any store is on, Node runs a hook for every promise the process makes, which about
   * doubles the cost of each await on every request, reads included. The next transaction's run()
   * switches it on again; a continuation left over from an ended transaction finds no store, as it
   * would find its transaction done.
   */
  private running = 0;

  constructor(
    readonly model: Model,
    readonly db: Db,
    private readonly events: WriteEvents,
    private readonly totals: Totals,
    private readonly boundaries: PageBoundaries,
    /** Seals sealed fields on write (secrets/seal.ts); `sealSecret` and `openSecret` use it too. */
    readonly sealer: Sealer,
  ) {}

  private context(db: Db, user: AuthUser | null, o: Open | null): OpContext {
    return this.opened(db, user, o).context;
  }

  /** A context for `user` with its operations (which hooks get as `t`). */
  private opened(db: Db, user: AuthUser | null, o: Open | null): { t: OpTransaction; context: OpContext } {
    const context: Omit<OpContext, 'ops'> = {
      model: this.model,
      sealer: this.sealer,
      db,
      user,
      totals: this.totals,
      boundaries: o ? PageBoundaries.none : this.boundaries,
      inTransaction: o !== null,
      locked: o ? o.locked : null,
      writes: () => o?.writes ?? 0,
      wrote: (e, rows) => {
        if (!o) throw new Error(`${e.key}: written outside a transaction`);
        o.writes++;
        o.touched.note(e, rows);
        o.locked.forget(e);
      },
      savepoint: () => {
        if (!o) return () => undefined;
        const mark = o.touched.mark();
        return () => {
          o.touched.forgetSince(mark);
          o.locked.clear();
        };
      },
      writing: (e) => {
        if (!o || o.done) return;
        this.totals.mark((o.ticket ??= this.totals.newTicket()), [e]);
      },
      afterCommit: (work) => {
        if (!o) throw new Error('afterCommit outside a transaction');
        o.after.push(work);
      },
    };
    const t = opened(context);
    return { t, context: context as OpContext };
  }

  /**
   * Runs several operations in one transaction for one caller: all of them are written, or (when
   * `fn` throws, a 409 of a primitive included) none. Caches drop once per entity written, after
   * the commit. An operation or transaction started inside `fn` (also through `core.ops.*`) joins
   * this transaction. Read through `t` inside `fn`, not `core.db`: on SQLite the database waits for
   * the transaction to end, so a raw read inside it would wait for ever.
   *
   * @param caller the user the request is for (access rules and data scope apply), null for an
   *   anonymous caller of a public action, or `SYSTEM` (server/core/entity/access.ts) for work the
   *   product does on its own behalf: passes every rule and fills no owner field.
   * @example
   * ```ts
   * import { and, eq } from '../../core/api';
   * const orderId = await core.ops.transaction(req.user, async (t) => {
   *   await t.increment(goods, goodsId, 'stock', -1, { floor: 0 });          // 409 when sold out
   *   const { created } = await t.addIfAbsent(payments, { eventId, amount }, ['eventId']);
   *   if (!created) return null;                                             // a replayed webhook
   *   await t.updateWhere(orders, and(eq('id', id), eq('status', 0)), { status: 1 }, { expect: 1 });
   *   const seq = await t.nextNumber(`message:${conversationId}`);
   *   return t.addOne(messages, { conversationId, seq, text });
   * });
   * ```
   */
  async transaction<T>(caller: AuthUser | null, fn: (t: OpTransaction) => Promise<T>): Promise<T> {
    const outer = this.open.getStore();
    if (outer && !outer.done) return fn(this.opened(outer.tx, caller, outer).t);
    // MySQL/MariaDB may pick this transaction as a deadlock's victim (concurrent inserts that take gap
    // locks on the same unique indexes): it was rolled back whole, so it is run again from the start.
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.runTransaction(caller, fn);
      } catch (err) {
        if (attempt >= DEADLOCK_RETRIES || !isDeadlock(err)) throw err;
        await new Promise((r) => setTimeout(r, 5 + Math.random() * 20 * attempt));
      }
    }
  }

  private async runTransaction<T>(caller: AuthUser | null, fn: (t: OpTransaction) => Promise<T>): Promise<T> {
    const o: Open = { tx: this.db, touched: new RowChanges(), after: [], done: false, ticket: null, locked: new LockedRows(), writes: 0 };
    let result: T;
    let changes = new Map<Entity, RowChange[] | null>();
    this.running++;
    try {
      result = await this.db.transaction(async (tx) => {
        o.tx = tx;
        const r = await this.open.run(o, () => fn(this.opened(tx, caller, o).t));
        if (o.touched.entities.length) {
          // Every written entity is marked under way before the commit, so no count that could see
          // these rows is kept as exact meanwhile. Inserts marked theirs as they started (writing()),
          // so the marks mostly arrived already; the rows are read back meanwhile, side by side.
          const ticket = (o.ticket ??= this.totals.newTicket());
          this.totals.mark(ticket, o.touched.entities);
          const [read, marked] = await Promise.allSettled([o.touched.read(tx), this.totals.settle(ticket)]);
          if (read.status === 'rejected') throw read.reason;
          if (marked.status === 'rejected') throw marked.reason;
          changes = read.value;
        }
        return r;
      });
    } catch (err) {
      if (o.ticket) await this.totals.end(o.ticket);
      throw err;
    } finally {
      o.done = true;
      if (--this.running === 0) this.open.disable();
    }
    const ticket = o.ticket;
    try {
      // Each written entity's caches side by side (their cache commands leave together); the first failure is thrown once all have ended.
      const upkeep = await Promise.allSettled(
        [...changes].map(([e, rows]) => this.events.afterWrite(e, rows, ticket, rows ? undefined : o.touched.namedRows(e))),
      );
      const failed = upkeep.find((u): u is PromiseRejectedResult => u.status === 'rejected');
      if (failed) throw failed.reason;
    } finally {
      if (ticket) await this.totals.end(ticket);
    }
    const written = writtenRows(changes);
    for (const work of o.after) await work(this.db, written);
    return result;
  }

  /** Reads run in the transaction under way, if any, else straight on the database. */
  private reader(user: AuthUser | null): OpContext {
    return this.readOps(user).context;
  }

  private readOps(user: AuthUser | null): { t: OpTransaction; context: OpContext } {
    const o = this.open.getStore();
    return o && !o.done ? this.opened(o.tx, user, o) : this.opened(this.db, user, null);
  }

  /**
   * The operations for `user`'s reads outside a transaction (inside one, they join it): what a hook
   * gets as `t` on a read, for a module that runs an entity's afterRead over rows it read itself, or
   * calls a hook's helper. Only reads: a write outside a transaction is refused.
   *
   * @example
   * ```ts
   * await goods.hooks.afterRead?.({ t: core.ops.reads(user), user, action: 'page', rows, single: false });
   * ```
   */
  reads(user: AuthUser | null): OpTransaction {
    return this.readOps(user).t;
  }

  add(e: Entity, body: unknown, user: AuthUser | null, meta: OpMeta = {}): Promise<{ id: number } | { ids: number[] }> {
    return this.transaction(user, (t) => t.add(e, body, meta));
  }

  update(e: Entity, body: unknown, user: AuthUser | null, meta: OpMeta = {}): Promise<null> {
    return this.transaction(user, (t) => t.update(e, body, meta));
  }

  delete(e: Entity, body: unknown, user: AuthUser | null, meta: OpMeta = {}): Promise<{ count: number }> {
    return this.transaction(user, (t) => t.delete(e, body, meta));
  }

  /** Brings back what recycle records hold, then removes the records. */
  restore(body: unknown, user: AuthUser | null): Promise<{ count: number }> {
    return this.transaction(user, (t) => t.restore(body));
  }

  info(e: Entity, id: unknown, user: AuthUser | null): Promise<Row> {
    return info(this.reader(user), e, id);
  }

  list(e: Entity, body: unknown, user: AuthUser | null): Promise<Row[]> {
    return list(this.reader(user), e, body);
  }

  page(e: Entity, body: unknown, user: AuthUser | null): ReturnType<typeof page> {
    return page(this.reader(user), e, body);
  }
}

export { AppError };
