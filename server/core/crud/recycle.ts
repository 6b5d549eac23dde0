/**
 * The recycle record a delete leaves, written in the delete's transaction. The record shows the
 * rows as a reader would see them (the entity's afterRead runs over them and a member's view of other
 * owners' rows applies, so a value a reader never sees, such as a secret parameter, is not shown in
 * the bin either); whatever differs from the stored row, and every hidden column, is kept aside in
 * hiddenData so a restore is exact.
 */
import type { AuthUser, Row } from '../entity/define';
import type { Entity } from '../entity/model';
import { hookCtx, type OpContext } from './op-context';
import { planFor } from './plan';
import { nowStored } from './values';
import { trimForMember } from './shown';

const COLUMNS = ['entityInfo', 'userId', 'userName', 'data', 'hiddenData', 'url', 'params', 'count', 'createTime', 'updateTime'];

export async function writeRecycleRecord(
  c: OpContext,
  recycle: Entity,
  e: Entity,
  raw: Row[],
  user: AuthUser | null,
  request: { url?: string; ids: number[] },
): Promise<void> {
  const tx = c.db;
  const plan = planFor(e);
  const stored = e.readable.filter((f) => !f.virtual);
  const rows = raw.map((r) => plan.codec.decode(Object.fromEntries(stored.map((f) => [f.name, r[f.name]]))));
  const shown = rows.map((r) => ({ ...r }));
  await e.hooks.afterRead?.({ ...hookCtx(c, 'delete'), rows: shown, single: false });
  trimForMember(e, user, shown);
  const hiddenData: Record<string, Row> = {};
  raw.forEach((r, i) => {
    const aside: Row = Object.fromEntries(plan.hiddenColumns.map((f) => [f.name, r[f.name]]));
    for (const f of stored) {
      if (JSON.stringify(shown[i][f.name]) !== JSON.stringify(rows[i][f.name])) aside[f.name] = r[f.name];
    }
    if (Object.keys(aside).length) hiddenData[String(r.id)] = aside;
  });
  const now = nowStored();
  const someone = user && !user.system ? user : (user?.actor ?? null);
  await tx.run(`INSERT INTO ${tx.q(recycle.table)} (${COLUMNS.map((n) => tx.q(n)).join(', ')}) VALUES (${COLUMNS.map(() => '?').join(', ')})`, [
    JSON.stringify({ module: e.module, entity: e.name, table: e.table, soft: e.softDelete }),
    someone?.id ?? null,
    someone?.username ?? null,
    JSON.stringify(shown),
    JSON.stringify(hiddenData),
    request.url ?? null,
    JSON.stringify({ ids: request.ids }),
    raw.length,
    now,
    now,
  ]);
}
