/** JSON Schemas of an entity's add and update payloads and of a returned row. */
import type { Entity, Field, JsonSchema } from './model';

/** Accepts `2026-01-02`, `2026-01-02 03:04:05`, ISO-8601 with T, fraction and zone. */
export const DATETIME_PATTERN = '^\\d{4}-\\d{2}-\\d{2}([T ]\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,6})?)?(Z|[+-]\\d{2}:?\\d{2})?)?$';

const INT_MAX = 2147483647;
const BIGINT_MAX = Number.MAX_SAFE_INTEGER;

function base(f: Field): JsonSchema {
  switch (f.type) {
    case 'string':
      return { type: 'string', maxLength: f.length ?? 255 };
    case 'text':
      // A sealed string is stored as text; its declared length still bounds the plain value.
      return { type: 'string', maxLength: f.length ?? 4_000_000 };
    case 'int':
      return { type: 'integer', minimum: -INT_MAX - 1, maximum: INT_MAX };
    case 'bigint':
      return { type: 'integer', minimum: -BIGINT_MAX, maximum: BIGINT_MAX };
    case 'float':
      return { type: 'number' };
    case 'decimal': {
      const scale = f.scale ?? 2;
      // Values are rounded to the scale when stored, so the bound leaves room for that rounding.
      const bound = 10 ** ((f.precision ?? 12) - scale) - 0.5 * 10 ** -scale;
      return { type: 'number', exclusiveMinimum: -bound, exclusiveMaximum: bound };
    }
    case 'boolean':
      return { type: 'boolean' };
    case 'datetime':
      return { type: 'string', pattern: DATETIME_PATTERN };
    case 'json':
      if (f.jsonType === 'array') return { type: 'array', ...(f.items ? { items: { type: f.items } } : {}) };
      if (f.jsonType === 'object') return { type: 'object' };
      return {};
  }
}

/** The schema of one field's value as written by a client. */
export function fieldSchema(f: Field, forWrite: boolean): JsonSchema {
  const s: JsonSchema = base(f);
  if (f.enum) s.enum = f.enum.map((o) => o.value);
  if (f.format) s.format = f.format;
  if (f.min !== undefined) s.minimum = f.min;
  if (f.max !== undefined) s.maximum = f.max;
  if (forWrite && f.required && s.type === 'string') s.minLength = 1;
  s.title = f.label.en;
  s['x-labels'] = f.label;
  if (f.default !== undefined) s.default = f.default;
  if (f.example !== undefined) s.examples = [f.example];
  if (f.help) {
    s.description = f.help.en;
    s['x-help'] = f.help;
  }
  if (f.unit) s['x-unit'] = f.unit;
  if (f.sealed) {
    s.writeOnly = true;
    s['x-sealed'] = true;
  }
  if (f.nullable && s.type) {
    s.type = [s.type as string, 'null'];
    if (s.enum) s.enum = [...(s.enum as unknown[]), null];
  }
  return s;
}

export function buildSchemas(e: Entity): { add: JsonSchema; update: JsonSchema; row: JsonSchema } {
  const writeProps: Record<string, JsonSchema> = {};
  for (const f of e.writable) writeProps[f.name] = fieldSchema(f, true);
  const required = e.writable.filter((f) => f.required).map((f) => f.name);
  const rowProps: Record<string, JsonSchema> = {};
  for (const f of e.readable) {
    const s = fieldSchema(f, false);
    if (f.system || f.setOf) s.readOnly = true;
    rowProps[f.name] = s;
  }
  return {
    add: { type: 'object', title: e.label.en, properties: writeProps, required, additionalProperties: false },
    update: {
      type: 'object',
      title: e.label.en,
      properties: { id: { type: 'integer', minimum: 1 }, ...writeProps },
      required: ['id'],
      additionalProperties: false,
    },
    row: { type: 'object', title: e.label.en, properties: rowProps },
  };
}
