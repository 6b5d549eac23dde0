/**
 * Reading the bodies of hand-written calls: every bad field is collected, so one 1002 answer names
 * them all (as the generic actions do), and fields a call does not know are refused.
 */
import { fail, type InvalidField } from '../errors';
import { objectBody } from './body';

export type Body = Record<string, unknown>;

/** At most this many ids in one list (withdrawFromTeams, updateSortByIds). */
export const MAX_IDS = 1000;

interface Range {
  min?: number;
  max?: number;
}

export class Fields {
  readonly errors: InvalidField[] = [];

  /**
   * @param known the body's accepted fields; any other is an `unknown` error, except `ignored` ones
   *   (entity fields a member may not set here, dropped silently as the generic add drops them).
   */
  constructor(readonly body: Body, known: string[], ignored: string[] = [], readonly prefix = '') {
    for (const k of Object.keys(body)) if (!known.includes(k) && !ignored.includes(k)) this.bad(k, 'unknown');
  }

  /** The body of a request (400 when it is not an object), read with `known` fields. */
  static of(raw: unknown, known: string[], ignored: string[] = []): Fields {
    return new Fields(objectBody(raw, true), known, ignored);
  }

  bad(field: string, rule: string, params: Record<string, string | number> = {}): undefined {
    this.errors.push({ field: `${this.prefix}${field}`, rule, params });
    return undefined;
  }

  has(name: string): boolean {
    return this.body[name] !== undefined;
  }

  /** A positive id (a number or a string of digits); required unless `optional`. */
  id(name: string, optional = false): number | undefined {
    const v = this.body[name];
    if (v === undefined || v === null || v === '') return optional ? undefined : this.bad(name, 'required');
    const n = typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v;
    if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 1) return this.bad(name, 'type', { type: 'positive integer' });
    return n;
  }

  /** A whole number in a range, or undefined when absent. */
  int(name: string, r: Range = {}): number | undefined {
    const v = this.body[name];
    if (v === undefined) return undefined;
    if (typeof v !== 'number' || !Number.isSafeInteger(v)) return this.bad(name, 'type', { type: 'integer' });
    if ((r.min !== undefined && v < r.min) || (r.max !== undefined && v > r.max)) return this.bad(name, 'range');
    return v;
  }

  /** A number in a range, or undefined when absent. */
  num(name: string, r: Range = {}): number | undefined {
    const v = this.body[name];
    if (v === undefined) return undefined;
    if (typeof v !== 'number' || !Number.isFinite(v)) return this.bad(name, 'type', { type: 'number' });
    if ((r.min !== undefined && v < r.min) || (r.max !== undefined && v > r.max)) return this.bad(name, 'range');
    return v;
  }

  /** Text of at most `max` characters (null clears it), or undefined when absent. */
  str(name: string, max = 255, required = false): string | null | undefined {
    const v = this.body[name];
    if (v === undefined || (required && (v === null || v === ''))) return required ? this.bad(name, 'required') : undefined;
    if (v === null) return null;
    if (typeof v !== 'string') return this.bad(name, 'type', { type: 'string' });
    if ([...v].length > max) return this.bad(name, 'max_length', { limit: max });
    return v;
  }

  bool(name: string): boolean | undefined {
    const v = this.body[name];
    if (v === undefined) return undefined;
    if (typeof v === 'boolean') return v;
    if (v === 0 || v === 1) return v === 1;
    return this.bad(name, 'type', { type: 'boolean' });
  }

  /** One of `values`, required. */
  oneOf<T extends string>(name: string, values: readonly T[]): T | undefined {
    const v = this.body[name];
    if (v === undefined || v === null || v === '') return this.bad(name, 'required');
    if (!values.includes(v as T)) return this.bad(name, 'enum', { values: values.join(', ') });
    return v as T;
  }

  /** A non-empty list of distinct positive ids. */
  ids(name: string): number[] | undefined {
    const v = this.body[name];
    if (v === undefined || v === null) return this.bad(name, 'required');
    if (!Array.isArray(v) || v.length === 0 || v.length > MAX_IDS) return this.bad(name, 'type', { type: `list of 1 to ${MAX_IDS} ids` });
    if (!v.every((x) => typeof x === 'number' && Number.isSafeInteger(x) && x > 0)) return this.bad(name, 'type', { type: 'list of positive integers' });
    if (new Set(v).size !== v.length) return this.bad(name, 'invalid');
    return v as number[];
  }

  /** Throws the 1002 answer when any field was bad. */
  done(): void {
    if (this.errors.length) throw fail.invalid(this.errors);
  }
}

/** page and size of a paged read: page from 1, size 1..1000 (default `size`). */
export function paging(f: Fields, size: number): { page: number; size: number } {
  return { page: f.int('page', { min: 1, max: 10_000_000 }) ?? 1, size: f.int('size', { min: 1, max: 1000 }) ?? size };
}
