/**
 * The entity declaration format. One file under `entities/<module>/<name>.entity.ts`
 * default-exports one `defineEntity({...})`; everything else (table, routes, validation,
 * permission keys, /eps, OpenAPI, admin screens) is derived from it by `normalize`.
 *
 * @example
 * ```ts
 * import { defineEntity } from '../../server/core/entity/define';
 *
 * export default defineEntity({
 *   module: 'demo',
 *   name: 'goods',
 *   table: 'demo_goods',
 *   label: { en: 'Demo goods', 'zh-cn': '示例商品', 'zh-tw': '示例商品' },
 *   fields: {
 *     title: { type: 'string', length: 50, required: true,
 *              label: { en: 'Title', 'zh-cn': '标题', 'zh-tw': '標題' } },
 *     price: { type: 'decimal', precision: 12, scale: 2, default: 0,
 *              label: { en: 'Price', 'zh-cn': '价格', 'zh-tw': '價格' } },
 *     status: { type: 'int', default: 1, label: { en: 'Status', 'zh-cn': '状态', 'zh-tw': '狀態' },
 *               enum: [{ value: 0, label: { en: 'Disabled', 'zh-cn': '禁用', 'zh-tw': '禁用' } },
 *                      { value: 1, label: { en: 'Enabled', 'zh-cn': '启用', 'zh-tw': '啟用' } }] },
 *   },
 *   search: { keyword: ['title'], equal: ['status'] },
 * });
 * ```
 */

import type { AccessDecl } from './access';
import type { ActionName, AuthUser, Row } from './basics';
// Part of the declaration's vocabulary, kept apart so that access.ts can use them without importing this file.
export type { ActionName, AuthUser, Row } from './basics';
import type { Where } from '../condition';
import type { ColumnName, DynamicKey, EntityColumns, EntityKey, EntityRow, NumberColumn } from './row-types';

/** A text in the three interface languages. */
export interface Labels {
  en: string;
  'zh-cn': string;
  'zh-tw': string;
}

export type FieldType =
  | 'string' // VARCHAR(length), length defaults to 255
  | 'text' // long text
  | 'int'
  | 'bigint'
  | 'float'
  | 'decimal' // precision/scale, returned as a number
  | 'boolean' // stored 0/1, returned true/false
  | 'datetime' // stored UTC, returned ISO-8601
  | 'json'; // stored as text, returned parsed

export interface EnumOption {
  value: number | string;
  label: Labels;
}

export interface FieldDecl {
  type: FieldType;
  label: Labels;
  /** Maximum length of a string (VARCHAR length); default 255. */
  length?: number;
  /** Decimal precision and scale; default 12, 2. */
  precision?: number;
  scale?: number;
  /** Whether NULL is allowed; default true unless `required` or a default is given. */
  nullable?: boolean;
  /** Column default, applied by the database and by add when the field is absent. */
  default?: string | number | boolean | null;
  /** Must be present (and not empty) on add. */
  required?: boolean;
  unique?: boolean;
  index?: boolean;
  /** Allowed values, shown as a select in the console and enforced on write. */
  enum?: EnumOption[];
  /** Key of a dictionary type whose entries label the values (dict/info). */
  dict?: string;
  /** Never leaves the server: not in answers, not in /eps row schemas. */
  hidden?: boolean;
  /** Accepted on write but never returned; `transform` turns the value before it is stored. */
  writeOnly?: boolean;
  transform?: 'password';
  /**
   * A secret (string or text) stored sealed with a key that is not in the database (sealSecret,
   * docs/decisions/sealed-secrets.md): hidden and writeOnly. Answers carry only `<name>Set`, true
   * when a value is stored; an update without the field keeps it, null or '' clears it. Code that
   * needs the plain value finds the row naming the field and opens it.
   *
   * @example
   * ```ts
   * fields: { apiKey: { type: 'text', sealed: true, label: l('API key', 'API 密钥', 'API 金鑰') } }
   * // later, on the server:
   * const [row] = await t.system.find('ai/provider', eq('id', id), { fields: ['apiKey'] });
   * const key = row.apiKey ? openSecret(core, row.apiKey) : null;
   * ```
   */
  sealed?: boolean;
  /** Shown but never written through the generic add/update. */
  readOnly?: boolean;
  /** Not a column: filled by hooks (e.g. role.menuIdList). */
  virtual?: boolean;
  /** For JSON fields: the JSON type of the value (default: any JSON). */
  jsonType?: 'array' | 'object';
  /** For JSON arrays: the type of the items. */
  items?: 'integer' | 'number' | 'string';
  /** A format checked on write ('email', 'uri'). */
  format?: 'email' | 'uri';
  /** For numbers: the smallest and largest value a write may carry (inclusive). */
  min?: number;
  max?: number;
  /**
   * 'binary': the column compares code point by code point on every database (MySQL's tables
   * otherwise fold case and accents), for keys that code has already normalized. On MySQL this is
   * utf8mb4_bin, which still ignores trailing spaces: store such keys trimmed. Applied when the
   * column is created; an upgrade never changes an existing column.
   */
  collation?: 'binary';
  /**
   * A valid value, shown as the schema's `examples` (OpenAPI, forms) and used by tests that make
   * sample rows from declarations, for fields whose value a hook checks beyond its type (a cron
   * expression, the name of a task handler). A JSON field's example may be a list of texts (the
   * values a hook allows).
   */
  example?: string | number | boolean | null | readonly string[];
  /** What to write, shown under the field in the console's forms (the shape a JSON field takes). */
  help?: Labels;
  /** The unit of a number (days, tokens), shown beside its control and in the schema as `x-unit`. */
  unit?: Labels;
}

export type HttpMethod = 'GET' | 'POST';

/** What a hook receives: the caller, the operation's transaction and the payload of this phase. */
export interface HookContext {
  /**
   * The operation's transaction (for the reads of info, list and page outside one, the same reads'
   * context): a hook reads and writes other rows through it, never through SQL. `t.system` is the
   * same transaction with the system as caller, for the server's own lookups that no caller's rule
   * should narrow (names of other users, the links of a role).
   *
   * @example
   * ```ts
   * async afterRead({ t, rows }) {
   *   const users = await t.system.find('base/sys/user', isIn('id', rows.map((r) => Number(r.userId))), { fields: ['nickName'] });
   * }
   * ```
   */
  t: HookTransaction;
  user: AuthUser | null;
  action: ActionName | 'restore';
}

/**
 * The operations a hook may run in its operation's transaction (server/core/crud/op-transaction.ts
 * implements them): entities are named by their key (`base/sys/user`), rows by a {@link Where}.
 */
export interface HookTransaction {
  /** Who the operation runs for. */
  readonly caller: AuthUser | null;
  /** The same transaction with the system as caller: passes every rule. */
  readonly system: HookTransaction;
  /**
   * The `fields` (default: every readable stored field; hidden columns may be named) of the live
   * rows matching `where` that the caller may read, by id, decoded as reads answer them; with
   * `deleted: true` soft-deleted rows too. No hooks run and there is no page.
   */
  find<K extends EntityKey, F extends ColumnName<K>>(
    entity: K,
    where: Where,
    opts: { fields: F[]; deleted?: boolean },
  ): Promise<Array<Pick<EntityColumns<K>, F | ('id' & ColumnName<K>)>>>;
  find<K extends EntityKey>(entity: K, where: Where, opts?: { deleted?: boolean }): Promise<Array<EntityRow<K>>>;
  find(entity: DynamicKey, where: Where, opts?: { fields?: string[]; deleted?: boolean }): Promise<Row[]>;
  /** How many rows match `where` (as {@link HookTransaction.find} would answer them). */
  count(entity: EntityKey | DynamicKey, where: Where, opts?: { deleted?: boolean }): Promise<number>;
  /** The add operation: an object -> `{id}`, an array -> `{ids}`. */
  add(entity: EntityKey | DynamicKey, body: unknown): Promise<{ id: number } | { ids: number[] }>;
  /**
   * Changes the given columns of the rows an id or a condition names, with no hooks (the caller's
   * own rule still narrows them); returns how many rows changed. For a hook that keeps other rows in
   * step with the one written (one default among many).
   */
  updateWhere(entity: EntityKey | DynamicKey, target: number | Where, changes: Row): Promise<number>;
  /** Deletes every row matching `where` with no recycle record; returns the count. */
  purge(entity: EntityKey | DynamicKey, where?: Where): Promise<number>;
  /** Adds `by` to a number field of one row (an id or a condition); returns the new value. */
  increment<K extends EntityKey>(
    entity: K,
    target: number | Where,
    field: NumberColumn<K>,
    by: number,
    opts?: { floor?: number; ceiling?: number; touch?: boolean },
  ): Promise<number>;
  increment(
    entity: DynamicKey,
    target: number | Where,
    field: string,
    by: number,
    opts?: { floor?: number; ceiling?: number; touch?: boolean },
  ): Promise<number>;
}

export interface EntityHooks {
  /** Before add/update is written: may change `data` or throw an AppError to refuse. */
  beforeChange?: (ctx: HookContext & { data: Row; id?: number }) => void | Promise<void>;
  /** After add/update is written, in the same transaction. `data` holds the virtual fields sent. */
  afterChange?: (ctx: HookContext & { id: number; data: Row }) => void | Promise<void>;
  /** Before list/page read: may refuse the request (throw) or add equality filters to `query`. */
  beforeRead?: (ctx: HookContext & { query: Row }) => void | Promise<void>;
  /** After rows are read by info/list/page: may add derived or virtual fields. */
  afterRead?: (ctx: HookContext & { rows: Row[]; single: boolean }) => void | Promise<void>;
  /** Before rows are deleted: may throw to refuse, or clean linked rows. */
  beforeDelete?: (ctx: HookContext & { ids: number[] }) => void | Promise<void>;
}

/**
 * The parts of the system the core itself reads or writes (sign-in, permissions, data scope,
 * seeding, the request log, delete and restore). The core finds each through the entity declared
 * with that role (`model.system('users')`), never by its table name. Each role is held by at most one entity.
 */
export type SystemRole =
  | 'users'
  | 'roles'
  | 'menus'
  | 'userRoles'
  | 'roleMenus'
  | 'departments'
  | 'roleDepartments'
  | 'requestLog'
  | 'recycle'
  | 'params'
  | 'dictTypes'
  | 'tasks'
  | 'taskLogs'
  | 'plugins'
  | 'pluginPackages'
  | 'pluginLogs';

/** The console's top menu folders, in their order. */
export const MENU_AREAS = ['workspace', 'commerce', 'ai', 'system'] as const;
export type MenuArea = (typeof MENU_AREAS)[number];

export interface EntityDecl {
  /** The spec's module: base, demo, dict, goods, helper, plugin, recycle, space, task, user, work. */
  module: string;
  /** The name as the spec writes it; may contain a slash (`sys/user`). */
  name: string;
  /** Table name in snake_case. */
  table: string;
  /**
   * The role this entity plays for the core, if any.
   *
   * @example
   * ```ts
   * // entities/base/sys/user.entity.ts: sign-in, permissions and data scope read users from here
   * export default defineEntity({ module: 'base', name: 'sys/user', system: 'users', ... });
   * ```
   */
  system?: SystemRole;
  label: Labels;
  /**
   * The console menu folder this entity's screen is placed in on a new installation: the member
   * workspace, commerce, AI, or system settings (the default).
   */
  area?: MenuArea;
  /** Fields besides id, createTime and updateTime, which every entity has. */
  fields: Record<string, FieldDecl>;
  /** Generic actions exposed; default all six. An empty list gives a table with no routes. */
  actions?: ActionName[];
  /** Method of an action where the spec gives another than the default (info GET, others POST). */
  methods?: Partial<Record<ActionName, HttpMethod>>;
  /** Actions that need no token. */
  public?: ActionName[];
  search?: {
    /** Fields matched by `keyWord` (LIKE). */
    keyword?: string[];
    /** Fields accepted as equality filters (an array value means IN). */
    equal?: string[];
  };
  /** Default order of list and page. */
  order?: { field: string; sort: 'asc' | 'desc' };
  /** Field filled from the caller's id on add and never overwritten by update. */
  owner?: string;
  /** Flag field: delete sets it to 1 and keeps the row; reads hide flagged rows. */
  softDelete?: string;
  /** How page totals are counted (docs/decisions/totals-cache.md): cached (default), live or estimated. */
  total?: 'cached' | 'live' | 'estimated';
  /** Composite indexes. */
  indexes?: Array<{ fields: string[]; unique?: boolean }>;
  /**
   * Who besides administrators reaches which rows and fields (see access.ts). Without it only
   * administrators do, whatever keys a role holds.
   */
  access?: AccessDecl;
  hooks?: EntityHooks;
  /**
   * What the entity holds and the rules its rows follow (why fields were chosen where the spec names
   * none, who writes the rows), in English: shown as `description` of its `/eps` entry and of its
   * OpenAPI tag.
   */
  description?: string;
}

/** Declares one entity. Returns the declaration unchanged; `normalize` reads it. */
export function defineEntity<T extends EntityDecl>(decl: T): T {
  return decl;
}

/** Shorthand for a label in three languages. */
export function l(en: string, zhCn: string, zhTw: string = zhCn): Labels {
  return { en, 'zh-cn': zhCn, 'zh-tw': zhTw };
}

/**
 * The common status field: 0 disabled, 1 enabled.
 *
 * @example
 * ```ts
 * fields: { status: enabledStatus(1) }
 * ```
 */
export function enabledStatus(defaultValue: 0 | 1): FieldDecl {
  return {
    type: 'int',
    default: defaultValue,
    nullable: false,
    label: l('Status', '状态', '狀態'),
    enum: [
      { value: 0, label: l('Disabled', '禁用', '停用') },
      { value: 1, label: l('Enabled', '启用', '啟用') },
    ],
  };
}
