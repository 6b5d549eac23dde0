/** Valid sample rows for any entity, made from its normalized declaration (never hand-written per entity). */
import type { Entity, Field } from '../../server/core/entity/model';

function sampleValue(f: Field, n: number, tag: string): unknown {
  // A field whose value a hook checks beyond its type (a cron expression, a task handler's name).
  if (f.example !== undefined) return f.example;
  if (f.enum) return f.enum[n % f.enum.length].value;
  if (f.format === 'email') return `u${n}${tag}@example.com`;
  if (f.format === 'uri') return `https://example.com/${tag}/${n}`;
  switch (f.type) {
    case 'string': {
      // A route (menu router) must begin with / (000 §5).
      const s = `${f.name === 'router' ? '/' : ''}${f.name.slice(0, 3)}${tag}${n}`;
      return s.slice(0, f.length ?? 255);
    }
    case 'text':
      return `text ${tag} ${n}`;
    case 'int':
    case 'bigint':
      return Math.min(f.max ?? Infinity, Math.max(f.min ?? -Infinity, n + 1));
    case 'float':
      return n + 0.5;
    case 'decimal':
      return n + 0.25;
    case 'boolean':
      return n % 2 === 0;
    case 'datetime':
      return new Date(Date.UTC(2026, 0, 1 + n, 8, 30, 0)).toISOString();
    case 'json':
      if (f.jsonType === 'array') return f.items === 'string' ? [`a${n}`] : [n + 1, n + 2];
      if (f.jsonType === 'object') return { n, tag };
      return { value: n };
  }
}

/** A row valid for `add`: every writable stored field set, unique ones unique per `n`. */
export function sampleRow(e: Entity, n: number, tag: string): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (const f of e.writable) {
    if (f.virtual) continue;
    row[f.name] = sampleValue(f, n, tag);
  }
  return row;
}

/** A field whose change `update` can show: a plain string, text, int or decimal column without unique. */
export function updatableField(e: Entity): Field | undefined {
  return (
    e.writable.find((f) => !f.virtual && !f.unique && !f.enum && !f.hidden && !f.writeOnly && ['string', 'text'].includes(f.type) && !f.format) ??
    e.writable.find((f) => !f.virtual && !f.unique && !f.enum && !f.hidden && ['int', 'decimal'].includes(f.type))
  );
}

export function changedValue(f: Field, tag: string): unknown {
  if (f.type === 'int') return 4242;
  if (f.type === 'decimal') return 42.5;
  return `chg${tag}`.slice(0, f.length ?? 255);
}
