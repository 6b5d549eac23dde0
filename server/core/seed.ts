/**
 * Seeding. First start: the administrator role (id 1) and account, the member role, the dictionary
 * types. Every start: a menu entry and permission buttons for each entity and permission key that was
 * never seeded before (remembered in app_seed_state), so a new entity file gets its screen without a
 * reset and nothing an administrator changed or removed is put back (seed-menus.ts); likewise the
 * system tasks of task handlers (scheduler/seed-tasks.ts). Once, on new and existing installations
 * alike: a root department with the administrator in it. Once each: the params the code declares
 * with a default (params/seeded-params.ts).
 */
import { randomInt } from 'node:crypto';
import type { Db } from './db/db';
import type { Model } from './entity/model';
import type { RouteTable } from './http/route';
import { hashPassword } from './auth/password';
import { usernameColumns, usernameKey } from './auth/username';
import { ADMIN_ROLE_ID } from './auth/auth.service';
import { SEED_TABLE, insert, markSeeded, one, type Done, type SeedResult } from './seed-db';
import { flattenSingleFolders, migrateMenuAreas, seedMenus } from './seed-menus';
import { seedSystemTasks } from './scheduler/seed-tasks';
import { seedParams } from './params/seeded-params';
import { nowStored } from './crud/values';

export const MEMBER_ROLE_LABEL = 'member';

export function generatePassword(length = 14): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
  let s = '';
  for (let i = 0; i < length; i++) s += alphabet[randomInt(alphabet.length)];
  // At least one digit, so the password meets common rules.
  return /\d/.test(s) ? s : s.slice(0, -1) + String(randomInt(2, 10));
}

const DICT_TYPES: Array<{ name: string; key: string }> = [
  { name: 'Industry', key: 'industry' },
  { name: 'Goods tag', key: 'goodsTag' },
  { name: 'App type', key: 'appType' },
  { name: 'Team member role', key: 'teamMemberRole' },
];

async function seedAccounts(tx: Db, model: Model, done: Done, adminPassword: string | undefined, result: SeedResult): Promise<void> {
  const q = tx.q.bind(tx);
  const roles = model.system('roles').table;
  const users = model.system('users').table;
  const userRoles = model.system('userRoles').table;
  const dictTypes = model.system('dictTypes').table;
  if (!(await one(tx, `SELECT ${q('id')} FROM ${q(roles)} WHERE ${q('id')} = ?`, [ADMIN_ROLE_ID]))) {
    await insert(tx, roles, { id: ADMIN_ROLE_ID, name: 'Administrator', label: 'admin', remark: 'Holds every permission', relevance: 1 });
  }
  if (!(await one(tx, `SELECT ${q('id')} FROM ${q(roles)} WHERE ${q('label')} = ?`, [MEMBER_ROLE_LABEL]))) {
    await insert(tx, roles, { name: 'Member', label: MEMBER_ROLE_LABEL, remark: 'Signed-up members', relevance: 0 });
  }
  const anyAdmin = await one(tx, `SELECT ${q('userId')} FROM ${q(userRoles)} WHERE ${q('roleId')} = ?`, [ADMIN_ROLE_ID]);
  const adminName = await one(tx, `SELECT ${q('id')} FROM ${q(users)} WHERE ${q('usernameKey')} = ?`, [usernameKey('admin')]);
  if (!anyAdmin && !adminName) {
    const password = adminPassword || generatePassword();
    const id = await insert(tx, users, {
      ...usernameColumns('admin'),
      nickName: 'Administrator',
      // The first invite code, so invited sign-ups can start (members get theirs on registration).
      inviteCode: generatePassword(8).toUpperCase(),
      name: 'Administrator',
      password: await hashPassword(password),
      passwordV: 1,
      status: 1,
      delete: 0,
    });
    await insert(tx, userRoles, { userId: id, roleId: ADMIN_ROLE_ID });
    result.createdAdmin = true;
    result.generatedAdminPassword = adminPassword ? null : password;
  }
  const dictCount = await one(tx, `SELECT COUNT(*) AS ${q('n')} FROM ${q(dictTypes)}`);
  if (Number(dictCount?.n ?? 0) === 0 && !done.has('dict:types')) {
    for (const d of DICT_TYPES) await insert(tx, dictTypes, d);
    await markSeeded(tx, done, 'dict:types');
  }
}

/**
 * Once: a root department (unless the installation has one already) holding the administrators
 * who are in no department, so department trees, and user lists filtered by them (cool-admin's
 * console), start with someone in them.
 */
async function seedRootDepartment(tx: Db, model: Model, done: Done): Promise<void> {
  if (done.has('department:root')) return;
  const q = tx.q.bind(tx);
  const departments = model.system('departments').table;
  const found = await one(tx, `SELECT ${q('id')} FROM ${q(departments)} WHERE ${q('parentId')} IS NULL ORDER BY ${q('orderNum')} ASC, ${q('id')} ASC LIMIT 1`);
  const rootId = found ? Number(found.id) : await insert(tx, departments, { name: 'COSMAC AI', parentId: null, orderNum: 0 });
  await tx.run(
    `UPDATE ${q(model.system('users').table)} SET ${q('departmentId')} = ?, ${q('updateTime')} = ? WHERE ${q('departmentId')} IS NULL ` +
      `AND ${q('id')} IN (SELECT ${q('userId')} FROM ${q(model.system('userRoles').table)} WHERE ${q('roleId')} = ?)`,
    [rootId, nowStored(), ADMIN_ROLE_ID],
  );
  await markSeeded(tx, done, 'department:root');
}

/** Gives the member role the keys of `keys` it was never given before, as one button menu. */
async function seedMemberPermissions(tx: Db, model: Model, done: Done, keys: string[]): Promise<void> {
  const q = tx.q.bind(tx);
  const menus = model.system('menus').table;
  const fresh = [...new Set(keys)].filter((k) => !done.has(`memberperm:${k}`));
  if (!fresh.length) return;
  const role = await one(tx, `SELECT ${q('id')} FROM ${q(model.system('roles').table)} WHERE ${q('label')} = ?`, [MEMBER_ROLE_LABEL]);
  if (!role) return;
  let dir = await one(tx, `SELECT ${q('id')} FROM ${q(menus)} WHERE ${q('type')} = 0 AND ${q('router')} = ?`, ['/member']);
  dir ??= {
    id: await insert(tx, menus, { parentId: null, name: 'Member calls', router: '/member', type: 0, icon: 'icon-user', orderNum: 99, keepAlive: 1, isShow: 0 }),
  };
  const menuId = await insert(tx, menus, {
    parentId: dir.id,
    name: `Member calls (${fresh.length})`,
    type: 2,
    perms: fresh.join(','),
    orderNum: 0,
    keepAlive: 1,
    isShow: 1,
  });
  await insert(tx, model.system('roleMenus').table, { roleId: role.id, menuId });
  for (const k of fresh) await markSeeded(tx, done, `memberperm:${k}`);
}

export async function seed(db: Db, model: Model, routes: RouteTable, adminPassword?: string): Promise<SeedResult> {
  // The member role's keys come from the declarations (access.members) and the calls marked member.
  const memberPermissions = routes.all.filter((r) => r.member && r.permission).map((r) => r.permission!);
  const result: SeedResult = { generatedAdminPassword: null, createdAdmin: false, addedMenus: 0 };
  const engine = db.dialect === 'mysql' ? ' ENGINE=InnoDB DEFAULT CHARSET=utf8mb4' : '';
  await db.run(`CREATE TABLE IF NOT EXISTS ${db.q(SEED_TABLE)} (${db.q('k')} VARCHAR(191) NOT NULL PRIMARY KEY)${engine}`);
  await db.transaction(async (tx) => {
    const done: Done = new Set((await tx.query<{ k: string }>(`SELECT ${tx.q('k')} FROM ${tx.q(SEED_TABLE)}`)).map((r) => r.k));
    await seedAccounts(tx, model, done, adminPassword, result);
    await seedRootDepartment(tx, model, done);
    await migrateMenuAreas(tx, done, model);
    await seedMenus(tx, done, model, routes, result);
    await flattenSingleFolders(tx, done, model);
    await seedMemberPermissions(tx, model, done, memberPermissions);
    await seedSystemTasks(tx, model, done);
    await seedParams(tx, model, done);
  });
  return result;
}
