/**
 * The rows a transaction wrote, per entity: each row as it was before its first write (recorded by
 * the operations from the rows they read anyway) and, read back in the transaction before it
 * commits, as it is after its last. Cached totals move by these (see totals.ts).
 */
import type { Row } from '../entity/define';
import type { Entity } from '../entity/model';
import type { Db } from '../db/db';
import { planFor } from './plan';
import type { RowChange } from './totals';

const CHUNK = 500;

export class RowChanges {
  /** Before images by id, or null for an entity written in a way that names no rows. */
  private readonly byEntity = new Map<Entity, Map<number, Row | null> | null>();

  /** Records a write to `e`: its rows with what they were before (null: absent), or none when unknown. */
  note(e: Entity, rows?: Array<{ id: number; before: Row | null }>): void {
    if (!rows) {
      this.byEntity.set(e, null);
      return;
    }
    let m = this.byEntity.get(e);
    if (m === null) return;
    if (!m) this.byEntity.set(e, (m = new Map()));
    for (const r of rows) if (!m.has(r.id)) m.set(r.id, r.before);
  }

  get entities(): Entity[] {
    return [...this.byEntity.keys()];
  }

  /** Reads the rows as they are now, in the transaction; null for an entity whose rows are unknown. */
  async read(tx: Db): Promise<Map<Entity, RowChange[] | null>> {
    const out = new Map<Entity, RowChange[] | null>();
    for (const [e, before] of this.byEntity) {
      if (!before) {
        out.set(e, null);
        continue;
      }
      const plan = planFor(e);
      const ids = [...before.keys()];
      const now = new Map<number, Row>();
      for (let i = 0; i < ids.length; i += CHUNK) {
        const part = ids.slice(i, i + CHUNK);
        const rows = await tx.query(`SELECT ${plan.selectAll} FROM ${plan.table} WHERE ${tx.q('id')} IN (${part.map(() => '?').join(', ')})`, part);
        for (const r of rows) now.set(Number(r.id), r);
      }
      out.set(e, ids.map((id) => ({ before: before.get(id) ?? null, after: now.get(id) ?? null })));
    }
    return out;
  }
}
