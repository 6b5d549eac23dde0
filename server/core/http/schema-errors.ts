/**
 * One JSON Schema (ajv) error as a 1002 field entry: the field named from `root` and the error's
 * instance path (`data.days`, `config.url`, `input.topic`), the rule from its keyword. Task data,
 * plugin configs and app inputs are all checked by schemas their owners declare; they report the
 * same way through this one mapping. A caller may name its own rule for `minLength` or `uniqueItems`.
 */
import type { ErrorObject } from 'ajv';
import type { InvalidField } from '../errors';

export function schemaErrorField(err: ErrorObject, root: string, rules: { minLength?: string; uniqueItems?: string } = {}): InvalidField {
  const p = err.params as Record<string, unknown>;
  const segs = err.instancePath
    .split('/')
    .filter(Boolean)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  const at = (extra?: string) => [root, ...segs, extra].filter((s) => s !== undefined && s !== '').join('.');
  switch (err.keyword) {
    case 'required':
      return { field: at(String(p.missingProperty)), rule: 'required', params: {} };
    case 'additionalProperties':
      return { field: at(String(p.additionalProperty)), rule: 'unknown', params: {} };
    case 'type':
      return { field: at(), rule: 'type', params: { type: String(p.type) } };
    case 'enum':
      return { field: at(), rule: 'enum', params: { values: ((p.allowedValues as unknown[]) ?? []).join(', ') } };
    case 'maxLength':
      return { field: at(), rule: 'max_length', params: { limit: Number(p.limit) } };
    case 'minLength':
      return { field: at(), rule: rules.minLength ?? 'min_length', params: { limit: Number(p.limit) } };
    case 'format':
      return { field: at(), rule: 'format', params: { format: String(p.format) } };
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return { field: at(), rule: 'range', params: {} };
    case 'uniqueItems':
      return { field: at(), rule: rules.uniqueItems ?? 'invalid', params: {} };
    default:
      return { field: at(), rule: 'invalid', params: {} };
  }
}
