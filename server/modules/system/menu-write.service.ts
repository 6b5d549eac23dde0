/**
 * Writing several menus in one transaction (create with its buttons, import of a tree). Each row is
 * checked as the generic add checks it (schema, then the entity's router rule) before anything is
 * written, so every problem of every row is reported at once; each is then added by the add
 * operation inside the caller's transaction, so the rules of menu.entity.ts hold here too.
 */
import { entity, checkRow, dropIgnored, AppError, fail } from '../../core/api';
import type { Core, Row, Entity, OpTransaction } from '../../core/api';
import { routerErrors } from '../../../entities/base/sys/menu.entity';
import { SYSADMIN, type FieldProblem } from './sysadmin.messages';

export const MENU_TYPE_BUTTON = 2;

export function menuEntity(core: Core): Entity {
  return entity(core.model, 'base/sys/menu');
}

/** A menu payload as add accepts it, with every problem found (prefix names the row, e.g. `menus[3]`). */
export function checkMenu(menus: Entity, item: unknown, prefix = ''): { data: Row; errors: FieldProblem[] } {
  if (typeof item !== 'object' || item === null || Array.isArray(item)) {
    return { data: {}, errors: [{ field: prefix || '(body)', rule: 'type', params: { type: 'object' } }] };
  }
  const data = dropIgnored(menus, item as Row, 'add');
  const errors: FieldProblem[] = [...checkRow(menus, data, 'add', prefix), ...routerErrors(data.router, prefix)];
  return { data, errors };
}

/** The menu new menus hang under: null for the top level, else an existing menu that is not a button. */
export async function parentMenu(t: OpTransaction, menus: Entity, parentId: unknown): Promise<number | null> {
  if (parentId === undefined || parentId === null || parentId === '' || parentId === 0) return null;
  const id = typeof parentId === 'string' && /^\d+$/.test(parentId) ? Number(parentId) : parentId;
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 1) throw fail.bad('bad_id');
  const row = await t.info(menus, id).catch((err: unknown) => {
    if (err instanceof AppError && err.kind === 'not_found') throw fail.bad(SYSADMIN.menu_parent_missing);
    throw err;
  });
  if (row.type === MENU_TYPE_BUTTON) throw fail.bad(SYSADMIN.menu_parent_button);
  return id;
}
