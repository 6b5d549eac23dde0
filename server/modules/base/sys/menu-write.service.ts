/**
 * Writing several menus in one transaction (create with its buttons, import of a tree). Each row is
 * checked as the generic add checks it (schema, then the entity's router rule) before anything is
 * written, and inserted with the entity's hooks, so the rules of menu.entity.ts hold here too.
 */
import type { Core } from '../../../core/core';
import type { Db } from '../../../core/db/db';
import type { AuthUser, Row } from '../../../core/entity/define';
import type { Entity } from '../../../core/entity/model';
import { check, dropIgnored } from '../../../core/crud/validate';
import { nowStored, toStored } from '../../../core/crud/values';
import { fail } from '../../../core/http/errors';
import { routerErrors } from '../../../../entities/base/sys/menu.entity';
import { SYSADMIN, type FieldProblem } from './sysadmin.messages';

export const MENU_TYPE_BUTTON = 2;

export function menuEntity(core: Core): Entity {
  return core.model.byKey.get('base/sys/menu')!;
}

/** A menu payload as add accepts it, with every problem found (prefix names the row, e.g. `menus[3]`). */
export function checkMenu(menus: Entity, item: unknown, prefix = ''): { data: Row; errors: FieldProblem[] } {
  if (typeof item !== 'object' || item === null || Array.isArray(item)) {
    return { data: {}, errors: [{ field: prefix || '(body)', rule: 'type', params: { type: 'object' } }] };
  }
  const data = dropIgnored(menus, item as Row, 'add');
  const errors: FieldProblem[] = [...check(menus, data, 'add', prefix), ...routerErrors(data.router, prefix)];
  return { data, errors };
}

/** Inserts one checked menu inside `tx`, running the entity's hooks as the add operation does. */
export async function insertMenu(tx: Db, menus: Entity, data: Row, user: AuthUser | null): Promise<number> {
  await menus.hooks.beforeChange?.({ db: tx, user, action: 'add', data });
  const cols: Row = {};
  for (const [k, v] of Object.entries(data)) cols[k] = toStored(menus.byName.get(k)!, v);
  const now = nowStored();
  cols.createTime = now;
  cols.updateTime = now;
  const names = Object.keys(cols);
  const r = await tx.run(
    `INSERT INTO ${tx.q(menus.table)} (${names.map((n) => tx.q(n)).join(', ')}) VALUES (${names.map(() => '?').join(', ')})`,
    Object.values(cols),
  );
  const id = Number(r.insertId);
  await menus.hooks.afterChange?.({ db: tx, user, action: 'add', id, data });
  return id;
}

/** The menu new menus hang under: null for the top level, else an existing menu that is not a button. */
export async function parentMenu(db: Db, parentId: unknown): Promise<number | null> {
  if (parentId === undefined || parentId === null || parentId === '' || parentId === 0) return null;
  const id = typeof parentId === 'string' && /^\d+$/.test(parentId) ? Number(parentId) : parentId;
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 1) throw fail.bad('bad_id');
  const [row] = await db.query<{ type: number }>(`SELECT ${db.q('type')} FROM ${db.q('base_sys_menu')} WHERE ${db.q('id')} = ?`, [id]);
  if (!row) throw fail.bad(SYSADMIN.menu_parent_missing);
  if (Number(row.type) === MENU_TYPE_BUTTON) throw fail.bad(SYSADMIN.menu_parent_button);
  return id;
}
