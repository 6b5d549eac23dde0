/**
 * Data permission by department, applied by the core to every entity with an owner or department
 * field: a member, a department manager and the administrator each see exactly what their roles allow.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../helpers/app';
import { databaseKinds } from '../helpers/databases';

const kinds = await databaseKinds();

describe.each(kinds)('data scope by department on %s', (kind) => {
  let t: TestApp;
  const dept: Record<string, number> = {};
  const users: Record<string, { id: number; token: string }> = {};
  const desk: Record<string, number> = {};
  let managerRole = 0;

  const admin = (path: string, body: object) => t.http().post(path).set('Authorization', t.adminToken).send(body);
  const as = (who: string, path: string, body: object) => t.http().post(path).set('Authorization', users[who].token).send(body);

  beforeAll(async () => {
    t = await startApp(kind);
    // root -> child -> grandchild, and an unrelated department
    dept.root = (await admin('/admin/base/sys/department/add', { name: 'Root' })).body.data.id;
    dept.child = (await admin('/admin/base/sys/department/add', { name: 'Child', parentId: dept.root })).body.data.id;
    dept.grand = (await admin('/admin/base/sys/department/add', { name: 'Grandchild', parentId: dept.child })).body.data.id;
    dept.other = (await admin('/admin/base/sys/department/add', { name: 'Other' })).body.data.id;

    const perms = 'base:desktop:page,base:desktop:info,base:desktop:update,base:desktop:delete,base:desktop:add,base:sys:user:page,base:sys:user:update';
    const menu = (await admin('/admin/base/sys/menu/add', { name: 'Scope test', type: 2, perms })).body.data.id;
    managerRole = (
      await admin('/admin/base/sys/role/add', { name: 'Manager', label: `manager_${kind}`, relevance: true, menuIdList: [menu], departmentIdList: [dept.root] })
    ).body.data.id;
    const memberRole = (
      await admin('/admin/base/sys/role/add', { name: 'Scoped member', label: `scoped_${kind}`, relevance: false, menuIdList: [menu], departmentIdList: [] })
    ).body.data.id;

    const people: Array<[string, number, number]> = [
      ['manager', dept.root, managerRole],
      ['child', dept.child, memberRole],
      ['grand', dept.grand, memberRole],
      ['outsider', dept.other, memberRole],
    ];
    for (const [name, d, role] of people) {
      const username = `${name}_${kind}`;
      const added = await admin('/admin/base/sys/user/add', { username, password: 'Secret-123', nickName: name, departmentId: d, roleIdList: [role] });
      expect(added.body.code, JSON.stringify(added.body)).toBe(1000);
      const token = (await t.http().post('/admin/base/open/login').send({ username, password: 'Secret-123' })).body.data.token;
      users[name] = { id: added.body.data.id, token };
      desk[name] = (await as(name, '/admin/base/desktop/add', { name: `${name}'s desktop` })).body.data.id;
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  const desktops = async (who: string) =>
    ((await as(who, '/admin/base/desktop/page', { size: 100 })).body.data.list as Array<{ id: number }>).map((r) => r.id).sort();

  it('fills the owner from the token and keeps a member to their own rows', async () => {
    expect(await desktops('child')).toEqual([desk.child]);
    expect((await t.http().get('/admin/base/desktop/info').query({ id: desk.grand }).set('Authorization', users.child.token)).status).toBe(404);
    expect((await as('child', '/admin/base/desktop/update', { id: desk.grand, name: 'taken over' })).status).toBe(404);
    expect((await as('child', '/admin/base/desktop/delete', { ids: [desk.grand] })).status).toBe(404);
    const row = (await t.http().get('/admin/base/desktop/info').query({ id: desk.grand }).set('Authorization', t.adminToken)).body.data;
    expect(row.name).toBe("grand's desktop");
    expect(row.userId).toBe(users.grand.id);
  });

  it('lets a manager see the rows of their department tree when relevance is on', async () => {
    expect(await desktops('manager')).toEqual([desk.manager, desk.child, desk.grand].sort());
    const seen = ((await as('manager', '/admin/base/sys/user/page', { size: 100 })).body.data.list as Array<{ id: number }>).map((r) => r.id).sort();
    expect(seen).toEqual([users.manager.id, users.child.id, users.grand.id].sort());
    expect((await as('manager', '/admin/base/desktop/update', { id: desk.grand, name: 'managed' })).body.code).toBe(1000);
    expect((await as('manager', '/admin/base/desktop/update', { id: desk.outsider, name: 'managed' })).status).toBe(404);
    expect((await as('manager', '/admin/base/sys/user/update', { id: users.outsider.id, departmentId: dept.root })).status).toBe(404);
    expect((await as('manager', '/admin/base/sys/user/update', { id: users.child.id, departmentId: dept.other })).status).toBe(403);
  });

  it('narrows the manager to the named department at once when relevance is turned off', async () => {
    expect((await admin('/admin/base/sys/role/update', { id: managerRole, relevance: false })).body.code).toBe(1000);
    expect(await desktops('manager')).toEqual([desk.manager]);
    expect((await admin('/admin/base/sys/role/update', { id: managerRole, departmentIdList: [dept.root, dept.child] })).body.code).toBe(1000);
    expect(await desktops('manager')).toEqual([desk.manager, desk.child].sort());
    await admin('/admin/base/sys/role/update', { id: managerRole, relevance: true, departmentIdList: [dept.root] });
  });

  it('shows the administrator every row, with totals kept apart per scope', async () => {
    const all = (await admin('/admin/base/desktop/page', { size: 100 })).body.data;
    expect(all.list.map((r: { id: number }) => r.id)).toEqual(expect.arrayContaining(Object.values(desk)));
    expect(all.pagination.total).toBe(4);
    expect((await as('child', '/admin/base/desktop/page', {})).body.data.pagination.total).toBe(1);
    expect((await as('manager', '/admin/base/desktop/page', {})).body.data.pagination.total).toBe(3);
  });
});
