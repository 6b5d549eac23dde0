/**
 * What the change set calls take. `preview`'s field list is the whole list wanted after the change
 * (system fields left out): each field as createCode takes it, plus `from` (the old name of a
 * renamed field), a label in one text or one per language, and `null` for "none" (length, dict).
 *
 * Decisions:
 * - The list is checked by createCode's own reader (coding-input.ts: names, reserved names, types,
 *   lengths, one entry per name), so both calls refuse the same lists with the same rules; `from`
 *   and label objects are checked here.
 */
import { ABSENT, BAD, IDENTIFIER, bool, field, fieldRule, int, nullableText, text } from '../../core/api';
import type { Input, InvalidField, JsonSchema, Labels } from '../../core/api';
import { BAD_CHARS, FIELD_TYPES, MAX_FIELDS, MAX_STRING_LENGTH, readFieldList, type CodingField } from './coding-input';
import { CODING_FIELD } from './coding.messages';

const LANGS = ['en', 'zh-cn', 'zh-tw'] as const;
const LABEL_TEXT = { type: 'string', minLength: 1, maxLength: 100 };

/** One field of a change set's list. */
export interface ChangeField extends Omit<CodingField, 'label'> {
  label?: string | Labels;
  /** The field's old name, when it is renamed. */
  from?: string;
}

export const CHANGE_FIELD_SCHEMA: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'type'],
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 64 },
    type: { enum: FIELD_TYPES },
    length: { type: ['integer', 'null'], minimum: 1, maximum: MAX_STRING_LENGTH },
    required: { type: 'boolean' },
    label: {
      oneOf: [
        LABEL_TEXT,
        { type: 'object', additionalProperties: false, required: [...LANGS], properties: Object.fromEntries(LANGS.map((l) => [l, LABEL_TEXT])) },
      ],
    },
    dict: { type: ['string', 'null'], minLength: 1, maxLength: 100 },
    from: { type: 'string', minLength: 1, maxLength: 64 },
  },
};

/** Reads a change set's field list: createCode's checks, then `from` and label objects. */
export function readChangeFields(raw: unknown, root = 'fields'): { fields: ChangeField[]; errors: InvalidField[] } {
  if (!Array.isArray(raw)) return readFieldList(raw, root) as { fields: ChangeField[]; errors: InvalidField[] };
  const errors: InvalidField[] = [];
  const plain = raw.map((item: unknown) => {
    if (!item || typeof item !== 'object' || Array.isArray(item)) return item;
    const { from: _from, label, length, dict, ...rest } = item as Record<string, unknown>;
    return {
      ...rest,
      ...(typeof label === 'string' ? { label } : {}),
      ...(length !== null && length !== undefined ? { length } : {}),
      ...(dict !== null && dict !== undefined ? { dict } : {}),
    };
  });
  const read = readFieldList(plain, root);
  errors.push(...read.errors);
  const fields: ChangeField[] = [];
  raw.forEach((item: unknown, i) => {
    const at = `${root}.${i}`;
    const src = (item ?? {}) as Record<string, unknown>;
    const base = read.fields.find((f) => f.name === src.name);
    const { label, from } = src;
    if (label !== undefined && typeof label !== 'string') {
      const ok = label !== null && typeof label === 'object' && LANGS.every((l) => typeof (label as Record<string, unknown>)[l] === 'string');
      const texts = ok ? LANGS.map((l) => ((label as Record<string, string>)[l] ?? '').trim()) : [];
      if (!ok || Object.keys(label as object).length !== LANGS.length || texts.some((t) => !t || t.length > 100 || BAD_CHARS.test(t))) {
        errors.push({ field: `${at}.label`, rule: 'invalid', params: {} });
      }
    }
    if (from !== undefined && (typeof from !== 'string' || !IDENTIFIER.test(from)))
      errors.push({ field: `${at}.from`, rule: fieldRule(CODING_FIELD.field_coding_field_name), params: {} });
    if (!base) return;
    const labels =
      label && typeof label === 'object'
        ? (Object.fromEntries(LANGS.map((l) => [l, (label as Record<string, string>)[l].trim()])) as unknown as Labels)
        : undefined;
    fields.push({ ...base, ...(labels ? { label: labels } : {}), ...(typeof from === 'string' ? { from } : {}) });
  });
  return { fields, errors };
}

const changeFieldList = field<ChangeField[]>({ type: ['array', 'null'], items: CHANGE_FIELD_SCHEMA, minItems: 1, maxItems: MAX_FIELDS }, (v, r) => {
  if (v === null) return ABSENT;
  const read = readChangeFields(v, r.at);
  r.errors.push(...read.errors);
  return read.errors.length ? BAD : read.fields;
}).optional();

export const PREVIEW_INPUT = {
  module: text({ max: 30 }),
  name: text({ max: 100 }),
  fields: changeFieldList,
  description: nullableText({ max: 4000 }),
  newModule: bool().optional(),
};

export type PreviewInput = Input<typeof PREVIEW_INPUT>;

export const CHANGE_SET_ID = { id: int({ min: 1 }) };

export const CHANGE_SETS_INPUT = {
  entityKey: text({ max: 191 }).optional(),
  page: int({ min: 1 }).optional(),
  size: int({ min: 1, max: 100 }).optional(),
};
