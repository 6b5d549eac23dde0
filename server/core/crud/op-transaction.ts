/**
 * One transaction of operations, as a module holds it inside `core.ops.transaction(caller, fn)`:
 * every call runs with the transaction's caller, its access rules and hooks, and writes in the one
 * transaction; caches drop once per entity written after the commit. See {@link Operations.transaction}.
 */
import type { AuthUser, Row } from '../entity/define';
import type { Entity } from '../entity/model';
import type { ColumnName, EntityArg, EntityColumns, EntityKey, EntityRow, NumberColumn, UntypedEntity } from '../entity/typed';
import type { DynamicKey } from '../entity/row-types';
import type { Where } from '../condition';
import type { OpContext, OpMeta } from './op-context';
import { isObject, parseIds } from './op-context';
import { fail } from '../errors';
import { add } from './add';
import { addAll } from './add-all';
import { update } from './update';
import { remove } from './delete';
import { info, list, page } from './read';
import { restoreRecords } from './restore';
import { lock, type Target } from './lock';
import { updateWhere, type UpdateWhereOptions } from './update-where';
import { increment, type IncrementOptions } from './increment';
import { addIfAbsent } from './add-if-absent';
import { nextNumber, nextNumbers } from './sequence';
import { purge } from './purge';
import { count, find, type FindOptions } from './find';
import { SYSTEM } from '../entity/access';

/** Gives a context its operations (`c.ops`, which hooks get) and answers them. */
export function opened(c: Omit<OpContext, 'ops'> & { ops?: unknown }): OpTransaction {
  const t = new OpTransaction(c as OpContext);
  (c as OpContext).ops = t;
  return t;
}

export class OpTransaction {
  constructor(private readonly c: OpContext) {}

  /** Who the operations run for: a user, null (anonymous), or `SYSTEM`. */
  get caller(): AuthUser | null {
    return this.c.user;
  }

  /**
   * The same transaction with the system as caller: every rule passes. For the server's own work
   * beside a caller's operation, such as the lookups and link rows of an entity's hooks.
   */
  get system(): OpTransaction {
    return this.c.user?.system ? this : opened({ ...this.c, user: SYSTEM });
  }

  /** Refuses a write outside a transaction (the operations a read's hooks get, `core.ops.reads`) before it starts. */
  private writable(): void {
    if (!this.c.inTransaction) throw new Error('a write needs a transaction (core.ops.transaction)');
  }

  /** The entity `e` names: itself, or the entity of that key. */
  private entity(e: Entity | EntityKey | string): Entity {
    if (typeof e !== 'string') return e;
    const found = this.c.model.byKey.get(e);
    if (!found) throw new Error(`no entity '${e}'`);
    return found;
  }

  /**
   * The `fields` of the live rows matching `where` that the caller may read, by id, decoded as reads
   * answer them (hidden columns may be named); no hooks, no page. See find.ts.
   */
  find<K extends EntityKey, F extends ColumnName<K>>(
    e: EntityArg<K>,
    where: Where,
    opts: Omit<FindOptions, 'fields'> & { fields: F[] },
  ): Promise<Array<Pick<EntityColumns<K>, F | ('id' & ColumnName<K>)>>>;
  find<K extends EntityKey>(e: EntityArg<K>, where: Where, opts?: Omit<FindOptions, 'fields'>): Promise<Array<EntityRow<K>>>;
  find(e: UntypedEntity | DynamicKey, where: Where, opts?: FindOptions): Promise<Row[]>;
  find(e: Entity | string, where: Where, opts?: FindOptions): Promise<Row[]> {
    return find(this.c, this.entity(e), where, opts);
  }

  /** How many rows match `where` that the caller may read (live rows unless `deleted`). */
  count(e: EntityKey | Entity | DynamicKey, where: Where, opts?: Pick<FindOptions, 'deleted'>): Promise<number> {
    return count(this.c, this.entity(e), where, opts);
  }

  /** The add operation: an object -> `{id}`, an array -> `{ids}`. */
  add(e: EntityKey | Entity | DynamicKey, body: unknown, meta?: OpMeta): Promise<{ id: number } | { ids: number[] }> {
    this.writable();
    return add(this.c, this.entity(e), body, meta);
  }

  /** Adds one row and returns its id. */
  addOne<K extends EntityKey>(e: EntityArg<K>, row: Partial<EntityColumns<K>>, meta?: OpMeta): Promise<number>;
  addOne(e: UntypedEntity | DynamicKey, row: Row, meta?: OpMeta): Promise<number>;
  async addOne(e: Entity | string, row: Row, meta?: OpMeta): Promise<number> {
    this.writable();
    return ((await add(this.c, this.entity(e), row, meta)) as { id: number }).id;
  }

  /**
   * Adds many rows of an entity without change hooks or owner field in a few multi-row INSERTs,
   * each row checked as `add` checks it; answers how many were added (not their ids). See add-all.ts.
   */
  addAll<K extends EntityKey>(e: EntityArg<K>, rows: Array<Partial<EntityColumns<K>>>, meta?: Pick<OpMeta, 'trusted' | 'known'>): Promise<number>;
  addAll(e: UntypedEntity | DynamicKey, rows: Row[], meta?: Pick<OpMeta, 'trusted' | 'known'>): Promise<number>;
  addAll(e: Entity | string, rows: Row[], meta?: Pick<OpMeta, 'trusted' | 'known'>): Promise<number> {
    this.writable();
    return addAll(this.c, this.entity(e), rows, meta);
  }

  /** The update operation: `{id, …changed fields}`. */
  update(e: EntityKey | Entity | DynamicKey, body: unknown, meta?: OpMeta): Promise<null> {
    this.writable();
    return update(this.c, this.entity(e), body, meta);
  }

  /** The delete operation: `{ids}`, all or nothing, with a recycle record. */
  delete(e: EntityKey | Entity | DynamicKey, body: unknown, meta?: OpMeta): Promise<{ count: number }> {
    this.writable();
    return remove(this.c, this.entity(e), body, meta);
  }

  /** Brings back what recycle records `{ids}` hold, then removes the records. */
  async restore(body: unknown): Promise<{ count: number }> {
    this.writable();
    if (!isObject(body)) throw fail.bad('body_not_object');
    const ids = parseIds(body.ids);
    for (const { e, rows } of await restoreRecords(this.c.model, this.c.db, ids, this.c.user)) this.c.wrote(e, rows);
    return { count: ids.length };
  }

  info(e: EntityKey | Entity | DynamicKey, id: unknown): Promise<Row> {
    return info(this.c, this.entity(e), id);
  }

  list(e: EntityKey | Entity | DynamicKey, body?: unknown): Promise<Row[]> {
    return list(this.c, this.entity(e), body);
  }

  page(e: EntityKey | Entity | DynamicKey, body?: unknown): ReturnType<typeof page> {
    return page(this.c, this.entity(e), body);
  }

  /** The live rows (an id or a condition) the caller may update, locked until the transaction ends. */
  lock<K extends EntityKey>(e: EntityArg<K>, target: Target): Promise<Array<EntityRow<K>>>;
  lock(e: UntypedEntity | DynamicKey, target: Target): Promise<Row[]>;
  lock(e: Entity | string, target: Target): Promise<Row[]> {
    return lock(this.c, this.entity(e), target);
  }

  /** Changes the matching rows; with `expect`, 409 (and nothing written) unless exactly that many match. */
  updateWhere<K extends EntityKey>(e: EntityArg<K>, target: Target, changes: Partial<EntityColumns<K>>, opts?: UpdateWhereOptions): Promise<number>;
  updateWhere(e: UntypedEntity | DynamicKey, target: Target, changes: Row, opts?: UpdateWhereOptions): Promise<number>;
  updateWhere(e: Entity | string, target: Target, changes: Row, opts?: UpdateWhereOptions): Promise<number> {
    this.writable();
    return updateWhere(this.c, this.entity(e), target, changes, opts);
  }

  /** Adds `by` to a number field of one row within `floor`/`ceiling` (else 409); returns the new value. */
  increment<K extends EntityKey>(e: EntityArg<K>, target: Target, field: NumberColumn<K>, by: number, opts?: IncrementOptions): Promise<number>;
  increment(e: UntypedEntity | DynamicKey, target: Target, field: string, by: number, opts?: IncrementOptions): Promise<number>;
  increment(e: Entity | string, target: Target, field: string, by: number, opts?: IncrementOptions): Promise<number> {
    this.writable();
    return increment(this.c, this.entity(e), target, field, by, opts);
  }

  /** Adds the row unless one with the same unique `key` exists; exactly one of concurrent callers creates it. */
  addIfAbsent<K extends EntityKey>(
    e: EntityArg<K>,
    row: Partial<EntityColumns<K>>,
    key: Array<ColumnName<K>>,
    meta?: OpMeta,
  ): Promise<{ id: number; created: boolean }>;
  addIfAbsent(e: UntypedEntity | DynamicKey, row: Row, key: string[], meta?: OpMeta): Promise<{ id: number; created: boolean }>;
  addIfAbsent(e: Entity | string, row: Row, key: string[], meta?: OpMeta): Promise<{ id: number; created: boolean }> {
    this.writable();
    return addIfAbsent(this.c, this.entity(e), row, key, meta);
  }

  /**
   * Runs `work` once the transaction has committed (not at all when it rolls back): deliveries of
   * what it stored, such as `core.realtime.toGroup(...)`.
   */
  afterCommit(work: () => void | Promise<void>): void {
    this.c.afterCommit(async () => {
      await work();
    });
  }

  /**
   * After the commit, `fn` gets row `id` of `e` as this transaction left it (readable fields,
   * decoded, what `info` would answer the system) from the read-back the transaction makes anyway,
   * or null when that does not hold it (then read it). Saves reading a row just written.
   */
  afterCommitRow<K extends EntityKey>(e: EntityArg<K>, id: number, fn: (row: (EntityRow<K> & Row) | null) => void | Promise<void>): void;
  afterCommitRow(e: UntypedEntity | DynamicKey, id: number, fn: (row: Row | null) => void | Promise<void>): void;
  afterCommitRow(e: Entity | string, id: number, fn: (row: never) => void | Promise<void>): void {
    const target = this.entity(e);
    this.c.afterCommit(async (_db, written) => {
      await (fn as (row: Row | null) => void | Promise<void>)(written(target, id));
    });
  }

  /** The next number (1, 2, …) of `scope`, unique and gapless among committed transactions. */
  nextNumber(scope: string): Promise<number> {
    this.writable();
    return nextNumber(this.c.db, scope);
  }

  /** `count` consecutive numbers of `scope` in one step (a batch of messages): answers the first. */
  nextNumbers(scope: string, count: number): Promise<number> {
    this.writable();
    return nextNumbers(this.c.db, scope, count);
  }

  /** Deletes every matching row (all rows without `where`) with no recycle record; returns the count. */
  purge(e: EntityKey | Entity | DynamicKey, where?: Where): Promise<number> {
    this.writable();
    return purge(this.c, this.entity(e), where);
  }
}
