/**
 * A small JSON Schema -> TypeScript converter for the schemas that `buildSchemas` emits
 * (type, enum, items, properties, required, additionalProperties, title, readOnly, x-labels).
 * Our schemas are flat and closed, so a converter we control gives stable, readable output
 * without a dependency; anything it does not know becomes `unknown`, never `any`.
 */
import type { JsonSchema } from '../server/core/entity/model';

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** A single-quoted TypeScript string literal, as the rest of the code base writes them. */
export function tsString(s: string): string {
  return `'${JSON.stringify(s).slice(1, -1).replace(/\\"/g, '"').replace(/'/g, "\\'")}'`;
}

function asSchema(v: unknown): JsonSchema | null {
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as JsonSchema) : null;
}

/** Schemas written as a type's name instead of spelled out (an entity's row schema, by identity). */
export type NamedSchemas = ReadonlyMap<JsonSchema, string>;

const NONE: NamedSchemas = new Map();

function primitive(type: string, s: JsonSchema, indent: string, named: NamedSchemas): string {
  switch (type) {
    case 'string':
      return 'string';
    case 'integer':
    case 'number':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'null':
      return 'null';
    case 'array': {
      const items = asSchema(s.items);
      if (!items) return 'unknown[]';
      const inner = typeExpression(items, indent, named);
      return /^[\w.]+$/.test(inner) ? `${inner}[]` : `Array<${inner}>`;
    }
    case 'object':
      return asSchema(s.properties) ? objectLiteral(s, indent, named) : 'Record<string, unknown>';
    default:
      return 'unknown';
  }
}

/** The TypeScript type of a schema, as an expression (unions allowed). */
export function typeExpression(s: JsonSchema, indent = '', named: NamedSchemas = NONE): string {
  const name = named.get(s);
  if (name) return name;
  if (Array.isArray(s.anyOf)) {
    const parts = (s.anyOf as unknown[])
      .map((v) => asSchema(v))
      .filter((v): v is JsonSchema => !!v)
      .map((v) => typeExpression(v, indent, named));
    return parts.length ? [...new Set(parts)].join(' | ') : 'unknown';
  }
  if (Array.isArray(s.enum)) {
    const literals = (s.enum as unknown[]).map((v) => (v === null ? 'null' : typeof v === 'string' ? tsString(v) : JSON.stringify(v)));
    return literals.length ? [...new Set(literals)].join(' | ') : 'never';
  }
  const types = Array.isArray(s.type) ? (s.type as string[]) : typeof s.type === 'string' ? [s.type] : [];
  if (!types.length) return asSchema(s.properties) ? objectLiteral(s, indent, named) : 'unknown';
  return [...new Set(types.map((t) => primitive(t, s, indent, named)))].join(' | ');
}

/** TSDoc for a property: the English title, the other languages, and the constraints worth knowing. */
function doc(s: JsonSchema, indent: string): string[] {
  const lines: string[] = [];
  const labels = asSchema(s['x-labels']);
  const title = typeof s.title === 'string' ? s.title : null;
  if (title) {
    const others = labels ? [labels['zh-cn'], labels['zh-tw']].filter((v): v is string => typeof v === 'string') : [];
    const uniqueOthers = [...new Set(others)].filter((v) => v !== title);
    lines.push(uniqueOthers.length ? `${title} (${uniqueOthers.join(' / ')})` : title);
  }
  if (typeof s.maxLength === 'number' && s.maxLength < 4_000_000) lines.push(`@maxLength ${s.maxLength}`);
  if (typeof s.format === 'string') lines.push(`@format ${s.format}`);
  if (s.default !== undefined) lines.push(`@default ${JSON.stringify(s.default)}`);
  if (!lines.length) return [];
  const safe = lines.map((l) => l.replace(/\*\//g, '*\\/'));
  if (safe.length === 1) return [`${indent}/** ${safe[0]} */`];
  return [`${indent}/**`, ...safe.map((l) => `${indent} * ${l}`), `${indent} */`];
}

function propertyLines(s: JsonSchema, indent: string, named: NamedSchemas = NONE): string[] {
  const props = asSchema(s.properties) ?? {};
  const required = new Set(Array.isArray(s.required) ? (s.required as string[]) : []);
  const out: string[] = [];
  for (const [name, raw] of Object.entries(props)) {
    const p = asSchema(raw) ?? {};
    const key = IDENTIFIER.test(name) ? name : tsString(name);
    const modifier = p.readOnly === true ? 'readonly ' : '';
    const optional = required.has(name) ? '' : '?';
    out.push(...doc(p, indent), `${indent}${modifier}${key}${optional}: ${typeExpression(p, indent, named)};`);
  }
  // additionalProperties other than false: extra keys may come, but of unknown type.
  if (s.additionalProperties !== undefined && s.additionalProperties !== false) {
    out.push(`${indent}[key: string]: unknown;`);
  }
  return out;
}

function objectLiteral(s: JsonSchema, indent: string, named: NamedSchemas): string {
  const inner = propertyLines(s, `${indent}  `, named);
  return inner.length ? `{\n${inner.join('\n')}\n${indent}}` : 'Record<string, never>';
}

/** `export interface Name { ... }` for an object schema, with a TSDoc summary above it. */
export function interfaceDeclaration(name: string, s: JsonSchema, summary: string[]): string {
  const head = summary.length ? ['/**', ...summary.map((l) => ` * ${l.replace(/\*\//g, '*\\/')}`), ' */'] : [];
  return [...head, `export interface ${name} {`, ...propertyLines(s, '  '), '}'].join('\n');
}
