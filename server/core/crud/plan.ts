/** SQL an entity's generic actions need, built once per entity and reused by every request. */
import { quoteIdent as q } from '../db/db';
import type { Entity, Field } from '../entity/model';
import { rowCodec, type RowCodec } from './values';

export interface Plan {
  /** Quoted readable columns. */
  select: string;
  /** The same, each prefixed with the alias `t.`. */
  selectAliased: string;
  /** Quoted every column, hidden ones included (recycle copies and restore). */
  selectAll: string;
  table: string;
  /** `... WHERE id = ?` (and not soft-deleted). */
  infoSql: string;
  codec: RowCodec;
  /** Columns a restore re-inserts. */
  allColumns: Field[];
  hiddenColumns: Field[];
  liveClause: string;
}

const plans = new WeakMap<Entity, Plan>();

/** Identifiers are quoted with backticks, which SQLite and MySQL both read, so one plan serves both. */
export function planFor(e: Entity): Plan {
  let p = plans.get(e);
  if (p) return p;
  const readCols = e.readable.filter((f) => !f.virtual);
  const table = q(e.table);
  const liveClause = e.softDelete ? ` AND ${q(e.softDelete)} = 0` : '';
  // A sealed field is answered only as whether it holds a value (`<name>Set`), computed by the read.
  const flags = e.readable.filter((f) => f.setOf);
  const flag = (f: Field, t: string) => `CASE WHEN ${t}${q(f.setOf!)} IS NULL OR ${t}${q(f.setOf!)} = '' THEN 0 ELSE 1 END AS ${q(f.name)}`;
  const select = [...readCols.map((f) => q(f.name)), ...flags.map((f) => flag(f, ''))].join(', ');
  p = {
    select,
    selectAliased: [...readCols.map((f) => `t.${q(f.name)}`), ...flags.map((f) => flag(f, 't.'))].join(', '),
    selectAll: e.columns.map((f) => q(f.name)).join(', '),
    table,
    infoSql: `SELECT ${select} FROM ${table} WHERE ${q('id')} = ?${liveClause}`,
    codec: rowCodec(e, [...readCols, ...flags]),
    allColumns: e.columns,
    hiddenColumns: e.columns.filter((f) => f.hidden || f.writeOnly),
    liveClause,
  };
  plans.set(e, p);
  return p;
}
