/**
 * The input of a declared call (see call.ts), written with small helpers in the style of entity
 * fields. Each helper is one field: its JSON Schema (for /eps, OpenAPI, the typed web client and
 * agents) and its reader, which takes the raw value and either answers the typed value or adds an
 * error. A call's input is a shape of fields; reading it collects every bad field, so one 1002
 * answer names them all, as the generic actions do.
 *
 *   const input = { groupId: id(), content: text({ max: 10_000 }), page: int({ min: 1 }).optional() };
 *   // handler(req, { groupId, content, page }) gets { groupId: number; content: string; page?: number }
 *
 * The rules keep the names the API has always answered with: required, type, range, max_length,
 * enum, invalid, unknown. An id may come as a string of digits; a flag as true/false or 1/0.
 */
import type { JsonSchema } from '../entity/model';
import type { InvalidField } from '../errors';

/** At most this many ids in one list (withdrawFromTeams, updateSortByIds). */
export const MAX_IDS = 1000;

/** Where a value is read: a field's dotted name, and the list its errors go to. */
export interface Reading {
  at: string;
  errors: InvalidField[];
  /** The value came from a query string (GET): numbers and flags may be text. */
  query: boolean;
  /** The field may be absent (set by the field when it reads). */
  optional?: boolean;
}

/** Marks a value that was refused (its error is in the reading). */
export const BAD: unique symbol = Symbol('bad');
/** Marks a value that counts as absent (an optional id sent as null or ''). */
export const ABSENT: unique symbol = Symbol('absent');

export interface Field<T, Optional extends boolean = boolean> {
  readonly schema: JsonSchema;
  readonly isOptional: Optional;
  /** Reads a present value (not undefined); answers BAD after adding an error. */
  read(v: unknown, r: Reading): T | typeof BAD | typeof ABSENT;
  /** The same field, which may be absent (then undefined). */
  optional(): Field<T, true>;
}

export type Shape = Record<string, Field<unknown>>;

type Value<F> = F extends Field<infer T, boolean> ? T : never;
type RequiredKeys<S extends Shape> = { [K in keyof S]: S[K] extends Field<unknown, true> ? never : K }[keyof S];
type OptionalKeys<S extends Shape> = { [K in keyof S]: S[K] extends Field<unknown, true> ? K : never }[keyof S];

/** The typed value of a shape: required fields present, optional ones possibly undefined. */
export type Input<S extends Shape> = { [K in RequiredKeys<S>]: Value<S[K]> } & { [K in OptionalKeys<S>]?: Value<S[K]> };

function bad(r: Reading, rule: string, params: Record<string, string | number> = {}): typeof BAD {
  r.errors.push({ field: r.at, rule, params });
  return BAD;
}

class F<T, O extends boolean> implements Field<T, O> {
  constructor(
    readonly schema: JsonSchema,
    readonly isOptional: O,
    private readonly reader: (v: unknown, r: Reading) => T | typeof BAD | typeof ABSENT,
  ) {}

  read(v: unknown, r: Reading): T | typeof BAD | typeof ABSENT {
    return this.reader(v, { ...r, optional: this.isOptional });
  }

  optional(): Field<T, true> {
    return new F(this.schema, true, this.reader);
  }
}

/** Declares a field from its schema and reader; required unless made optional. */
export function field<T>(schema: JsonSchema, read: (v: unknown, r: Reading) => T | typeof BAD | typeof ABSENT): Field<T, false> {
  return new F<T, false>(schema, false, read);
}

const empty = (v: unknown) => v === null || v === '';

interface Range {
  min?: number;
  max?: number;
}

function inRange(n: number, o: Range, r: Reading): number | typeof BAD {
  if ((o.min !== undefined && n < o.min) || (o.max !== undefined && n > o.max)) return bad(r, 'range');
  return n;
}

const bounds = (o: Range): JsonSchema => ({ ...(o.min !== undefined ? { minimum: o.min } : {}), ...(o.max !== undefined ? { maximum: o.max } : {}) });

/** A record id: a positive integer (or a string of digits); an optional one sent as null or '' is absent. */
export function id(description?: string): Field<number, false> {
  return field({ type: 'integer', minimum: 1, ...(description ? { description } : {}) }, (v, r) => {
    if (empty(v)) return r.optional ? ABSENT : bad(r, 'required');
    const n = typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v;
    if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 1) return bad(r, 'type', { type: 'positive integer' });
    return n;
  });
}

/** A whole number within `min`..`max`. */
export function int(o: Range = {}): Field<number, false> {
  return field({ type: 'integer', ...bounds(o) }, (v, r) => {
    const n = r.query && typeof v === 'string' && /^-?\d+$/.test(v) ? Number(v) : v;
    if (typeof n !== 'number' || !Number.isSafeInteger(n)) return bad(r, 'type', { type: 'integer' });
    return inRange(n, o, r);
  });
}

/** A finite number within `min`..`max`. */
export function num(o: Range = {}): Field<number, false> {
  return field({ type: 'number', ...bounds(o) }, (v, r) => {
    const n = r.query && typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
    if (typeof n !== 'number' || !Number.isFinite(n)) return bad(r, 'type', { type: 'number' });
    return inRange(n, o, r);
  });
}

/**
 * Text of at most `max` characters (255 by default). Required text refuses null and ''; optional
 * text takes null (it clears the value) and '' as given.
 */
export function text(o: { max?: number } = {}): Field<string, false> {
  const max = o.max ?? 255;
  return field({ type: 'string', maxLength: max }, (v, r) => {
    if (empty(v)) return bad(r, 'required');
    return readText(v, max, r);
  });
}

/** Optional text that may also be null (to clear it). */
export function nullableText(o: { max?: number } = {}): Field<string | null, true> {
  const max = o.max ?? 255;
  return new F<string | null, true>({ type: ['string', 'null'], maxLength: max }, true, (v, r) => (v === null ? null : readText(v, max, r)));
}

function readText(v: unknown, max: number, r: Reading): string | typeof BAD {
  if (typeof v !== 'string') return bad(r, 'type', { type: 'string' });
  if ([...v].length > max) return bad(r, 'max_length', { limit: max });
  return v;
}

/** A flag: true/false or 1/0 (and, in a query, "true"/"false"/"1"/"0"). */
export function bool(): Field<boolean, false> {
  return field({ type: ['boolean', 'integer'], enum: [true, false, 0, 1] }, (v, r) => {
    if (typeof v === 'boolean') return v;
    if (v === 0 || v === 1) return v === 1;
    if (r.query && typeof v === 'string' && ['true', 'false', '1', '0'].includes(v)) return v === 'true' || v === '1';
    return bad(r, 'type', { type: 'boolean' });
  });
}

/** One of `values`. */
export function oneOf<T extends string | number>(values: readonly T[]): Field<T, false> {
  return field({ enum: [...values] }, (v, r) => {
    if (empty(v)) return bad(r, 'required');
    if (!values.includes(v as T)) return bad(r, 'enum', { values: values.join(', ') });
    return v as T;
  });
}

/** A non-empty list of at most `max` distinct positive ids. */
export function ids(o: { max?: number } = {}): Field<number[], false> {
  const max = o.max ?? MAX_IDS;
  return field({ type: 'array', items: { type: 'integer', minimum: 1 }, minItems: 1, maxItems: max, uniqueItems: true }, (v, r) => {
    if (v === null) return bad(r, 'required');
    if (!Array.isArray(v) || v.length === 0 || v.length > max) return bad(r, 'type', { type: `list of 1 to ${max} ids` });
    if (!v.every((x) => typeof x === 'number' && Number.isSafeInteger(x) && x > 0)) return bad(r, 'type', { type: 'list of positive integers' });
    if (new Set(v).size !== v.length) return bad(r, 'invalid');
    return v as number[];
  });
}

/** Any JSON object (its keys checked by the call's `refine`, or kept as data). */
export function json(o: { maxLength?: number; description?: string } = {}): Field<Record<string, unknown>, false> {
  return field({ type: 'object', ...(o.description ? { description: o.description } : {}) }, (v, r) => {
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return bad(r, 'type', { type: 'object' });
    if (o.maxLength !== undefined && JSON.stringify(v).length > o.maxLength) return bad(r, 'max_length', { limit: o.maxLength });
    return v as Record<string, unknown>;
  });
}

/** An object of the fields of `shape`, read like a call's input (errors named `outer.inner`). */
export function object<S extends Shape>(shape: S): Field<Input<S>, false> {
  return field(shapeSchema(shape), (v, r) => {
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return bad(r, 'type', { type: 'object' });
    const before = r.errors.length;
    const out = readShape(shape, v as Record<string, unknown>, { ...r, at: `${r.at}.` }, false);
    return r.errors.length > before ? BAD : out;
  });
}

/** The JSON Schema of a shape: an object of its fields, the required ones listed, nothing else allowed. */
export function shapeSchema(shape: Shape): JsonSchema {
  const required = Object.entries(shape)
    .filter(([, f]) => !f.isOptional)
    .map(([k]) => k);
  return {
    type: 'object',
    properties: Object.fromEntries(Object.entries(shape).map(([k, f]) => [k, f.schema])),
    ...(required.length ? { required } : {}),
    additionalProperties: false,
  };
}

/**
 * Reads `body` by `shape` into `r.errors`; `r.at` is the prefix of the field names. A field not in
 * the shape is an `unknown` error, unless `ignoreUnknown` (cool-admin's client sends extras) or
 * it is one of `ignored` (dropped silently).
 */
export function readShape<S extends Shape>(
  shape: S,
  body: Record<string, unknown>,
  r: Reading,
  ignoreUnknown: boolean,
  ignored: readonly string[] = [],
): Input<S> {
  const prefix = r.at;
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(body)) {
    if (!(k in shape) && !ignoreUnknown && !ignored.includes(k)) r.errors.push({ field: `${prefix}${k}`, rule: 'unknown', params: {} });
  }
  for (const [k, f] of Object.entries(shape)) {
    const v = body[k];
    if (v === undefined) {
      if (!f.isOptional) r.errors.push({ field: `${prefix}${k}`, rule: 'required', params: {} });
      continue;
    }
    const got = f.read(v, { ...r, at: `${prefix}${k}` });
    if (got !== BAD && got !== ABSENT) out[k] = got;
  }
  return out as Input<S>;
}

/**
 * The JSON types a schema names at its top level (its `type`), or null when it names none: a union
 * (`anyOf` of forms) is read, and refused with its own words, by the operation.
 */
function topTypes(schema: JsonSchema): Set<string> | null {
  const t = Array.isArray(schema.type) ? (schema.type as string[]) : typeof schema.type === 'string' ? [schema.type] : null;
  return t ? new Set(t) : null;
}

function jsonType(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return typeof v;
}

/**
 * Any present value of the JSON type(s) `schema` names at its top level (`type`), read further by
 * the operation itself (an export's menus, a plugin's config): a value of another type is a bad
 * field (`type`) here. In a query string, text stands for a number or a flag. A schema of several
 * forms (`anyOf`: ids as a list, a number or text) is left to the operation.
 */
export function raw(schema: JsonSchema): Field<unknown, false> {
  const types = topTypes(schema);
  return field(schema, (v, r) => {
    if (!types) return v;
    const t = jsonType(v);
    const fits =
      types.has(t) ||
      (t === 'integer' && types.has('number')) ||
      (r.query && t === 'string' && (types.has('integer') || types.has('number') || types.has('boolean')));
    return fits ? v : bad(r, 'type', { type: [...types].join(' | ') });
  });
}

/** The field, or null (to clear it), or absent. */
export function orNull<T>(f: Field<T, boolean>): Field<T | null, true> {
  return new F<T | null, true>({ anyOf: [f.schema, { type: 'null' }] }, true, (v, r) => (v === null ? null : f.read(v, r)));
}

/** An id that may also be null (to clear it), or absent. */
export function nullableId(): Field<number | null, true> {
  const one = id();
  return new F<number | null, true>({ anyOf: [one.schema, { type: 'null' }] }, true, (v, r) => (v === null ? null : v === '' ? ABSENT : one.read(v, r)));
}
