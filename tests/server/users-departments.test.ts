/**
 * What every setting gains from the cool-admin compatibility work (issue 23), on every database
 * kind: an empty string in an optional field counts as empty; user page and list take
 * `departmentIds`; user rows carry `departmentName` and `roleName`; a root department holding the
 * administrator is seeded once, on new and on existing installations.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../helpers/app';
import { createTestDb, databaseKinds } from '../helpers/databases';

const kinds = await databaseKinds();

type Res = { status: number; body: { code: number; message: string; data: any } };

describe.each(kinds)('users and departments on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  const post = (path: string, body: unknown) =>
    t
      .http()
      .post(path)
      .set('Authorization', t.adminToken)
      .send(body as object) as unknown as Promise<Res>;
  const info = async (path: string, id: number) => (await t.http().get(`${path}?id=${id}`).set('Authorization', t.adminToken)).body.data;
  async function ok(res: Promise<Res>): Promise<any> {
    const r = await res;
    expect(r.body.code, JSON.stringify(r.body)).toBe(1000);
    return r.body.data;
  }
  async function badFields(res: Promise<Res>): Promise<string[]> {
    const r = await res;
    expect(r.status, JSON.stringify(r.body)).toBe(400);
    expect(r.body.code).toBe(1002);
    return r.body.data.map((e: { field: string }) => e.field);
  }

  it('takes an empty string in an optional field as empty', async () => {
    const { id } = await ok(
      post('/admin/base/sys/user/add', { username: `empty_${kind}`, email: '', phone: '', vipEndTime: '', type: '', followCount: '', tags: '' }),
    );
    // e-mail (a format), datetime, int and JSON: null; a column that takes no null: its default; text: ''.
    expect(await info('/admin/base/sys/user/info', id)).toMatchObject({ email: null, phone: '', vipEndTime: null, type: null, followCount: 0, tags: null });
    await ok(post('/admin/base/sys/user/update', { id, email: 'a@example.com', type: 2, followCount: 5 }));
    await ok(post('/admin/base/sys/user/update', { id, email: '', type: '', followCount: '', password: '' }));
    // Cleared where it may be; a column without null keeps its value, an empty password changes nothing.
    expect(await info('/admin/base/sys/user/info', id)).toMatchObject({ email: null, type: null, followCount: 5, passwordV: 1 });
    // A required field's '' is still refused, and a value of the wrong type still is.
    expect(await badFields(post('/admin/base/sys/user/add', { username: '' }))).toEqual(['username']);
    expect(await badFields(post('/admin/base/sys/user/update', { id, type: 'x', email: 'not-mail' }))).toEqual(expect.arrayContaining(['type', 'email']));
    // A boolean without null (menu isShow): not sent, so its default.
    const menu = await ok(post('/admin/base/sys/menu/add', { name: `Empty ${kind}`, type: 0, isShow: '', keepAlive: '' }));
    expect(await info('/admin/base/sys/menu/info', menu.id)).toMatchObject({ isShow: true, keepAlive: true });
  });

  it('refuses to delete a department that still holds users or sub-departments, and deletes it once empty', async () => {
    const departments = await ok(post('/admin/base/sys/department/list', {}));
    const root = departments.find((d: { parentId: number | null }) => d.parentId === null);
    const parent = (await ok(post('/admin/base/sys/department/add', { name: 'Doomed', parentId: root.id }))).id;
    const child = (await ok(post('/admin/base/sys/department/add', { name: 'Doomed child', parentId: parent }))).id;
    const user = (await ok(post('/admin/base/sys/user/add', { username: `doomed_${kind}`, departmentId: child }))).id;
    const refused = async (ids: number[]) => {
      const r = await post('/admin/base/sys/department/delete', { ids });
      expect(r.body.code, JSON.stringify(r.body)).toBe(1001);
      return r.body.message;
    };
    expect(await refused([child])).toMatch(/1 user/);
    expect(await refused([parent])).toMatch(/1 sub-department/);
    const left = (await ok(post('/admin/base/sys/department/list', {}))).map((d: { id: number }) => d.id);
    expect(left).toEqual(expect.arrayContaining([parent, child]));
    await ok(post('/admin/base/sys/user/move', { departmentId: root.id, userIds: [user] }));
    // A department deleted together with its sub-department: nothing is left pointing at either.
    await ok(post('/admin/base/sys/department/delete', { ids: [parent, child] }));
    const after = (await ok(post('/admin/base/sys/department/list', {}))).map((d: { id: number }) => d.id);
    expect(after).not.toContain(parent);
    expect(after).not.toContain(child);
  });

  it('filters users by a list of departments and names their department and roles', async () => {
    const departments = await ok(post('/admin/base/sys/department/list', {}));
    const root = departments.find((d: { parentId: number | null }) => d.parentId === null);
    const a = (await ok(post('/admin/base/sys/department/add', { name: 'A', parentId: root.id }))).id;
    const b = (await ok(post('/admin/base/sys/department/add', { name: 'B', parentId: root.id }))).id;
    const roles = await ok(post('/admin/base/sys/role/list', {}));
    const member = roles.find((r: { label: string }) => r.label === 'member').id;
    const inA = (await ok(post('/admin/base/sys/user/add', { username: `in_a_${kind}`, departmentId: a, roleIdList: [member, 1] }))).id;
    const inB = (await ok(post('/admin/base/sys/user/add', { username: `in_b_${kind}`, departmentId: b }))).id;
    const ids = async (body: object, action = 'page') => {
      const data = await ok(post(`/admin/base/sys/user/${action}`, body));
      return (action === 'page' ? data.list : data).map((u: { id: number }) => u.id).sort((x: number, y: number) => x - y);
    };
    expect(await ids({ departmentIds: [a, b] })).toEqual([inA, inB]);
    expect(await ids({ departmentIds: [String(b)] }, 'list')).toEqual([inB]);
    expect((await ids({ departmentIds: [] })).length).toBeGreaterThan(2);
    const row = (await ok(post('/admin/base/sys/user/page', { departmentIds: [a] }))).list[0];
    expect(row).toMatchObject({ departmentName: 'A', roleIdList: [1, member], roleName: 'Administrator,Member' });
    expect((await ok(post('/admin/base/sys/user/page', { departmentIds: [b] }))).list[0]).toMatchObject({ departmentName: 'B', roleName: null });
    for (const bad of [['x'], [0], 'a', { a: 1 }]) {
      const r = await post('/admin/base/sys/user/page', { departmentIds: bad });
      expect(r.status, JSON.stringify(bad)).toBe(400);
      expect(r.body.message).toContain('departmentIds');
    }
    expect((await post('/admin/base/sys/user/page', { departmentIds: [a], departmentId: a })).status).toBe(400);
    // Derived names are read-only: sent back on update they are ignored, as createTime is.
    await ok(post('/admin/base/sys/user/update', { id: inB, departmentName: 'X', roleName: 'Y', nickName: 'b' }));
    expect(await info('/admin/base/sys/user/info', inB)).toMatchObject({ departmentName: 'B', roleName: null, nickName: 'b' });
  });
});

describe.each(kinds)('the root department on %s', (kind) => {
  const q = (t: TestApp, n: string) => t.core.db.q(n);
  const adminDepartment = async (t: TestApp) =>
    (
      await t.core.db.query<{ departmentId: number | null }>(`SELECT ${q(t, 'departmentId')} FROM ${q(t, 'base_sys_user')} WHERE ${q(t, 'username')} = ?`, [
        'admin',
      ])
    )[0].departmentId;
  const departments = async (t: TestApp) =>
    t.core.db.query<{ id: number; name: string; parentId: number | null }>(
      `SELECT ${q(t, 'id')}, ${q(t, 'name')}, ${q(t, 'parentId')} FROM ${q(t, 'base_sys_department')} ORDER BY ${q(t, 'id')}`,
    );

  it('is seeded once, with the administrator in it, on a new and on an existing installation', async () => {
    const db = await createTestDb(kind);
    try {
      let t = await startApp(kind, {}, { db });
      const [root] = await departments(t);
      expect(root).toMatchObject({ name: 'COSMAC AI', parentId: null });
      expect(Number(await adminDepartment(t))).toBe(Number(root.id));
      // An installation from before: no department, no seed record, the administrator in none.
      await t.core.db.run(`DELETE FROM ${q(t, 'app_seed_state')} WHERE ${q(t, 'k')} = ?`, ['department:root']);
      await t.core.db.run(`UPDATE ${q(t, 'base_sys_user')} SET ${q(t, 'departmentId')} = NULL`);
      await t.core.db.run(`DELETE FROM ${q(t, 'base_sys_department')}`);
      await t.close();
      t = await startApp(kind, {}, { db });
      const [again] = await departments(t);
      expect(again).toMatchObject({ name: 'COSMAC AI', parentId: null });
      expect(Number(await adminDepartment(t))).toBe(Number(again.id));
      // Seeded once: an administrator's own tree stays as they left it.
      await t.core.db.run(`UPDATE ${q(t, 'base_sys_user')} SET ${q(t, 'departmentId')} = NULL`);
      await t.core.db.run(`DELETE FROM ${q(t, 'base_sys_department')}`);
      await t.close();
      t = await startApp(kind, {}, { db });
      expect(await departments(t)).toEqual([]);
      // One with departments of its own: the administrator joins its first top department.
      await t.core.db.run(`DELETE FROM ${q(t, 'app_seed_state')} WHERE ${q(t, 'k')} = ?`, ['department:root']);
      const own = (await ok(t, '/admin/base/sys/department/add', { name: 'Own', orderNum: 1 })).id;
      await t.close();
      t = await startApp(kind, {}, { db });
      expect((await departments(t)).map((d) => d.name)).toEqual(['Own']);
      expect(Number(await adminDepartment(t))).toBe(Number(own));
      await t.close();
    } finally {
      await db.drop();
    }
  });

  async function ok(t: TestApp, path: string, body: unknown): Promise<any> {
    const r = await t
      .http()
      .post(path)
      .set('Authorization', t.adminToken)
      .send(body as object);
    expect(r.body.code, JSON.stringify(r.body)).toBe(1000);
    return r.body.data;
  }
});
