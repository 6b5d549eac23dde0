/**
 * What a `createCode` body may hold (declared in coding.routes.ts): the module and entity names, and
 * the field list, whether the caller sent it or the language model proposed it (one JSON Schema of
 * the list for both, coding-llm.ts).
 *
 * Decisions:
 * - Only `module, name, fields, description, dryRun, newModule` are accepted: cool-admin's form that
 *   takes a path and the file's contents (`path`, `content`, `fileName`, `code`...) is refused as
 *   unknown fields, so a caller can never choose what is written or where.
 * - The name rules are the core's (server/core/entity/names.ts, which normalize.ts and
 *   codegen/scaffold-entity.ts use too), checked here so a bad name is refused before the generator
 *   (and ts-morph) is loaded.
 * - Field names that the core adds (id, createTime, updateTime) or that a page request uses for
 *   itself (page, size, keyWord, order, sort) are refused, as are names every object already has
 *   (`constructor`...).
 * - The table name (`module_snake_name`) must fit MySQL's 64 characters.
 */
import type { ValidateFunction } from 'ajv';
import {
  lazyAjv,
  lazyValidator,
  ENTITY_NAME,
  IDENTIFIER,
  MODULE_NAME,
  ABSENT,
  BAD,
  bool,
  field,
  nullableText,
  text,
  type Input,
  fieldRule,
  schemaErrorField,
} from '../../core/api';
import type { FieldType, JsonSchema, InvalidField } from '../../core/api';
import { CODING_FIELD } from './coding.messages';

export const FIELD_TYPES: FieldType[] = ['string', 'text', 'int', 'bigint', 'float', 'decimal', 'boolean', 'datetime', 'json'];
export const MAX_FIELDS = 60;
export const MAX_STRING_LENGTH = 2000;
const MAX_TABLE = 64;
const RESERVED = new Set(['id', 'createTime', 'updateTime', 'page', 'size', 'keyWord', 'order', 'sort']);
// Control, invisible and text-direction characters have no place in a label.
export const BAD_CHARS = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/;

/** One field of the list, as the generator takes it. */
export interface CodingField {
  name: string;
  type: FieldType;
  length?: number;
  required: boolean;
  label?: string;
  dict?: string;
}

export interface CodingRequest {
  module: string;
  name: string;
  /** Absent: the model proposes them from `description`. */
  fields?: CodingField[];
  description?: string;
  dryRun: boolean;
  newModule: boolean;
}

/** The JSON Schema of one field; the list's own bounds are checked before it (countProblem). */
export const FIELD_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'type'],
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 64 },
    type: { enum: FIELD_TYPES },
    length: { type: 'integer', minimum: 1, maximum: MAX_STRING_LENGTH },
    required: { type: 'boolean' },
    label: { type: 'string', minLength: 1, maxLength: 100 },
    dict: { type: 'string', minLength: 1, maxLength: 100 },
  },
} as const;

const checkItem: ValidateFunction = lazyValidator(lazyAjv({ allErrors: true, strict: false }), FIELD_SCHEMA);

/** `groupMember` -> `group_member`, as codegen/scaffold-entity.ts names tables. */
export function tableOf(module: string, name: string): string {
  return `${module}_${name
    .replace(/\//g, '_')
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()}`;
}

/**
 * Checks a field list (the caller's or the model's) and answers it typed, with every problem named
 * under `root` (`fields.2.type`). `validate` may change the items first (the model's extras dropped).
 */
export function readFieldList(raw: unknown, root = 'fields', validate: ValidateFunction = checkItem): { fields: CodingField[]; errors: InvalidField[] } {
  const errors: InvalidField[] = [];
  const bad = (field: string, rule: string, params: Record<string, string | number> = {}) => errors.push({ field, rule, params });
  if (!Array.isArray(raw)) {
    bad(root, 'type', { type: 'list of fields' });
    return { fields: [], errors };
  }
  if (raw.length < 1 || raw.length > MAX_FIELDS) {
    bad(root, fieldRule(CODING_FIELD.field_coding_count), { min: 1, max: MAX_FIELDS });
    return { fields: [], errors };
  }
  const fields: CodingField[] = [];
  const seen = new Set<string>();
  raw.forEach((item: unknown, i) => {
    const at = `${root}.${i}`;
    if (!validate(item)) {
      const mine = (validate.errors ?? []).map((e) => schemaErrorField(e, at));
      // One entry per field: ajv may report a field twice (type and bounds).
      for (const e of mine) if (!errors.some((x) => x.field === e.field)) errors.push(e);
      return;
    }
    const f = item as CodingField;
    if (!IDENTIFIER.test(f.name)) bad(`${at}.name`, fieldRule(CODING_FIELD.field_coding_field_name));
    else if (RESERVED.has(f.name) || f.name in Object.prototype) bad(`${at}.name`, fieldRule(CODING_FIELD.field_coding_reserved));
    else if (seen.has(f.name)) bad(`${at}.name`, fieldRule(CODING_FIELD.field_coding_twice));
    seen.add(f.name);
    if (f.length !== undefined && f.type !== 'string') bad(`${at}.length`, fieldRule(CODING_FIELD.field_coding_length_string));
    if (f.label !== undefined && BAD_CHARS.test(f.label)) bad(`${at}.label`, 'characters');
    if (f.dict !== undefined && !IDENTIFIER.test(f.dict)) bad(`${at}.dict`, fieldRule(CODING_FIELD.field_coding_dict_unknown));
    fields.push({
      name: f.name,
      type: f.type,
      ...(f.length !== undefined ? { length: f.length } : {}),
      required: f.required ?? false,
      // A blank label is no label: the generator makes one from the name.
      ...(f.label?.trim() ? { label: f.label.trim() } : {}),
      ...(f.dict !== undefined ? { dict: f.dict } : {}),
    });
  });
  return { fields, errors };
}

/** A field list as the caller sends it, read by readFieldList (its errors named `fields.2.type`); null is none. */
const fieldList = field<CodingField[]>({ type: ['array', 'null'], items: FIELD_SCHEMA as unknown as JsonSchema, minItems: 1, maxItems: MAX_FIELDS }, (v, r) => {
  if (v === null) return ABSENT;
  const read = readFieldList(v, r.at);
  r.errors.push(...read.errors);
  return read.errors.length ? BAD : read.fields;
}).optional();

/** What createCode takes: names, then the field list or a description for the model to propose one. */
export const CODING_INPUT = {
  module: text({ max: 30 }),
  name: text({ max: 100 }),
  fields: fieldList,
  description: nullableText({ max: 4000 }),
  dryRun: bool().optional(),
  newModule: bool().optional(),
};

export type CodingInput = Input<typeof CODING_INPUT>;

/**
 * The checks of the names (nothing about the model or the files yet), and a field list or a
 * description: more bad fields for the same 1002 answer.
 */
export function refineCoding(input: CodingInput, body: unknown): InvalidField[] {
  const errors: InvalidField[] = [];
  const bad = (field: string, rule: string, params: Record<string, string | number> = {}) => errors.push({ field, rule, params });
  const { module, name, description } = input;
  if (module !== undefined && !MODULE_NAME.test(module)) bad('module', fieldRule(CODING_FIELD.field_coding_module_name));
  if (name !== undefined && !ENTITY_NAME.test(name)) bad('name', fieldRule(CODING_FIELD.field_coding_entity_name));
  else if (module !== undefined && name !== undefined && tableOf(module, name).length > MAX_TABLE) {
    bad('name', fieldRule(CODING_FIELD.field_coding_too_long), { table: tableOf(module, name), max: MAX_TABLE });
  }
  // A list that was refused has named its own fields already.
  const sent = (body as Record<string, unknown> | undefined)?.fields;
  if ((sent === undefined || sent === null) && !description?.trim()) bad('fields', 'required');
  return errors;
}

/** The request the generator works from, once the input has been read and refined. */
export function codingRequest(input: CodingInput): CodingRequest {
  const { module, name, fields, description } = input;
  return { module, name, ...(fields ? { fields } : { description: description!.trim() }), dryRun: input.dryRun ?? false, newModule: input.newModule ?? false };
}
