/**
 * Inputs made from a declared call's JSON Schema (server/core/calls/input.ts): one that fits it
 * (the smallest value of every required field) and one that breaks it at a named field, for the
 * tests that take their inputs from the declarations.
 */
import type { JsonSchema } from '../../server/core/entity/model';

const typesOf = (s: JsonSchema): string[] => (Array.isArray(s.type) ? (s.type as string[]) : typeof s.type === 'string' ? [s.type] : []);
const props = (s: JsonSchema): Record<string, JsonSchema> =>
  s.properties && typeof s.properties === 'object' ? (s.properties as Record<string, JsonSchema>) : {};
const required = (s: JsonSchema): string[] => (Array.isArray(s.required) ? (s.required as string[]) : []);

/** The smallest value that fits `s`. */
export function sampleOf(s: JsonSchema): unknown {
  if (Array.isArray(s.enum) && s.enum.length) return s.enum[0];
  if (Array.isArray(s.anyOf)) return sampleOf(((s.anyOf as JsonSchema[]).find((x) => !typesOf(x).includes('null')) ?? {}) as JsonSchema);
  const [type] = typesOf(s).filter((t) => t !== 'null');
  switch (type) {
    case 'integer':
    case 'number':
      return Math.max(typeof s.minimum === 'number' ? s.minimum : 1, 1);
    case 'string':
      if (s.format === 'date-time') return new Date().toISOString();
      return 'a'.repeat(Math.max(typeof s.minLength === 'number' ? s.minLength : 1, 1));
    case 'boolean':
      return false;
    case 'array':
      return typeof s.minItems === 'number' && s.minItems > 0
        ? Array.from({ length: s.minItems }, (_, i) => (typeof sampleOf(s.items as JsonSchema) === 'number' ? i + 1 : sampleOf(s.items as JsonSchema)))
        : [];
    case 'object':
      return Object.fromEntries(required(s).map((k) => [k, sampleOf(props(s)[k] ?? {})]));
    default:
      return null;
  }
}

/** A value of `s`'s field that the reader refuses, when there is one for a body (`query`: for a query string, where everything is text). */
function breaking(s: JsonSchema, query: boolean): unknown {
  if (Array.isArray(s.enum) && s.enum.length) return 'not-one-of-these';
  const types = typesOf(s);
  if (types.includes('integer') || types.includes('number')) return 'not-a-number';
  if (types.includes('string')) {
    if (typeof s.maxLength === 'number') return 'x'.repeat(s.maxLength + 1);
    return query ? undefined : { not: 'text' };
  }
  if (types.includes('boolean')) return 'maybe';
  if (query) return undefined;
  if (types.includes('array')) return 'not-a-list';
  if (types.includes('object')) return 'not-an-object';
  return undefined;
}

/**
 * An input that fits `s` but for one field, named: a field of the wrong type or out of bounds when
 * one can be made, otherwise a field the call does not take (`unknown`).
 */
export function brokenInput(s: JsonSchema, query: boolean): { input: Record<string, unknown>; field: string } {
  const good = (sampleOf({ ...s, type: 'object' }) ?? {}) as Record<string, unknown>;
  for (const [name, p] of Object.entries(props(s))) {
    const bad = breaking(p, query);
    if (bad !== undefined) return { input: { ...good, [name]: bad }, field: name };
  }
  return { input: { ...good, zzNotAField: 1 }, field: 'zzNotAField' };
}
