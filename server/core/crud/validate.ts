/**
 * Validation of add and update payloads against the entity's JSON Schema (ajv, compiled once per
 * entity on first use). Every bad field is reported, each with its rule, so a 1002 answer lists them all.
 */
import type { ErrorObject, ValidateFunction } from 'ajv';
import { addFormats, lazyAjv } from '../lazy-ajv';
import type { Entity, Field } from '../entity/model';
import { fail } from '../errors';
import { MAX_JSON_DEPTH, nestedDeeperThan } from '../http/json-depth';
import { toStoredDate } from './values';

export interface RawFieldError {
  field: string;
  rule: 'required' | 'type' | 'max_length' | 'min_length' | 'length' | 'enum' | 'unknown' | 'format' | 'range' | 'invalid' | 'depth';
  params: Record<string, string | number>;
}

const ajv = lazyAjv({ allErrors: true, strict: false }, (a) => {
  addFormats(a, ['email', 'uri']);
  a.addVocabulary(['x-labels', 'x-help', 'x-unit']);
});

const compiled = new WeakMap<Entity, { add?: ValidateFunction; update?: ValidateFunction }>();

function validator(e: Entity, kind: 'add' | 'update'): ValidateFunction {
  let c = compiled.get(e);
  if (!c) compiled.set(e, (c = {}));
  return (c[kind] ??= ajv().compile(e.schema[kind]));
}

function path(prefix: string, instancePath: string, extra?: string): string {
  const segs = instancePath.split('/').filter(Boolean);
  return [prefix, ...segs, extra].filter(Boolean).join('.') || '(body)';
}

function mapError(prefix: string, err: ErrorObject): RawFieldError {
  const p = err.params as Record<string, unknown>;
  switch (err.keyword) {
    case 'required':
      return { field: path(prefix, err.instancePath, String(p.missingProperty)), rule: 'required', params: {} };
    case 'additionalProperties':
      return { field: path(prefix, err.instancePath, String(p.additionalProperty)), rule: 'unknown', params: {} };
    case 'type':
      return {
        field: path(prefix, err.instancePath),
        rule: 'type',
        params: {
          type: String(p.type)
            .split(',')
            .filter((x) => x !== 'null')
            .join(' or '),
        },
      };
    case 'maxLength':
      return { field: path(prefix, err.instancePath), rule: 'max_length', params: { limit: Number(p.limit) } };
    case 'minLength':
      return { field: path(prefix, err.instancePath), rule: 'min_length', params: {} };
    case 'enum':
      return {
        field: path(prefix, err.instancePath),
        rule: 'enum',
        params: { values: (p.allowedValues as unknown[]).filter((v) => v !== null).join(', ') },
      };
    case 'format':
    case 'pattern':
      return { field: path(prefix, err.instancePath), rule: 'format', params: { format: String(p.format ?? 'date-time') } };
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return { field: path(prefix, err.instancePath), rule: 'range', params: {} };
    default:
      return { field: path(prefix, err.instancePath), rule: 'invalid', params: {} };
  }
}

/** True when '' is a value of the field as it is (plain text), not a stand-in for "nothing". */
function takesEmptyText(f: Field): boolean {
  return (f.type === 'string' || f.type === 'text') && !f.format && (!f.enum || f.enum.some((o) => o.value === ''));
}

/**
 * Fields a client may send but that are silently ignored (id on add, times, owner, readOnly), and
 * the empty string in an optional field, which means empty (forms send '' for a cleared input):
 * null where the field takes null, else as if not sent (the default on add, no change on update).
 * Text fields without a format keep '' as their value; a required field's '' is still refused.
 */
export function dropIgnored(e: Entity, data: Record<string, unknown>, kind: 'add' | 'update'): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, given] of Object.entries(data)) {
    const f = e.byName.get(k);
    if (f && (f.system || f.readOnly) && !(kind === 'update' && k === 'id')) continue;
    let v = given;
    if (v === '' && f && !f.required && !takesEmptyText(f)) {
      if (!f.nullable) continue;
      v = null;
    }
    // defineProperty, so a key named __proto__ stays a plain (unknown) field instead of a prototype.
    Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
  }
  return out;
}

/** Checks one payload; returns its errors (empty when valid). `prefix` names the row of a batch. */
export function check(e: Entity, data: unknown, kind: 'add' | 'update', prefix = ''): RawFieldError[] {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    return [{ field: prefix || '(body)', rule: 'type', params: { type: 'object' } }];
  }
  const fieldName = (name: string) => [prefix, name].filter(Boolean).join('.');
  const v = validator(e, kind);
  let errors: RawFieldError[] = v(data) ? [] : (v.errors ?? []).map((err) => mapError(prefix, err));
  // The schemas look one level into a JSON value at most; storing it (JSON.stringify) recurses.
  for (const f of e.writable) {
    if (f.type !== 'json' || !nestedDeeperThan((data as Record<string, unknown>)[f.name])) continue;
    const name = fieldName(f.name);
    errors = errors.filter((x) => x.field !== name && !x.field.startsWith(`${name}.`));
    errors.push({ field: name, rule: 'depth', params: { max: MAX_JSON_DEPTH } });
  }
  // Calendar check that a pattern cannot do (2026-02-31).
  for (const f of e.writable) {
    const val = (data as Record<string, unknown>)[f.name];
    if (f.type === 'datetime' && typeof val === 'string' && !errors.some((x) => x.field.endsWith(f.name)) && !toStoredDate(val)) {
      errors.push({ field: fieldName(f.name), rule: 'format', params: { format: 'date-time' } });
    }
  }
  return errors;
}

export function assertValid(errors: RawFieldError[]): void {
  if (errors.length) throw fail.invalid(errors);
}
