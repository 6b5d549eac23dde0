/**
 * The console's menus, seeded from the declarations: four top folders by area (workspace, commerce,
 * AI, system; an entity's `area`), in each a folder per module whose entities all share that area
 * (`/goods`, `/dict`) and, for names one level deeper (`sys/user`), a folder of that level
 * (`/base/sys`); entities of a module spread over several areas sit directly in their area's folder.
 * Each entity's menu and each permission key's button are seeded once (remembered in
 * app_seed_state): what an administrator changed, moved or removed is never put back.
 *
 * A folder is made only for two menus or more: a module or level with a single screen puts it
 * straight into the folder above (`user/address` sits in Commerce, not in Commerce › user). Calls
 * that serve a top-level page (`menuPage`: the code helper) get a menu entry of their own, once.
 * `flattenSingleFolders` lifts, once, the single menu out of each folder that earlier seeding made
 * for it, when that folder still holds only it (an administrator's additions keep a folder).
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
import { insert, markSeeded, one, SEED_TABLE, type Done, type SeedResult } from './seed-db';

const AREAS_DONE = 'menus:areas';
const FLAT_DONE = 'menus:flat';

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

/** How many of the menu keys `keys` start with `prefix/`. */
const under = (keys: readonly string[], prefix: string) => keys.filter((k) => k.startsWith(`${prefix}/`)).length;

/** The folder a new menu of `e` goes into, made when missing; `keys` are every entity key with a menu. */
async function parentOf(c: Ctx, e: Entity, single: Map<string, MenuArea>, keys: readonly string[], result: SeedResult): Promise<number> {
  let parent = await areaFolder(c, e.area, result);
  const parts = e.key.split('/');
  if (single.has(e.module) && under(keys, e.module) > 1) parent = await folder(c, `/${e.module}`, e.module, parent, 0, result);
  for (let i = 2; i < parts.length; i++) {
    const prefix = parts.slice(0, i).join('/');
    if (under(keys, prefix) > 1) parent = await folder(c, `/${prefix}`, parts[i - 1], parent, 0, result);
  }
  return parent;
}

/** A menu entry for each top-level page a call serves (`menuPage`), once, in its area's folder. */
async function seedPageMenus(c: Ctx, done: Done, routes: RouteTable, result: SeedResult): Promise<void> {
  const pages = new Map(routes.all.filter((r) => r.menuPage).map((r) => [r.menuPage!.name, r.menuPage!]));
  for (const page of pages.values()) {
    const key = `menu:page:${page.name}`;
    if (done.has(key)) continue;
    const parentId = await areaFolder(c, page.area, result);
    await insert(c.tx, c.menus, {
      parentId,
      name: page.label.en,
      router: page.router,
      type: 1,
      icon: 'icon-code',
      orderNum: 99,
      viewPath: `page:${page.name}`,
      keepAlive: 1,
      isShow: 1,
    });
    result.addedMenus++;
    await markSeeded(c.tx, done, key);
  }
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
        parentId: await parentOf(c, e, single, keys, result),
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
  await seedPageMenus(c, done, routes, result);
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
    const target =
      parts.length > 2 ? await folderAt(`/${parts.slice(0, 2).join('/')}`) : await row(c, `${q('type')} = 1 AND ${q('viewPath')} = ?`, [`crud:${e.key}`]);
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

/** Once: see the file's comment. Folders the seeding made are `/<module>` and `/<module>/<level>`, named by their last part. */
export async function flattenSingleFolders(tx: Db, done: Done, model: Model): Promise<void> {
  if (done.has(FLAT_DONE)) return;
  const c: Ctx = { tx, menus: model.system('menus').table, q: tx.q.bind(tx) };
  const q = c.q;
  const roleMenus = model.system('roleMenus').table;
  const routers = new Map<string, string>();
  for (const e of model.entities) {
    const parts = e.key.split('/');
    for (let i = 1; i < parts.length; i++) routers.set(`/${parts.slice(0, i).join('/')}`, parts[i - 1]);
  }
  for (const [router, name] of routers) {
    const dir = await one(tx, `SELECT ${q('id')}, ${q('parentId')} FROM ${q(c.menus)} WHERE ${q('type')} = 0 AND ${q('router')} = ? AND ${q('name')} = ?`, [
      router,
      name,
    ]);
    if (!dir || dir.parentId == null) continue;
    const children = await tx.query<{ id: number; type: number }>(`SELECT ${q('id')}, ${q('type')} FROM ${q(c.menus)} WHERE ${q('parentId')} = ?`, [dir.id]);
    if (children.length !== 1 || Number(children[0].type) !== 1) continue;
    await moveInto(c, roleMenus, Number(children[0].id), Number(dir.parentId));
    await tx.run(`DELETE FROM ${q(roleMenus)} WHERE ${q('menuId')} = ?`, [dir.id]);
    await tx.run(`DELETE FROM ${q(c.menus)} WHERE ${q('id')} = ?`, [dir.id]);
  }
  await markSeeded(tx, done, FLAT_DONE);
}

/**
 * The menu entry of entity `key` and the buttons of `perms`, with the roles' links to them and their
 * seeding marks (a code helper creation rolled back): the same key made again is seeded afresh.
 */
export async function unseedEntity(db: Db, model: Model, key: string, perms: string[]): Promise<void> {
  const menus = model.system('menus').table;
  const roleMenus = model.system('roleMenus').table;
  await db.transaction(async (tx) => {
    const q = tx.q.bind(tx);
    const marks = (n: number) => Array.from({ length: n }, () => '?').join(', ');
    const ids = (
      await tx.query<{ id: number }>(
        `SELECT ${q('id')} FROM ${q(menus)} WHERE ${q('viewPath')} = ?${perms.length ? ` OR ${q('perms')} IN (${marks(perms.length)})` : ''}`,
        [`crud:${key}`, ...perms],
      )
    ).map((r) => Number(r.id));
    if (ids.length > 0) {
      await tx.run(`DELETE FROM ${q(roleMenus)} WHERE ${q('menuId')} IN (${marks(ids.length)})`, ids);
      await tx.run(`DELETE FROM ${q(menus)} WHERE ${q('id')} IN (${marks(ids.length)})`, ids);
    }
    const seeded = [`menu:${key}`, ...perms.map((p) => `perm:${p}`)];
    await tx.run(`DELETE FROM ${q(SEED_TABLE)} WHERE ${q('k')} IN (${marks(seeded.length)})`, seeded);
  });
}
