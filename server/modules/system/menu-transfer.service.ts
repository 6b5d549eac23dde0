/**
 * Menu export and import. An export is portable: no ids, each menu's parent given by its position
 * in the list (`parentIndex`, always an earlier entry, or null for the chosen tops), so it can be
 * imported under any menu of another installation. Import checks every entry first, then inserts
 * them all in one transaction.
 */
import { MAX_BATCH, parseIds, fail } from '../../core/api';
import type { Core, AuthUser, Row, Entity } from '../../core/api';
import { SYSADMIN, rule, type FieldProblem } from './sysadmin.messages';
import { checkMenu, menuEntity, parentMenu } from './menu-write.service';
import { allMenus, type MenuRow } from './menu.queries';

export const MENU_EXPORT_VERSION = 1;

export interface MenuExport {
  version: number;
  menus: Array<Row & { parentIndex: number | null }>;
}

/** The fields an export carries: what add accepts, less the parent link. */
function portableFields(menus: Entity): string[] {
  return menus.writable.filter((f) => f.name !== 'parentId').map((f) => f.name);
}

const byOrder = (a: MenuRow, b: MenuRow) => a.orderNum - b.orderNum || a.id - b.id;

/** The menus `sent` (ids as a list or comma-separated text) with their sub-menus; none chosen is refused. */
export async function exportMenus(core: Core, sent: unknown): Promise<MenuExport> {
  if (sent === undefined || sent === null || (Array.isArray(sent) && sent.length === 0) || sent === '') {
    throw fail.bad(SYSADMIN.menu_export_none);
  }
  const ids = parseIds(sent);
  const menus = menuEntity(core);
  const rows = await allMenus(core);
  const byId = new Map(rows.map((r) => [r.id, r]));
  if (ids.some((id) => !byId.has(id))) throw fail.notFound('record_not_found');
  const children = new Map<number, MenuRow[]>();
  for (const r of rows) {
    if (r.parentId === null) continue;
    const list = children.get(r.parentId) ?? [];
    list.push(r);
    children.set(r.parentId, list);
  }
  for (const list of children.values()) list.sort(byOrder);

  // A chosen menu below another chosen one is exported once, inside its ancestor's subtree.
  const chosen = new Set(ids);
  const hasChosenAncestor = (id: number): boolean => {
    const seen = new Set<number>([id]);
    for (let p = byId.get(id)?.parentId; p !== null && p !== undefined; p = byId.get(p)?.parentId) {
      if (seen.has(p)) return false;
      if (chosen.has(p)) return true;
      seen.add(p);
    }
    return false;
  };
  const tops = ids
    .filter((id) => !hasChosenAncestor(id))
    .map((id) => byId.get(id)!)
    .sort(byOrder);

  const fields = portableFields(menus);
  const out: MenuExport['menus'] = [];
  const placed = new Set<number>();
  const walk = (r: MenuRow, parentIndex: number | null) => {
    if (placed.has(r.id)) return;
    placed.add(r.id);
    const index = out.length;
    const stored: Row = r;
    out.push({ ...Object.fromEntries(fields.map((f) => [f, stored[f] ?? null])), parentIndex });
    for (const c of children.get(r.id) ?? []) walk(c, index);
  };
  for (const top of tops) walk(top, null);
  return { version: MENU_EXPORT_VERSION, menus: out };
}

/** An export's `list` of menus, put under `parentId` (none: the top) -> the new ids, in the order of the list. */
export async function importMenus(core: Core, list: unknown, parentId: unknown, user: AuthUser | null): Promise<{ ids: number[] }> {
  if (!Array.isArray(list) || list.length === 0) throw fail.bad(SYSADMIN.menu_import_empty);
  if (list.length > MAX_BATCH) throw fail.bad(SYSADMIN.menu_import_too_large, { max: MAX_BATCH });
  const menus = menuEntity(core);
  const errors: FieldProblem[] = [];
  const rows = list.map((item, i) => {
    const prefix = `menus[${i}]`;
    let parentIndex: number | null = null;
    let rest: unknown = item;
    if (typeof item === 'object' && item !== null && !Array.isArray(item)) {
      const { parentIndex: p, ...others } = item as Row;
      rest = others;
      if (p !== undefined && p !== null) {
        if (typeof p === 'number' && Number.isInteger(p) && p >= 0 && p < i) parentIndex = p;
        else errors.push({ field: `${prefix}.parentIndex`, rule: rule(SYSADMIN.field_menu_parent_index), params: {} });
      }
    }
    const checked = checkMenu(menus, rest, prefix);
    if ('parentId' in checked.data) {
      errors.push({ field: `${prefix}.parentId`, rule: 'unknown', params: {} });
    }
    errors.push(...checked.errors);
    return { data: checked.data, parentIndex };
  });
  if (errors.length) throw fail.invalid(errors as never);
  return core.ops.transaction(user, async (t) => {
    const top = await parentMenu(t, menus, parentId);
    const ids: number[] = [];
    for (const r of rows) {
      const parent = r.parentIndex === null ? top : ids[r.parentIndex];
      ids.push(await t.addOne(menus, { ...r.data, parentId: parent }));
    }
    return { ids };
  });
}
