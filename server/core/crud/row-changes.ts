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
import type { WriteNote } from './op-context';

const CHUNK = 500;

export class RowChanges {
  /** Before images by id, or null for an entity written in a way that names no rows. */
  private readonly byEntity = new Map<Entity, Map<number, Row | null> | null>();

  /**
   * Rows named by writes to an entity that was also written in a way that names no rows (a hook
   * writing links): totals drop everything of it, but the catalogue's events still need these rows.
   */
  private readonly beyond = new Map<Entity, Map<number, Row | null>>();
  private readonly named = new Map<Entity, RowChange[]>();

  /**
   * Rows whose last write answered them as it left them (an insert's RETURNING, a locked row's update),
   * each with when it was recorded (a counter), so a savepoint's rollback can forget what came after.
   */
  private readonly known = new Map<Entity, Map<number, { row: Row; at: number }>>();
  private recorded = 0;

  /** A point to come back to: what `forgetSince` forgets is what was recorded after it. */
  mark(): number {
    return this.recorded;
  }

  /**
   * After a rollback to a savepoint taken at `mark`: the rows answered since may no longer exist, so
   * they are read back at the commit like any other (their writes stay noted: a row that is gone
   * reads back as absent).
   */
  forgetSince(mark: number): void {
    for (const rows of this.known.values()) {
      for (const [id, { at }] of rows) if (at > mark) rows.delete(id);
    }
  }

  /** Records a write to `e`: its rows with what they were before (null: absent), or none when unknown. */
  note(e: Entity, rows?: WriteNote[]): void {
    const keep = (into: Map<number, Row | null>, list: WriteNote[]) => {
      for (const r of list) if (!into.has(r.id)) into.set(r.id, r.before);
    };
    let m = this.byEntity.get(e);
    if (!rows || m === null) {
      const b = this.beyond.get(e) ?? this.beyond.set(e, new Map()).get(e)!;
      if (m)
        keep(
          b,
          [...m].map(([id, before]) => ({ id, before })),
        );
      if (rows) keep(b, rows);
      this.byEntity.set(e, null);
      this.known.delete(e);
      return;
    }
    if (!m) this.byEntity.set(e, (m = new Map()));
    let known = this.known.get(e);
    for (const r of rows) {
      // A row keeps the image its last write answered; a write that answered none drops it.
      if (r.after) {
        if (!known) this.known.set(e, (known = new Map()));
        known.set(r.id, { row: r.after, at: ++this.recorded });
      } else known?.delete(r.id);
    }
    keep(m, rows);
  }

  /** The rows a transaction named of an entity for which `read` answers null (read with it), if any. */
  namedRows(e: Entity): RowChange[] | undefined {
    return this.named.get(e);
  }

  get entities(): Entity[] {
    return [...this.byEntity.keys()];
  }

  /** Reads the rows as they are now, in the transaction; null for an entity whose rows are unknown. */
  async read(tx: Db): Promise<Map<Entity, RowChange[] | null>> {
    const out = new Map<Entity, RowChange[] | null>();
    for (const [e, before] of this.byEntity) out.set(e, before ? await readBack(tx, e, before, this.known.get(e)) : null);
    for (const [e, before] of this.beyond) if (before.size) this.named.set(e, await readBack(tx, e, before));
    return out;
  }
}

/** The rows of `before` as they are now, in the transaction, beside what they were; `known` ones are not read. */
async function readBack(tx: Db, e: Entity, before: Map<number, Row | null>, known?: Map<number, { row: Row }>): Promise<RowChange[]> {
  const plan = planFor(e);
  const ids = [...before.keys()];
  const now = new Map<number, Row>([...(known ?? [])].map(([id, k]) => [id, k.row]));
  const unread = known?.size ? ids.filter((id) => !known.has(id)) : ids;
  for (let i = 0; i < unread.length; i += CHUNK) {
    const part = unread.slice(i, i + CHUNK);
    const rows = await tx.query(`SELECT ${plan.selectAll} FROM ${plan.table} WHERE ${tx.q('id')} IN (${part.map(() => '?').join(', ')})`, part);
    for (const r of rows) now.set(Number(r.id), r);
  }
  return ids.map((id) => ({ before: before.get(id) ?? null, after: now.get(id) ?? null }));
}
