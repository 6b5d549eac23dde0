/**
 * The console's menus grouped by area (workspace, commerce, AI, system), on every database kind: a
 * new installation is seeded that way, and an installation seeded with one folder per module is
 * moved once, leaving what an administrator moved where it is, giving roles the new folders and
 * dropping the emptied module folder.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../helpers/app';
import { databaseKinds } from '../helpers/databases';

const kinds = await databaseKinds();

type Menu = { id: number; parentId: number | null; type: number; router: string | null; viewPath: string | null; name: string; orderNum: number };

describe.each(kinds)('menu areas on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  const q = (n: string) => t.core.db.q(n);
  const menus = async (): Promise<Menu[]> =>
    (
      await t.core.db.query<Menu>(`SELECT ${['id', 'parentId', 'type', 'router', 'viewPath', 'name', 'orderNum'].map(q).join(', ')} FROM ${q('base_sys_menu')}`)
    ).map((m) => ({
      ...m,
      id: Number(m.id),
      parentId: m.parentId == null ? null : Number(m.parentId),
      type: Number(m.type),
      orderNum: Number(m.orderNum),
    }));
  const folder = (all: Menu[], router: string) => all.find((m) => m.type === 0 && m.router === router);
  const menuOf = (all: Menu[], key: string) => all.find((m) => m.type === 1 && m.viewPath === `crud:${key}`)!;
  /** The routers of the folders above a menu, outermost first. */
  const path = (all: Menu[], m: Menu): string[] => {
    const out: string[] = [];
    for (let p = all.find((x) => x.id === m.parentId); p; p = all.find((x) => x.id === p!.parentId)) out.unshift(p.router ?? '?');
    return out;
  };

  it('seeds a new installation into the four area folders, in order', async () => {
    const all = await menus();
    const roots = all.filter((m) => m.type === 0 && m.parentId === null && ['/workspace', '/commerce', '/ai', '/system'].includes(m.router ?? ''));
    expect(roots.sort((a, b) => a.orderNum - b.orderNum).map((m) => m.router)).toEqual(['/workspace', '/commerce', '/ai', '/system']);
    expect(path(all, menuOf(all, 'base/group'))).toEqual(['/workspace']);
    expect(path(all, menuOf(all, 'base/message'))).toEqual(['/workspace']);
    expect(path(all, menuOf(all, 'base/coupon'))).toEqual(['/commerce']);
    expect(path(all, menuOf(all, 'goods/order'))).toEqual(['/commerce', '/goods']);
    expect(path(all, menuOf(all, 'base/app'))).toEqual(['/ai']);
    expect(path(all, menuOf(all, 'base/sys/user'))).toEqual(['/system', '/base/sys']);
    expect(path(all, menuOf(all, 'dict/info'))).toEqual(['/system', '/dict']);
    expect(folder(all, '/base')).toBeUndefined();
  });

  it('makes no folder for a single screen, and gives the code helper a menu entry of its own', async () => {
    const all = await menus();
    expect(path(all, menuOf(all, 'user/address'))).toEqual(['/commerce']);
    expect(path(all, menuOf(all, 'recycle/data'))).toEqual(['/system']);
    expect(folder(all, '/user')).toBeUndefined();
    for (const dir of all.filter((m) => m.type === 0 && m.router !== '/member')) {
      expect(all.filter((m) => m.parentId === dir.id && m.type !== 2).length, `folder ${dir.router}`).not.toBe(1);
    }
    const helper = all.filter((m) => m.type === 1 && m.viewPath === 'page:ai-code');
    expect(helper).toHaveLength(1);
    expect(helper[0].router).toBe('/helper/ai-code');
    expect(path(all, helper[0])).toEqual(['/ai']);
  });

  it('lifts, once, the single screen out of a folder the seeding made, and keeps a folder an administrator added to', async () => {
    const db = t.core.db;
    let all = await menus();
    const add = async (body: object) => {
      const res = await t.http().post('/admin/base/sys/menu/add').set('Authorization', t.adminToken).send(body);
      expect(res.body.code, JSON.stringify(res.body)).toBe(1000);
      return Number(res.body.data.id);
    };
    // The earlier layout: Commerce › user › Shipping address, System › recycle › Recycle bin + an administrator's page.
    const user = await add({ name: 'user', type: 0, router: '/user', parentId: folder(all, '/commerce')!.id });
    const recycle = await add({ name: 'recycle', type: 0, router: '/recycle', parentId: folder(all, '/system')!.id });
    await db.run(`UPDATE ${q('base_sys_menu')} SET ${q('parentId')} = ? WHERE ${q('id')} = ?`, [user, menuOf(all, 'user/address').id]);
    await db.run(`UPDATE ${q('base_sys_menu')} SET ${q('parentId')} = ? WHERE ${q('id')} = ?`, [recycle, menuOf(all, 'recycle/data').id]);
    await add({ name: 'Mine', type: 1, router: '/my-bin', viewPath: 'view:dashboard', parentId: recycle });
    const role = await t
      .http()
      .post('/admin/base/sys/role/add')
      .set('Authorization', t.adminToken)
      .send({ name: 'Address keeper', label: `addr_${kind}`, menuIdList: [user, menuOf(all, 'user/address').id] });
    expect(role.body.code, JSON.stringify(role.body)).toBe(1000);
    await db.run(`DELETE FROM ${q('app_seed_state')} WHERE ${q('k')} = ?`, ['menus:flat']);

    await t.core.reseed();
    all = await menus();
    expect(path(all, menuOf(all, 'user/address'))).toEqual(['/commerce']);
    expect(folder(all, '/user')).toBeUndefined();
    expect(path(all, menuOf(all, 'recycle/data'))).toEqual(['/system', '/recycle']);
    const links = await db.query<{ menuId: number }>(`SELECT ${q('menuId')} FROM ${q('base_sys_role_menu')} WHERE ${q('roleId')} = ?`, [role.body.data.id]);
    expect(links.map((l) => Number(l.menuId))).toContain(folder(all, '/commerce')!.id);

    // Once only: a folder made again later stays.
    const again = await add({ name: 'user', type: 0, router: '/user', parentId: folder(all, '/commerce')!.id });
    await db.run(`UPDATE ${q('base_sys_menu')} SET ${q('parentId')} = ? WHERE ${q('id')} = ?`, [again, menuOf(all, 'user/address').id]);
    await t.core.reseed();
    expect(path(await menus(), menuOf(await menus(), 'user/address'))).toEqual(['/commerce', '/user']);
  });

  it('moves an installation seeded per module once, keeping what an administrator moved', async () => {
    const db = t.core.db;
    let all = await menus();
    // Rebuild the old layout: /base holding base's menus and /base/sys, other module folders at the root.
    const made = await t
      .http()
      .post('/admin/base/sys/menu/add')
      .set('Authorization', t.adminToken)
      .send({ name: 'base', type: 0, router: '/base', orderNum: 1 });
    const base = Number(made.body.data.id);
    for (const m of all) {
      const top = path(all, m)[0];
      const isBaseMenu = m.type === 1 && m.viewPath?.startsWith('crud:base/') && !m.viewPath.startsWith('crud:base/sys/');
      if ((isBaseMenu || m.router === '/base/sys') && top !== undefined)
        await db.run(`UPDATE ${q('base_sys_menu')} SET ${q('parentId')} = ? WHERE ${q('id')} = ?`, [base, m.id]);
      else if (m.type === 0 && m.parentId !== null && ['/goods', '/dict'].includes(m.router ?? ''))
        await db.run(`UPDATE ${q('base_sys_menu')} SET ${q('parentId')} = NULL WHERE ${q('id')} = ?`, [m.id]);
    }
    for (const r of ['/workspace', '/commerce', '/ai', '/system'])
      await db.run(`DELETE FROM ${q('base_sys_menu')} WHERE ${q('router')} = ? AND ${q('type')} = 0`, [r]);
    await db.run(`DELETE FROM ${q('app_seed_state')} WHERE ${q('k')} = ?`, ['menus:areas']);
    // An administrator's own folder holding the friends screen; a role holding /base and the groups screen.
    const mine = await t.http().post('/admin/base/sys/menu/add').set('Authorization', t.adminToken).send({ name: 'Mine', type: 0, router: '/mine' });
    all = await menus();
    await db.run(`UPDATE ${q('base_sys_menu')} SET ${q('parentId')} = ? WHERE ${q('id')} = ?`, [mine.body.data.id, menuOf(all, 'base/friend').id]);
    const role = await t
      .http()
      .post('/admin/base/sys/role/add')
      .set('Authorization', t.adminToken)
      .send({ name: 'Group keeper', label: `keeper_${kind}`, menuIdList: [base, menuOf(all, 'base/group').id] });
    expect(role.body.code, JSON.stringify(role.body)).toBe(1000);

    await t.core.reseed();
    all = await menus();
    expect(path(all, menuOf(all, 'base/group'))).toEqual(['/workspace']);
    expect(path(all, menuOf(all, 'base/vip'))).toEqual(['/commerce']);
    expect(path(all, menuOf(all, 'base/sys/role'))).toEqual(['/system', '/base/sys']);
    expect(path(all, menuOf(all, 'goods/info'))).toEqual(['/commerce', '/goods']);
    expect(path(all, menuOf(all, 'dict/type'))).toEqual(['/system', '/dict']);
    expect(path(all, menuOf(all, 'base/friend'))).toEqual(['/mine']);
    expect(folder(all, '/base')).toBeUndefined();
    const links = await db.query<{ menuId: number }>(`SELECT ${q('menuId')} FROM ${q('base_sys_role_menu')} WHERE ${q('roleId')} = ?`, [role.body.data.id]);
    const linked = links.map((l) => Number(l.menuId));
    expect(linked).toContain(folder(all, '/workspace')!.id);
    expect(linked).not.toContain(base);

    // Once only: a later start moves nothing an administrator put back.
    await db.run(`UPDATE ${q('base_sys_menu')} SET ${q('parentId')} = NULL WHERE ${q('id')} = ?`, [menuOf(all, 'base/group').id]);
    const before = await menus();
    await t.core.reseed();
    expect(await menus()).toEqual(before);
  });
});
