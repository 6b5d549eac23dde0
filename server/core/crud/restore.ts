/**
 * Restore from recycle records, in one transaction: a flagged entity gets its flag cleared, any other
 * entity gets its rows re-inserted with their ids (hidden values from hiddenData). A row whose id was
 * taken meanwhile refuses the whole restore (409), so nothing is half-restored.
 */
import type { AuthUser, Row } from '../entity/define';
import type { Entity, Model } from '../entity/model';
import { UniqueViolation, type Db } from '../db/db';
import { fail } from '../errors';
import { planFor } from './plan';
import { nowStored, toStored } from './values';

function parse<T>(v: unknown, fallback: T): T {
  if (typeof v !== 'string') return (v as T) ?? fallback;
  try {
    return JSON.parse(v) as T;
  } catch {
    return fallback;
  }
}

/** An entity a restore wrote, with its rows as they were before (none for the recycle records themselves). */
export interface Restored {
  e: Entity;
  rows?: Array<{ id: number; before: Row | null }>;
}

export async function restoreRecords(model: Model, db: Db, recycleIds: number[], user: AuthUser | null): Promise<Restored[]> {
  void user;
  const recycle = model.entities.find((x) => x.system === 'recycle');
  if (!recycle) throw fail.notFound('route_not_found');
  const touched = new Map<Entity, Array<{ id: number; before: Row | null }>>();
  await db.transaction(async (tx) => {
    const marks = recycleIds.map(() => '?').join(', ');
    const records = await tx.query(
      `SELECT ${['id', 'entityInfo', 'data', 'hiddenData'].map((c) => tx.q(c)).join(', ')} FROM ${tx.q(recycle.table)} WHERE ${tx.q('id')} IN (${marks})`,
      recycleIds,
    );
    if (records.length !== recycleIds.length) throw fail.notFound('record_not_found');
    for (const rec of records) {
      const info = parse<{ module?: string; entity?: string }>(rec.entityInfo, {});
      const e = model.byKey.get(`${info.module}/${info.entity}`);
      if (!e) throw fail.conflict('recycle_gone');
      const written = touched.get(e) ?? touched.set(e, []).get(e)!;
      const rows = parse<Row[]>(rec.data, []);
      const hidden = parse<Record<string, Row>>(rec.hiddenData, {});
      const plan = planFor(e);
      if (e.softDelete) {
        const ids = rows.map((r) => Number(r.id));
        const marks = ids.map(() => '?').join(', ');
        const before = await tx.query(`SELECT ${plan.selectAll} FROM ${plan.table} WHERE ${tx.q('id')} IN (${marks})`, ids);
        written.push(...before.map((r) => ({ id: Number(r.id), before: r })));
        await tx.run(
          `UPDATE ${plan.table} SET ${tx.q(e.softDelete)} = 0, ${tx.q('updateTime')} = ? WHERE ${tx.q('id')} IN (${ids.map(() => '?').join(', ')})`,
          [nowStored(), ...ids],
        );
      } else {
        for (const row of rows) {
          const cols: Row = {};
          const aside = hidden[String(row.id)] ?? {};
          for (const f of plan.allColumns) {
            // Values kept aside (hidden columns, values the bin shows redacted) are stored as they were.
            if (f.name in aside) cols[f.name] = aside[f.name];
            else if (f.hidden || f.writeOnly) cols[f.name] = null;
            else if (f.name in row) cols[f.name] = toStored(f, row[f.name]);
          }
          const names = Object.keys(cols);
          written.push({ id: Number(row.id), before: null });
          await tx
            .run(`INSERT INTO ${plan.table} (${names.map((n) => tx.q(n)).join(', ')}) VALUES (${names.map(() => '?').join(', ')})`, Object.values(cols))
            .catch((err: unknown) => {
              if (err instanceof UniqueViolation)
                throw fail.conflict(err.field === 'id' ? 'recycle_conflict' : 'duplicate', { id: String(row.id), field: err.field });
              throw err;
            });
        }
      }
      await tx.run(`DELETE FROM ${tx.q(recycle.table)} WHERE ${tx.q('id')} = ?`, [rec.id]);
    }
  });
  return [{ e: recycle }, ...[...touched].map(([e, rows]) => ({ e, rows }))];
}
