/**
 * The console's menus, seeded from the declarations: four top folders by area (workspace, commerce,
 * AI, system; an entity's `area`), in each a folder per module whose entities all share that area
 * (`/goods`, `/dict`) and, for names one level deeper (`sys/user`), a folder of that level
 * (`/base/sys`); entities of a module spread over several areas sit directly in their area's folder.
 * Each entity's menu and each permission key's button are seeded once (remembered in
 * app_seed_state): what an administrator changed, moved or removed is never put back.
 *
 * Installations seeded before the areas existed had one folder per module (`/base` held everything
 * from users to messages). `migrateMenuAreas` moves, once, what is still where the old seeding put
 * it into the area folders; a menu or folder an administrator moved elsewhere stays where it is. A
 * role that held a moved menu gets the new area folder too, and the old module folder goes once
 * nothing is left in it.
 */
import type { Db } from './db/db';
import { MENU_AREAS, type MenuArea } from './entity/define';
import type { Entity, Model } from './entity/model';
import type { Route, RouteTable } from './http/route';
import { insert, markSeeded, one, type Done } from './seed-db';
import type { SeedResult } from './seed';

const AREAS_DONE = 'menus:areas';

interface Ctx {
  tx: Db;
  menus: string;
  q: (n: string) => string;
}

/** The id of the folder with this router, made (under `parentId`) when missing. */
async function folder(c: Ctx, router: string, name: string, parentId: number | null, orderNum: number, result?: SeedResult): Promise<number> {
  const found = await one(c.tx, `SELECT ${c.q('id')} FROM ${c.q(c.menus)} WHERE ${c.q('type')} = 0 AND ${c.q('router')} = ?`, [router]);
  if (found) return Number(found.id);
  if (result) result.addedMenus++;
  return insert(c.tx, c.menus, { parentId, name, router, type: 0, icon: 'icon-folder', orderNum, keepAlive: 1, isShow: 1 });
}

function areaFolder(c: Ctx, area: MenuArea, result?: SeedResult): Promise<number> {
  return folder(c, `/${area}`, area, null, MENU_AREAS.indexOf(area) + 1, result);
}

/** Modules whose entities all share one area: they keep a folder of their own inside it. */
function singleAreaModules(model: Model): Map<string, MenuArea> {
  const areas = new Map<string, Set<MenuArea>>();
  for (const e of model.entities) (areas.get(e.module) ?? areas.set(e.module, new Set()).get(e.module)!).add(e.area);
  const out = new Map<string, MenuArea>();
  for (const [mod, set] of areas) if (set.size === 1) out.set(mod, [...set][0]);
  return out;
}

/** The folder a new menu of `e` goes into, made when missing. */
async function parentOf(c: Ctx, e: Entity, single: Map<string, MenuArea>, result: SeedResult): Promise<number> {
  let parent = await areaFolder(c, e.area, result);
  const parts = e.key.split('/');
  if (single.has(e.module)) parent = await folder(c, `/${e.module}`, e.module, parent, 0, result);
  for (let i = 2; i < parts.length; i++) parent = await folder(c, `/${parts.slice(0, i).join('/')}`, parts[i - 1], parent, 0, result);
  return parent;
}

export async function seedMenus(tx: Db, done: Done, model: Model, routes: RouteTable, result: SeedResult): Promise<void> {
  const c: Ctx = { tx, menus: model.system('menus').table, q: tx.q.bind(tx) };
  const q = c.q;
  const groups = new Map<string, Route[]>();
  for (const r of routes.all) {
    if (r.guard !== 'permission' || !r.permission) continue;
    const key = `${r.module}/${r.group}`;
    if (!model.byKey.has(key)) continue;
    (groups.get(key) ?? groups.set(key, []).get(key)!).push(r);
  }
  const single = singleAreaModules(model);
  const keys = [...groups.keys()].sort();
  for (const key of keys) {
    const e = model.byKey.get(key)!;
    const menuKey = `menu:${key}`;
    let menuId: number | null = null;
    if (!done.has(menuKey)) {
      menuId = await insert(tx, c.menus, {
        parentId: await parentOf(c, e, single, result),
        name: e.label.en,
        router: `/${e.module}/${e.name}`,
        type: 1,
        icon: 'icon-list',
        orderNum: keys.filter((k) => k.startsWith(`${e.module}/`)).indexOf(key) + 1,
        viewPath: `crud:${key}`,
        keepAlive: 1,
        isShow: 1,
      });
      result.addedMenus++;
      await markSeeded(tx, done, menuKey);
    }
    for (const r of groups.get(key)!) {
      const permKey = `perm:${r.permission}`;
      if (done.has(permKey)) continue;
      if (menuId === null) {
        const m = await one(tx, `SELECT ${q('id')} FROM ${q(c.menus)} WHERE ${q('viewPath')} = ?`, [`crud:${key}`]);
        menuId = m ? Number(m.id) : null;
      }
      await insert(tx, c.menus, { parentId: menuId, name: r.summary.en, type: 2, perms: r.permission, orderNum: 0, keepAlive: 1, isShow: 1 });
      result.addedMenus++;
      await markSeeded(tx, done, permKey);
    }
  }
  if (!done.has(AREAS_DONE)) await markSeeded(tx, done, AREAS_DONE);
}

type MenuRow = { id: number; parentId: number | null };

async function row(c: Ctx, where: string, params: unknown[]): Promise<MenuRow | null> {
  const r = await one(c.tx, `SELECT ${c.q('id')}, ${c.q('parentId')} FROM ${c.q(c.menus)} WHERE ${where}`, params);
  return r ? { id: Number(r.id), parentId: r.parentId == null ? null : Number(r.parentId) } : null;
}

/** Moves `moved` under `parentId` and gives each role holding it the new folder as well. */
async function moveInto(c: Ctx, roleMenus: string, moved: number, parentId: number): Promise<void> {
  const q = c.q;
  await c.tx.run(`UPDATE ${q(c.menus)} SET ${q('parentId')} = ? WHERE ${q('id')} = ?`, [parentId, moved]);
  const roles = await c.tx.query<{ roleId: number }>(
    `SELECT DISTINCT ${q('roleId')} FROM ${q(roleMenus)} WHERE ${q('menuId')} = ? AND ${q('roleId')} NOT IN (SELECT ${q('roleId')} FROM ${q(roleMenus)} WHERE ${q('menuId')} = ?)`,
    [moved, parentId],
  );
  for (const r of roles) await insert(c.tx, roleMenus, { roleId: r.roleId, menuId: parentId });
}

/** Once, on an installation seeded with one folder per module: see the file's comment. */
export async function migrateMenuAreas(tx: Db, done: Done, model: Model): Promise<void> {
  if (done.has(AREAS_DONE) || ![...done].some((k) => k.startsWith('menu:'))) return;
  const c: Ctx = { tx, menus: model.system('menus').table, q: tx.q.bind(tx) };
  const q = c.q;
  const roleMenus = model.system('roleMenus').table;
  const single = singleAreaModules(model);
  const folderAt = (router: string) => row(c, `${q('type')} = 0 AND ${q('router')} = ?`, [router]);
  const oldFolders = new Map<string, number>();
  const moved = new Set<number>();
  for (const e of model.entities) {
    if (!done.has(`menu:${e.key}`)) continue;
    const modFolder = await folderAt(`/${e.module}`);
    if (!modFolder) continue;
    const area = await areaFolder(c, e.area);
    if (single.has(e.module)) {
      // The module's folder was a root: it moves into its area, whole.
      if (modFolder.parentId === null && !moved.has(modFolder.id)) {
        await moveInto(c, roleMenus, modFolder.id, area);
        moved.add(modFolder.id);
      }
      continue;
    }
    oldFolders.set(e.module, modFolder.id);
    const parts = e.key.split('/');
    // `base/sys/user`: its folder `/base/sys` moves when it is still in `/base`; `base/group`: the menu moves.
    const target = parts.length > 2 ? await folderAt(`/${parts.slice(0, 2).join('/')}`) : await row(c, `${q('type')} = 1 AND ${q('viewPath')} = ?`, [`crud:${e.key}`]);
    if (target && target.parentId === modFolder.id && !moved.has(target.id)) {
      await moveInto(c, roleMenus, target.id, area);
      moved.add(target.id);
    }
  }
  for (const id of oldFolders.values()) {
    const left = await one(tx, `SELECT COUNT(*) AS ${q('n')} FROM ${q(c.menus)} WHERE ${q('parentId')} = ?`, [id]);
    if (Number(left?.n ?? 0) > 0) continue;
    await tx.run(`DELETE FROM ${q(roleMenus)} WHERE ${q('menuId')} = ?`, [id]);
    await tx.run(`DELETE FROM ${q(c.menus)} WHERE ${q('id')} = ?`, [id]);
  }
  await markSeeded(tx, done, AREAS_DONE);
}
