/**
 * Seals, on each start after the schema sync, the values of sealed fields that rows written before
 * the field was sealed still hold in plain text (base/auth.secret before issue 39). In batches by id;
 * a value is replaced only while it is still the plain one read, so instances starting together and
 * a later start change nothing twice.
 */
import type { Db } from '../db/db';
import type { Model } from '../entity/model';
import { SEALED_PREFIX, type Sealer } from './seal';

const BATCH = 200;

/** Seals every plain non-empty value of every sealed field; answers how many it sealed. */
export async function sealStoredSecrets(db: Db, model: Model, sealer: Sealer, warn: (line: string) => void): Promise<number> {
  const q = db.q.bind(db);
  let sealed = 0;
  for (const e of model.entities) {
    for (const f of e.columns.filter((c) => c.sealed)) {
      const col = q(f.name);
      let after = 0;
      for (;;) {
        const rows = await db.query<{ id: number; v: string }>(
          `SELECT ${q('id')} AS ${q('id')}, ${col} AS ${q('v')} FROM ${q(e.table)} WHERE ${q('id')} > ? AND ${col} IS NOT NULL AND ${col} <> '' AND ${col} NOT LIKE ? ORDER BY ${q('id')} LIMIT ${BATCH}`,
          [after, `${SEALED_PREFIX}%`],
        );
        if (!rows.length) break;
        for (const r of rows) {
          const res = await db.run(`UPDATE ${q(e.table)} SET ${col} = ? WHERE ${q('id')} = ? AND ${col} = ?`, [sealer.seal(r.v), r.id, r.v]);
          sealed += res.affected;
        }
        after = Number(rows[rows.length - 1].id);
      }
    }
  }
  if (sealed) warn(`sealed ${sealed} stored secret value(s) that were in plain text`);
  return sealed;
}
