/**
 * Menu rows whole, decoded, ordered by orderNum then id: every menu (the menu tree of an
 * administrator, an export), or those some roles hold. The generic list is bounded and reads
 * through the caller's access rules; these are the server's own reads.
 */
import { planFor } from '../../core/api';
import type { Core, EntityRow } from '../../core/api';

/** A menu row, decoded. */
export type MenuRow = EntityRow<'base/sys/menu'>;

export async function allMenus(core: Core): Promise<MenuRow[]> {
  const q = core.db.q.bind(core.db);
  const plan = planFor(core.model.system('menus'));
  const rows = await core.db.query(`SELECT ${plan.select} FROM ${plan.table} ORDER BY ${q('orderNum')} ASC, ${q('id')} ASC`);
  return rows.map((r) => plan.codec.decode(r) as MenuRow);
}

/** The menus linked to any of `roleIds`, each once. */
export async function menusOfRoles(core: Core, roleIds: number[]): Promise<MenuRow[]> {
  if (!roleIds.length) return [];
  const q = core.db.q.bind(core.db);
  const plan = planFor(core.model.system('menus'));
  const links = q(core.model.system('roleMenus').table);
  const rows = await core.db.query(
    `SELECT DISTINCT ${plan.select
      .split(', ')
      .map((col) => `m.${col}`)
      .join(
        ', ',
      )} FROM ${plan.table} m JOIN ${links} rm ON rm.${q('menuId')} = m.${q('id')} WHERE rm.${q('roleId')} IN (${roleIds.map(() => '?').join(', ')}) ORDER BY m.${q('orderNum')} ASC, m.${q('id')} ASC`,
    roleIds,
  );
  return rows.map((r) => plan.codec.decode(r) as MenuRow);
}
