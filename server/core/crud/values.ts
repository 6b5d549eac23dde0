/** Conversions between API values and stored values, built once per entity. */
import type { Entity, Field } from '../entity/model';

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const NO_ZONE = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/;

/** An API datetime (ISO, with or without zone; no zone means UTC) as the stored UTC text, or null if invalid. */
export function toStoredDate(v: string): string | null {
  let s = v.trim();
  if (DATE_ONLY.test(s)) s += 'T00:00:00Z';
  else if (NO_ZONE.test(s)) s = s.replace(' ', 'T') + 'Z';
  else s = s.replace(' ', 'T');
  const ms = Date.parse(s);
  if (Number.isNaN(ms)) return null;
  const iso = new Date(ms).toISOString();
  // Date.parse rolls 2026-02-31 over to March; refuse such dates.
  if (s.slice(0, 10) !== iso.slice(0, 10) && !/[+-]\d{2}:?\d{2}$/.test(s)) return null;
  return iso.slice(0, 23).replace('T', ' ');
}

export function nowStored(): string {
  return new Date().toISOString().slice(0, 23).replace('T', ' ');
}

/**
 * Stored text (`2026-01-02 03:04:05.678`) as ISO-8601 UTC. Every datetime of every row read passes
 * here (40 per page of 20 goods), so the shapes both drivers hand back, with milliseconds or whole
 * seconds, are rewritten by slicing: the general path (splits by pattern) made a quarter of all the
 * memory a page request allocated, and each such byte brings the next garbage collection closer.
 */
export function fromStoredDate(v: unknown): string | null {
  if (v === null || v === undefined) return null;
  if (v instanceof Date) return v.toISOString();
  const s = String(v);
  // 'YYYY-MM-DD HH:MM:SS.fff' and 'YYYY-MM-DD HH:MM:SS' (32 is a space, 46 a dot).
  if (s.length === 23 && s.charCodeAt(10) === 32 && s.charCodeAt(19) === 46) return s.slice(0, 10) + 'T' + s.slice(11) + 'Z';
  if (s.length === 19 && s.charCodeAt(10) === 32) return s.slice(0, 10) + 'T' + s.slice(11) + '.000Z';
  const [d, t = '00:00:00'] = s.split(/[T ]/);
  const [hms, frac = ''] = t.replace(/Z$/, '').split('.');
  return `${d}T${hms}.${(frac + '000').slice(0, 3)}Z`;
}

/** A value as the driver should store it (field already validated). */
export function toStored(f: Field, v: unknown): unknown {
  if (v === null || v === undefined) return null;
  switch (f.type) {
    case 'json':
      return JSON.stringify(v);
    case 'boolean':
      return v ? 1 : 0;
    case 'datetime':
      return toStoredDate(String(v));
    case 'decimal': {
      // Round as MySQL does, so both databases keep the same value.
      const scale = f.scale ?? 2;
      return Number(`${Math.round(Number(`${Number(v)}e${scale}`))}e-${scale}`);
    }
    default:
      return v;
  }
}

/**
 * A value `toStored` made, as a read of the row by id (the read-back of rows.ts, sent as text) hands it
 * back on `dialect`, or NOT_AS_READ when that cannot be told for sure from the value alone: then the
 * row is read. MySQL's pool reads BIGINT as strings (bigNumberStrings) and DECIMAL as numbers
 * (decimalNumbers); SQLite's INTEGER, REAL and NUMERIC columns keep numbers as numbers and its
 * TEXT columns text. A datetime is stored as `toStoredDate` shapes it (milliseconds always), which
 * both read back as stored (MySQL's DATETIME(3) answers three digits over text).
 */
export const NOT_AS_READ = Symbol('not as read');
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function storedAsRead(dialect: 'sqlite' | 'mysql', f: Field, v: unknown): unknown {
  if (v === null) return null;
  switch (f.type) {
    case 'int':
    case 'boolean': {
      const n = typeof v === 'string' && /^-?\d+$/.test(v) ? Number(v) : v;
      return typeof n === 'number' && Number.isSafeInteger(n) ? n : NOT_AS_READ;
    }
    case 'bigint': {
      const n = typeof v === 'string' && /^-?\d+$/.test(v) ? Number(v) : v;
      if (typeof n !== 'number' || !Number.isSafeInteger(n)) return NOT_AS_READ;
      return dialect === 'mysql' ? String(n) : n;
    }
    case 'decimal':
      // toStored rounds a decimal to its scale as MySQL does, and both read it back as that number.
      return typeof v === 'number' && Number.isFinite(v) ? v : NOT_AS_READ;
    case 'float':
      // MariaDB writes a DOUBLE out with 15 significant digits: a double that needs more reads back otherwise.
      return typeof v === 'number' && Number.isFinite(v) && (dialect === 'sqlite' || Number(v.toPrecision(15)) === v) ? v : NOT_AS_READ;
    case 'datetime':
      return typeof v === 'string' && v.length === 23 && v.charCodeAt(10) === 32 && v.charCodeAt(19) === 46 ? v : NOT_AS_READ;
    case 'string':
    case 'text':
    case 'json':
      // Text whose UTF-16 is not well formed would be stored with replacement characters.
      return typeof v === 'string' && !LONE_SURROGATE.test(v) ? v : NOT_AS_READ;
    default:
      return NOT_AS_READ;
  }
}

type Decoder = (v: unknown) => unknown;

function decoder(f: Field): Decoder | null {
  switch (f.type) {
    case 'json':
      return (v) => {
        if (v === null || v === undefined || v === '') return null;
        if (typeof v !== 'string') return v;
        try {
          return JSON.parse(v);
        } catch {
          return v;
        }
      };
    case 'boolean':
      return (v) => (v === null || v === undefined ? null : v === true || v === 1 || v === '1');
    case 'datetime':
      return fromStoredDate;
    case 'decimal':
    case 'float':
      return (v) => (v === null || v === undefined ? null : Number(v));
    case 'bigint':
      return (v) => (typeof v === 'string' && Number.isSafeInteger(Number(v)) ? Number(v) : v);
    default:
      return null;
  }
}

export interface RowCodec {
  /** Turns a stored row into the API row in place (readable columns only). */
  decode(row: Record<string, unknown>): Record<string, unknown>;
}

export function rowCodec(e: Entity, fields: Field[] = e.readable.filter((f) => !f.virtual)): RowCodec {
  const steps = fields.map((f) => [f.name, decoder(f)] as const).filter((s): s is [string, Decoder] => s[1] !== null);
  return {
    decode(row) {
      for (const [name, dec] of steps) row[name] = dec(row[name]);
      return row;
    },
  };
}
