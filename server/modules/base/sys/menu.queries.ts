/**
 * Menu rows whole, decoded, ordered by orderNum then id: every menu (the menu tree of an
 * administrator, an export), or those some roles hold. The generic list is bounded and reads
 * through the caller's access rules; these are the server's own reads.
 */
import { planFor } from '../../../core/api';
import type { Core, Row } from '../../../core/api';

export async function allMenus(core: Core): Promise<Row[]> {
  const q = core.db.q.bind(core.db);
  const plan = planFor(core.model.system('menus'));
  const rows = await core.db.query(`SELECT ${plan.select} FROM ${plan.table} ORDER BY ${q('orderNum')} ASC, ${q('id')} ASC`);
  for (const r of rows) plan.codec.decode(r);
  return rows;
}

/** The menus linked to any of `roleIds`, each once. */
export async function menusOfRoles(core: Core, roleIds: number[]): Promise<Row[]> {
  if (!roleIds.length) return [];
  const q = core.db.q.bind(core.db);
  const plan = planFor(core.model.system('menus'));
  const links = q(core.model.system('roleMenus').table);
  const rows = await core.db.query(
    `SELECT DISTINCT ${plan.select.split(', ').map((col) => `m.${col}`).join(', ')} FROM ${plan.table} m JOIN ${links} rm ON rm.${q('menuId')} = m.${q('id')} WHERE rm.${q('roleId')} IN (${roleIds.map(() => '?').join(', ')}) ORDER BY m.${q('orderNum')} ASC, m.${q('id')} ASC`,
    roleIds,
  );
  for (const r of rows) plan.codec.decode(r);
  return rows;
}
