/**
 * Public API of the core, calls: declaring a module's hand-written calls (input, access, answer),
 * reading request bodies, naming a file answer, and the rate limiter. See docs/guide/declare-a-call.md.
 */
export {
  /**
   * Declares one hand-written call at `/admin/{module}/{group}/{action}` with its input, effect, answer and access.
   * @example
   * ```ts
   * call(core, 'base', 'group', 'rename', {
   *   method: 'POST',
   *   input: { groupId: id(), name: text({ max: 50 }) }, effect: 'write', answer: obj({ id: INT }),
   *   summary: l('Rename a group', '重命名群组', '重新命名群組'),
   *   handler: async (req, { groupId, name }) => ({ id: groupId }),
   * });
   * ```
   */
  call,
  /**
   * A module's route file: a function of the core that answers its routes.
   * @example
   * ```ts
   * export default defineRoutes((core) => [call(core, 'base', 'site', 'info', { ... })]);
   * ```
   */
  defineRoutes,
} from '../modules';

export {
  /**
   * An access rule of a call: what it says (three languages) and a function of the caller and the validated input.
   * @example
   * ```ts
   * access: check(l('Members of the group', '群成员', '群成員'), ({ user, input, exists }) =>
   *   exists('base/groupMember', and(eq('groupId', input.groupId), eq('userId', user.id))))
   * ```
   */
  check,
} from '../calls/access';

export {
  /** Marks a value that counts as absent (an optional id sent as null or ''). */
  ABSENT,
  /** Marks a value that was refused (its error is in the reading). */
  BAD,
  /** A boolean field (also read from `0`/`1` and query text). */
  bool,
  /** Declares a field from its schema and reader; required unless made optional. */
  field,
  /**
   * A positive integer id (digits sent as text are read too).
   * @example
   * ```ts
   * input: { groupId: id(), userIds: ids(), note: nullableText({ max: 200 }).optional() }
   * ```
   */
  id,
  /** A list of ids. */
  ids,
  /** An integer field, with optional bounds. */
  int,
  /** Any JSON object (its keys checked by the call's `refine`, or kept as data). */
  json,
  /** An id that may be null. */
  nullableId,
  /** A text that may be null. */
  nullableText,
  /** A number field, with optional bounds. */
  num,
  /** An object of the fields of a shape, read like a call's input (errors named `outer.inner`). */
  object,
  /** One of a list of values. */
  oneOf,
  /**
   * The field, or null (to clear it), or absent.
   * @example
   * ```ts
   * input: { config: orNull(object({ model: text({ max: 100 }).optional() })) }
   * ```
   */
  orNull,
  /** A value passed through as sent, checked only by its JSON Schema. */
  raw,
  /**
   * Reads a value against a shape outside a call (a hand-made Route, a nested payload): the typed values or the bad fields.
   * @example
   * ```ts
   * const r = readShape({ id: id() }, body);
   * if (r.errors.length) throw fail.fields(r.errors);
   * ```
   */
  readShape,
  /** The JSON Schema of a shape: an object of its fields, the required ones listed, nothing else allowed. */
  shapeSchema,
  /** A text field, with optional length bounds. */
  text,
} from '../calls/input';
export type {
  /** One declared input field: its schema and its reader. */
  Field,
  /** The typed input a shape reads to. */
  Input,
  /** What reading one field answers: the value, ABSENT or BAD. */
  Reading,
  /** A call's input: field names to fields. */
  Shape,
} from '../calls/input';

export {
  /** Any JSON object (a config, a row whose fields depend on the caller). */
  ANY_OBJECT,
  /** A boolean answer. */
  BOOL,
  /** A count (a non-negative integer). */
  COUNT,
  /** An integer answer. */
  INT,
  /** A number answer. */
  NUM,
  /** A string answer. */
  STR,
  /** A list of items of a schema. */
  listOf,
  /** A schema or null. */
  nullable,
  /**
   * An object answer with these properties.
   * @example
   * ```ts
   * answer: obj({ id: INT, name: STR, tags: listOf(STR), owner: nullable(obj({ id: INT })) })
   * ```
   */
  obj,
  /** A page of rows (`list` and `pagination`). */
  pageOf,
} from '../calls/answer';

export {
  /** The description (input, answer, effect) of one of an entity's CRUD actions, for a call that stands in for it. */
  crudDescription,
} from '../calls/crud-description';

export type {
  /** The request a handler receives: the caller, the koa context, the parsed body and query. */
  ApiRequest,
  /** A hand-made route (method, path, guard, handler, optional call description). */
  Route,
} from '../http/route';

export {
  /**
   * Calls a route inside the process as a given user, through the guard, input and access checks an
   * HTTP request goes through (AI members' tools act on a member's behalf this way).
   * @example
   * ```ts
   * const r = await callInProcess(core, { method: 'POST', path: '/admin/goods/order/myOrders', user, input: {}, lang: 'en' });
   * ```
   */
  callInProcess,
  /** The same for a route already found (its path parameters given). */
  callRoute,
} from '../http/in-process';

export {
  /** Why a route's guard refuses a signed-in caller (`no_permission`), or null: what the dispatcher and callRoute check first. */
  refusedByGuard,
} from '../http/dispatch';

export type {
  /** What callInProcess is asked: method, path, the user, the input, the language. */
  InProcessCall,
  /** The data, or the refusal's code, HTTP status, message and data. */
  InProcessResult,
} from '../http/in-process';

export {
  /** The parsed body as an object, or a 400 `body_not_object`. */
  objectBody,
  /** Reads a JSON body (bounded) from a koa context. */
  readJsonBody,
  /** The request body exactly as sent, bounded (for signature checks and other formats). */
  readRawBody,
} from '../http/body';

export {
  /**
   * The Content-Disposition header naming a file (RFC 6266): a safe ASCII `filename`, and `filename*` in UTF-8 when the name needs it.
   * @example
   * ```ts
   * ctx.set('Content-Disposition', contentDisposition('Prompts 提示.pdf')); // attachment; filename="Prompts __.pdf"; filename*=UTF-8''Prompts%20...
   * ```
   */
  contentDisposition,
} from '../http/content-disposition';

export {
  /** The InvalidField (1002 entry) of one ajv error. */
  schemaErrorField,
} from '../http/schema-errors';

export {
  /**
   * Counts a hit of a rate-limited action; refuses (429) beyond the limit.
   * @example
   * ```ts
   * await hit(core.cache, [{ key: `login:ip:${ip}`, max: 10, windowSeconds: 60 }]);
   * ```
   */
  hit,
  /** Clears a rate-limit counter (after a success). */
  reset,
} from '../http/rate-limit';

export {
  /** Whether cool-admin compatibility (COOL_COMPAT=on) is on: unknown fields ignored, cool's shapes kept. */
  coolCompat,
} from '../cool-compat';
