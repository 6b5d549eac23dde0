/**
 * Small builders for the JSON Schema of what a declared call answers (call.ts `answer`): enough to
 * say its top level exactly and its rows by their fields.
 *
 *   answer: pageOf(obj({ id: INT, nickName: nullable(STR), price: nullable(NUM) }))
 */
import type { JsonSchema } from '../entity/model';

export const INT: JsonSchema = { type: 'integer' };
export const NUM: JsonSchema = { type: 'number' };
export const STR: JsonSchema = { type: 'string' };
export const BOOL: JsonSchema = { type: 'boolean' };
/** Any JSON object (a config, a row whose fields depend on the caller). */
export const ANY_OBJECT: JsonSchema = { type: 'object' };

export function nullable(s: JsonSchema): JsonSchema {
  return { anyOf: [s, { type: 'null' }] };
}

/** An object of `properties`, all present unless `optional` names them. */
export function obj(properties: Record<string, JsonSchema>, optional: readonly string[] = []): JsonSchema {
  const required = Object.keys(properties).filter((k) => !optional.includes(k));
  return { type: 'object', properties, ...(required.length ? { required } : {}) };
}

export function listOf(item: JsonSchema): JsonSchema {
  return { type: 'array', items: item };
}

/** A page of rows: `{list, pagination: {page, size, total}}`, as the generic page action answers. */
export function pageOf(item: JsonSchema): JsonSchema {
  return obj({ list: listOf(item), pagination: obj({ page: INT, size: INT, total: INT }) });
}

/** `{count}`: how many rows a write touched. */
export const COUNT: JsonSchema = obj({ count: INT });
