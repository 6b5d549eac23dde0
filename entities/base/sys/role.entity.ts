import { defineEntity, l } from '../../../server/core/entity/define';
import { fail } from '../../../server/core/http/errors';
import type { HookDb } from '../../../server/core/entity/define';

/** The link tables of a role: virtual field -> table and the column that holds the other id. */
const LINKS = [
  { field: 'menuIdList', table: 'base_sys_role_menu', column: 'menuId' },
  { field: 'departmentIdList', table: 'base_sys_role_department', column: 'departmentId' },
] as const;

/** Current time as a UTC datetime literal that SQLite and MySQL both accept. */
function nowUtc(): string {
  return new Date().toISOString().slice(0, 23).replace('T', ' ');
}

/** Distinct integer ids of an array sent by a client; anything else is dropped. */
function toIds(values: unknown[]): number[] {
  return [...new Set(values.map(Number).filter((v) => Number.isInteger(v)))];
}

async function readLinks(
  db: HookDb,
  table: string,
  column: string,
  roleIds: number[],
): Promise<Map<number, number[]>> {
  const byRole = new Map<number, number[]>();
  if (roleIds.length === 0) return byRole;
  const marks = roleIds.map(() => '?').join(', ');
  const links = await db.query<Record<string, unknown>>(
    `SELECT ${db.q('roleId')}, ${db.q(column)} FROM ${db.q(table)} ` +
      `WHERE ${db.q('roleId')} IN (${marks}) ORDER BY ${db.q(column)} ASC`,
    roleIds,
  );
  for (const link of links) {
    const roleId = Number(link.roleId);
    const list = byRole.get(roleId) ?? [];
    list.push(Number(link[column]));
    byRole.set(roleId, list);
  }
  return byRole;
}

async function replaceLinks(
  db: HookDb,
  table: string,
  column: string,
  roleId: number,
  ids: number[],
): Promise<void> {
  await db.run(`DELETE FROM ${db.q(table)} WHERE ${db.q('roleId')} = ?`, [roleId]);
  const now = nowUtc();
  for (const id of ids) {
    await db.run(
      `INSERT INTO ${db.q(table)} (${db.q('roleId')}, ${db.q(column)}, ` +
        `${db.q('createTime')}, ${db.q('updateTime')}) VALUES (?, ?, ?, ?)`,
      [roleId, id, now, now],
    );
  }
}

export default defineEntity({
  module: 'base',
  name: 'sys/role',
  table: 'base_sys_role',
  label: l('Role', '角色', '角色'),
  note:
    'name and label are required; label is unique (at most 50 characters). menuIdList and ' +
    'departmentIdList are virtual: read from and written to base_sys_role_menu and ' +
    'base_sys_role_department by the hooks; deleting a role removes its menu, department and user links.',
  fields: {
    userId: { type: 'int', index: true, label: l('Created by', '创建者', '建立者') },
    name: { type: 'string', required: true, nullable: false, label: l('Name', '名称', '名稱') },
    label: {
      type: 'string',
      length: 50,
      required: true,
      unique: true,
      nullable: false,
      label: l('Label', '标识', '標識'),
    },
    remark: { type: 'string', label: l('Remark', '备注', '備註') },
    relevance: {
      type: 'boolean',
      default: false,
      nullable: false,
      label: l('Hierarchical data permission', '数据权限是否关联上下级', '資料權限是否關聯上下級'),
    },
    menuIdList: {
      type: 'json',
      jsonType: 'array',
      items: 'integer',
      virtual: true,
      label: l('Menus', '菜单权限', '選單權限'),
    },
    departmentIdList: {
      type: 'json',
      jsonType: 'array',
      items: 'integer',
      virtual: true,
      label: l('Departments', '数据权限', '資料權限'),
    },
  },
  search: { keyword: ['name', 'label'] },
  hooks: {
    async afterRead({ db, rows }) {
      const ids = [...new Set(rows.map((row) => Number(row.id)).filter((id) => Number.isInteger(id)))];
      for (const link of LINKS) {
        const byRole = await readLinks(db, link.table, link.column, ids);
        for (const row of rows) row[link.field] = byRole.get(Number(row.id)) ?? [];
      }
    },
    async afterChange({ db, id, data }) {
      for (const link of LINKS) {
        const sent = data[link.field];
        if (Array.isArray(sent)) await replaceLinks(db, link.table, link.column, id, toIds(sent));
      }
    },
    async beforeDelete({ db, ids }) {
      if (ids.includes(1)) throw fail.conflict('protected_role');
      if (ids.length === 0) return;
      const marks = ids.map(() => '?').join(', ');
      for (const table of [...LINKS.map((link) => link.table), 'base_sys_user_role']) {
        await db.run(`DELETE FROM ${db.q(table)} WHERE ${db.q('roleId')} IN (${marks})`, ids);
      }
    },
  },
});
