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
    (await t.core.db.query<Menu>(`SELECT ${['id', 'parentId', 'type', 'router', 'viewPath', 'name', 'orderNum'].map(q).join(', ')} FROM ${q('base_sys_menu')}`)).map((m) => ({
      ...m, id: Number(m.id), parentId: m.parentId == null ? null : Number(m.parentId), type: Number(m.type), orderNum: Number(m.orderNum),
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

  it('moves an installation seeded per module once, keeping what an administrator moved', async () => {
    const db = t.core.db;
    let all = await menus();
    // Rebuild the old layout: /base holding base's menus and /base/sys, other module folders at the root.
    const made = await t.http().post('/admin/base/sys/menu/add').set('Authorization', t.adminToken).send({ name: 'base', type: 0, router: '/base', orderNum: 1 });
    const base = Number(made.body.data.id);
    for (const m of all) {
      const top = path(all, m)[0];
      const isBaseMenu = m.type === 1 && m.viewPath?.startsWith('crud:base/') && !m.viewPath.startsWith('crud:base/sys/');
      if ((isBaseMenu || m.router === '/base/sys') && top !== undefined) await db.run(`UPDATE ${q('base_sys_menu')} SET ${q('parentId')} = ? WHERE ${q('id')} = ?`, [base, m.id]);
      else if (m.type === 0 && m.parentId !== null && ['/goods', '/dict'].includes(m.router ?? '')) await db.run(`UPDATE ${q('base_sys_menu')} SET ${q('parentId')} = NULL WHERE ${q('id')} = ?`, [m.id]);
    }
    for (const r of ['/workspace', '/commerce', '/ai', '/system']) await db.run(`DELETE FROM ${q('base_sys_menu')} WHERE ${q('router')} = ? AND ${q('type')} = 0`, [r]);
    await db.run(`DELETE FROM ${q('app_seed_state')} WHERE ${q('k')} = ?`, ['menus:areas']);
    // An administrator's own folder holding the friends screen; a role holding /base and the groups screen.
    const mine = await t.http().post('/admin/base/sys/menu/add').set('Authorization', t.adminToken).send({ name: 'Mine', type: 0, router: '/mine' });
    all = await menus();
    await db.run(`UPDATE ${q('base_sys_menu')} SET ${q('parentId')} = ? WHERE ${q('id')} = ?`, [mine.body.data.id, menuOf(all, 'base/friend').id]);
    const role = await t.http().post('/admin/base/sys/role/add').set('Authorization', t.adminToken)
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
