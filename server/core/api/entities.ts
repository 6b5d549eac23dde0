/**
 * Public API of the core, entities: declaring an entity (fields, labels, hooks, access rules) and
 * the one row condition that access rules and the operations take.
 */
export {
  /**
   * Declares an entity: its table, fields, labels, access rules and hooks.
   * @example
   * ```ts
   * export default defineEntity({
   *   module: 'base', name: 'note', table: 'base_note', label: l('Note', '笔记', '筆記'),
   *   fields: { title: { type: 'string', max: 100, required: true }, status: enabledStatus(1) },
   *   access: { read: ({ user }) => user && eq('userId', user.id) },
   * });
   * ```
   */
  defineEntity,
  /** A status field (0 disabled, 1 enabled) with its enum labels. */
  enabledStatus,
  /**
   * A text in en, zh-cn and zh-tw.
   * @example
   * ```ts
   * summary: l('List my groups', '我的群组', '我的群組')
   * ```
   */
  l,
} from '../entity/define';
export type {
  /** The caller as an access rule or hook sees it (id, roles, department, isAdmin). */
  AuthUser,
  /** One option of an enum field: its value and labels. */
  EnumOption,
  /** The type of an entity field (string, int, datetime, json...). */
  FieldType,
  /** The operations a hook may run in its operation's transaction (find, update, increment...). */
  HookTransaction,
  /** A text in the three interface languages. */
  Labels,
  /** A row as read or written: field names to values. */
  Row,
} from '../entity/define';

export {
  /** The explicit system caller: passes every rule (background work, seeds). */
  SYSTEM,
  /** The system caller acting for a caller (keeps who asked, passes every rule). */
  systemFor,
  /** An access declaration: rows held by permission key only (the console's staff roles). */
  keyHolders,
  /** An access declaration: each member reads and changes their own rows (`userId`). */
  ownRows,
} from '../entity/access';

export {
  /**
   * Every part holds.
   * @example
   * ```ts
   * and(eq('groupId', groupId), isIn('status', [0, 1]), gte('stock', 1))
   * ```
   */
  and,
  /** Some part holds. */
  or,
  /** `field` equals a value (`null`: IS NULL). */
  eq,
  /** `field` is one of a list of values. */
  isIn,
  /**
   * `field` is one of a column of another entity's live rows matching a condition.
   * @example
   * ```ts
   * inRows('groupId', 'base/groupMember', 'groupId', eq('userId', user.id))
   * ```
   */
  inRows,
  /** `field` < value. */
  lt,
  /** `field` <= value. */
  lte,
  /** `field` > value. */
  gt,
  /** `field` >= value. */
  gte,
  /** `field` <> value (`null`: IS NOT NULL). */
  ne,
} from '../condition';
export type {
  /** The one row condition: what access rules answer and the operations take. */
  Where,
} from '../condition';

export type {
  /** A normalized entity: its fields by name, table, access, schema. */
  Entity,
  /** A normalized field of an entity (named so beside the call input's `Field`). */
  Field as EntityField,
  /** A JSON Schema object. */
  JsonSchema,
} from '../entity/model';

export {
  /** The ids linked to each of some ids through a link entity, each list ascending. */
  readLinks,
  /** Makes a list the ids linked to an id: its other links go, the missing ones are added. */
  replaceLinks,
  /** Distinct integer ids of an array sent by a client; anything else is dropped. */
  toIds,
} from '../entity/links';

export {
  /** The error of a live (code-helper) entity that cannot be made or dropped. */
  LiveEntityError,
} from '../entity/live';
export type {
  /** A code helper change set as the live registry runs it (`core.entities.apply`). */
  LiveChange,
  /** A stored registration of a live entity (`core.entities.row`). */
  LiveRow,
} from '../entity/live';

export {
  /** The pattern of an entity name. */
  ENTITY_NAME,
  /** The pattern of an identifier (a field or table name). */
  IDENTIFIER,
  /** The pattern of a module name. */
  MODULE_NAME,
} from '../entity/names';

export {
  /** Checks and normalizes an entity declaration into an {@link Entity}. */
  normalizeEntity,
} from '../entity/normalize';

export {
  /**
   * The declared entity of a key, typed by it: the operations answer its generated row type.
   * @example
   * ```ts
   * const orders = entity(core.model, 'goods/order');
   * const [order] = await t.lock(orders, orderId); // GoodsOrderRow | undefined
   * await t.updateWhere(orders, order.id, { status: 1 }, { expect: 1 });
   * ```
   */
  entity,
} from '../entity/typed';
export type {
  /** The name of a stored column of an entity. */
  ColumnName,
  /** Every stored column of an entity, hidden ones too. */
  EntityColumns,
  /** The key (`module/name`) of an entity declared in `entities/`, checked at compile time. */
  EntityKey,
  /** A stored row of an entity as a find or a lock answers it. */
  EntityRow,
  /** A number column of an entity (what an increment may add to). */
  NumberColumn,
  /** A declared entity typed by its key (what `entity` answers). */
  TypedEntity,
} from '../entity/typed';
export {
  /**
   * Marks a key known only while running (a live entity's, one read from a declaration): the
   * operations then answer untyped `Row`s.
   * @example
   * ```ts
   * await t.system.purge(dynamicKey(link.entity), isIn('roleId', ids));
   * ```
   */
  dynamicKey,
} from '../entity/row-types';
export type {
  /** An entity key known only while running (see `dynamicKey`). */
  DynamicKey,
} from '../entity/row-types';
