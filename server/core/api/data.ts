/**
 * Public API of the core, data: the operations' transaction, query parsing, stored values, the
 * department data scope, and the database handle's type.
 */
export {
  /** At most this many ids in one batch call. */
  MAX_BATCH,
  /**
   * The transaction of an operation: find, lock, add, update, increment, purge... of entities by key,
   * with their hooks, access checks and row-change records.
   * @example
   * ```ts
   * await core.ops.transaction(req.user, async (t: OpTransaction) => {
   *   const [goods] = await t.lock('goods/info', goodsId);
   *   await t.increment('goods/info', goodsId, 'stock', -1, { floor: 0 });
   * });
   * ```
   */
  OpTransaction,
} from '../crud/operations';

export {
  /** A positive integer id, or a 1002 naming `id`. */
  asId,
  /** Whether a value is a plain object (not null, not an array). */
  isObject,
  /** The ids of a batch body (`ids` as an array or comma-separated text). */
  parseIds,
} from '../crud/op-context';

export {
  /** Rows a caller vouches exist, so an access rule's `exists` needs no read. */
  type KnownRows,
  /** The `exists` an access rule receives: whether a live row of an entity matches a condition. */
  existsIn,
} from '../crud/access-sql';

export {
  /** The prepared SQL of an entity (quoted columns, selects). */
  planFor,
} from '../crud/plan';

export {
  /** The write generations of entities: unchanged text, unchanged rows (for in-memory caches of small tables). */
  writeGenerations,
} from '../crud/keyset';

export {
  /** The largest page size. */
  MAX_SIZE,
  /** Escapes LIKE wildcards so a keyword matches literally. */
  likePattern,
  /** Parses a list or page body (filters, keyword, order, page) into SQL clauses. */
  parseQuery,
} from '../crud/query';
export type {
  /** A parameterized SQL clause. */
  Clause,
  /** A parsed list or page query. */
  ParsedQuery,
} from '../crud/query';

export {
  /** Refuses (403) a write that would put a row into a department outside the caller's scope. */
  assertDepartmentInScope,
  /** The clause of the caller's department data scope, or null. */
  scopeClause,
} from '../crud/scope';

export {
  /** The fields a read shows the caller on every row. */
  shownFields,
} from '../crud/shown';

export {
  /** The field errors of a payload against an entity's declaration (named so beside an access `check`). */
  check as checkRow,
  /** A payload without the fields the entity ignores on add or update. */
  dropIgnored,
} from '../crud/validate';

export {
  /** A stored UTC datetime as ISO text (or null). */
  fromStoredDate,
  /** Now as stored datetime text. */
  nowStored,
  /** Encodes and decodes an entity's rows between the API and the database. */
  rowCodec,
  /** An API datetime as the stored UTC text, or null if invalid. */
  toStoredDate,
} from '../crud/values';
export type {
  /** What rowCodec answers. */
  RowCodec,
} from '../crud/values';

export type {
  /** The database handle (query, quoting, dialect). */
  Db,
} from '../db/db';

export {
  /** The columns of a table that refuse NULL. */
  notNullColumns,
} from '../db/schema';

export {
  /** A change set's statements: what apply and rollback run, on the dialect of the database. */
  applySql,
  /** The plan of a change of a live entity's declaration (columns added, removed, renamed, changed). */
  changePlan,
  /** The plan of a live entity's creation. */
  createPlan,
  rollbackSql,
  /** Runs a plan (atomic on SQLite; undone step by step on MySQL when one fails). */
  runPlan,
} from '../db/schema-change';
export type {
  /** What a change set keeps aside, and where. */
  KeptAside,
  Plan,
  PlanWarning,
} from '../db/schema-change';

export {
  /** The stored change sets (app_change_set). */
  dropAside,
  insertChangeSet,
  keptNow,
  lastApplied,
  markPurged,
  moveState,
  pageChangeSets,
  readChangeSet,
  saveDetail,
} from '../entity/change-sets';
export type { ChangeSetDetail, ChangeSetRow, ChangeSetState } from '../entity/change-sets';

export {
  /** Removes an entity's seeded menu entry and buttons (a live creation rolled back). */
  unseedEntity,
} from '../seed-menus';

export {
  /** An ajv instance made on its first use. */
  lazyAjv,
  /** A validator compiled on its first call. */
  lazyValidator,
} from '../lazy-ajv';
