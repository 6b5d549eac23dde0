/** A CRUD payload as the query string of a GET action. Pure. */
import type { QueryValue } from '../../lib/http';

const simple = (x: unknown): x is string | number | boolean => ['string', 'number', 'boolean'].includes(typeof x);

/** A payload as a query: scalars and arrays of scalars as they are, anything else as JSON. */
export function toQuery(payload: Record<string, unknown>): Record<string, QueryValue> {
  const query: Record<string, QueryValue> = {};
  for (const [k, v] of Object.entries(payload)) {
    if (v === undefined || v === null) continue;
    query[k] = simple(v) || (Array.isArray(v) && v.every(simple)) ? (v as QueryValue) : JSON.stringify(v);
  }
  return query;
}
