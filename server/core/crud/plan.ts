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
  const select = readCols.map((f) => q(f.name)).join(', ');
  p = {
    select,
    selectAliased: readCols.map((f) => `t.${q(f.name)}`).join(', '),
    selectAll: e.columns.map((f) => q(f.name)).join(', '),
    table,
    infoSql: `SELECT ${select} FROM ${table} WHERE ${q('id')} = ?${liveClause}`,
    codec: rowCodec(e, readCols),
    allColumns: e.columns,
    hiddenColumns: e.columns.filter((f) => f.hidden || f.writeOnly),
    liveClause,
  };
  plans.set(e, p);
  return p;
}
