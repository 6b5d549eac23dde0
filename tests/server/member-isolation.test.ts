/**
 * The holes of the security review, reproduced as an attacker would on every database kind:
 * members reading and forging messages, taking over groups, reaching other people's uploads, and
 * deletes that half-succeed or count twice.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import { startApp, type TestApp } from '../helpers/app';
import { databaseKinds } from '../helpers/databases';
import { memberRoleId } from '../../server/modules/system/member.service';

const kinds = await databaseKinds();

describe.each(kinds)('member data isolation on %s', (kind) => {
  let t: TestApp;
  const tok: Record<'a' | 'b', string> = { a: '', b: '' };
  const id: Record<'a' | 'b' | 'admin', number> = { a: 0, b: 0, admin: 1 };
  const as = (who: 'a' | 'b' | 'admin', path: string, body: object = {}) =>
    t
      .http()
      .post(path)
      .set('Authorization', who === 'admin' ? t.adminToken : tok[who])
      .send(body);
  const info = (who: 'a' | 'b' | 'admin', path: string, rowId: number) =>
    t
      .http()
      .get(path)
      .query({ id: rowId })
      .set('Authorization', who === 'admin' ? t.adminToken : tok[who]);
  const upload = (who: 'a' | 'b', name: string) =>
    t
      .http()
      .post('/admin/base/comm/upload')
      .set('Authorization', tok[who])
      .attach('files', Buffer.from(`content of ${name}`), name);

  beforeAll(async () => {
    const root = resolve(process.env.DATA_DIR!, `uploads-iso-${kind}-${randomBytes(3).toString('hex')}`);
    t = await startApp(kind, { env: { ...process.env, STORAGE_ROOT: root } });
    const role = await memberRoleId(t.core);
    for (const who of ['a', 'b'] as const) {
      const added = await as('admin', '/admin/base/sys/user/add', { username: `iso_${who}`, password: 'Member-123', nickName: who, roleIdList: [role] });
      expect(added.body.code).toBe(1000);
      id[who] = added.body.data.id;
      tok[who] = await t.login(`iso_${who}`, 'Member-123');
    }
    const [admin] = await t.core.db.query<{ id: number }>('SELECT `id` FROM `base_sys_user` WHERE `username` = ?', ['admin']);
    id.admin = Number(admin.id);
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('messages', () => {
    let toAdminFromB = 0;
    let toBFromAdmin = 0;
    beforeAll(async () => {
      toAdminFromB = (await as('b', '/admin/base/message/add', { toId: id.admin, toType: 0, content: { text: 'b to admin' } })).body.data.id;
      toBFromAdmin = (await as('admin', '/admin/base/message/add', { toId: id.b, toType: 0, content: { text: 'admin to b' } })).body.data.id;
    });

    it("refuses to list another member's messages to the administrator", async () => {
      const mine = (await as('a', '/admin/base/message/add', { toId: id.admin, toType: 0, content: { text: 'a to admin' } })).body.data.id;
      const page = await as('a', '/admin/base/message/page', { toId: id.admin });
      expect(page.body.code).toBe(1000);
      const ids = page.body.data.list.map((m: { id: number }) => m.id);
      expect(ids).toEqual([mine]);
      expect(page.body.data.pagination.total).toBe(1);
      const list = await as('a', '/admin/base/message/list', {});
      expect(list.body.data.map((m: { id: number }) => m.id)).not.toContain(toAdminFromB);
    });

    it("answers 404 for another member's private message, and lets its sender and receiver read it", async () => {
      expect((await info('a', '/admin/base/message/info', toBFromAdmin)).status).toBe(404);
      expect((await info('a', '/admin/base/message/info', toAdminFromB)).status).toBe(404);
      expect((await info('b', '/admin/base/message/info', toBFromAdmin)).body.data.content).toEqual({ text: 'admin to b' });
      expect((await info('b', '/admin/base/message/info', toAdminFromB)).body.code).toBe(1000);
    });

    it('stores the caller as the sender whatever fromId the body claims', async () => {
      const res = await as('a', '/admin/base/message/add', { toId: id.b, toType: 0, fromId: id.admin, content: { text: 'forged?' } });
      expect(res.body.code).toBe(1000);
      const row = (await info('admin', '/admin/base/message/info', res.body.data.id)).body.data;
      expect(row.fromId).toBe(id.a);
    });

    it("refuses to change or delete someone else's message, and to post into a group the caller is not in", async () => {
      // Members hold no message update or delete key (403); were it given, the sender rule answers 404.
      expect([403, 404]).toContain((await as('a', '/admin/base/message/update', { id: toAdminFromB, content: { text: 'changed' } })).status);
      expect([403, 404]).toContain((await as('a', '/admin/base/message/delete', { ids: [toBFromAdmin] })).status);
      const group = (await as('b', '/admin/base/group/add', { name: 'B only' })).body.data.id;
      expect((await as('a', '/admin/base/message/add', { toId: group, toType: 1, content: { text: 'in?' } })).status).toBe(403);
      expect((await info('admin', '/admin/base/message/info', toAdminFromB)).body.data.content).toEqual({ text: 'b to admin' });
    });

    it("shows a group's messages to its members only", async () => {
      // The creator is the group's owner member from the start (issue 15): adding themselves again is 409.
      const group = (await as('a', '/admin/base/group/add', { name: 'A and B' })).body.data.id;
      expect((await as('a', '/admin/base/groupMember/add', { groupId: group, userId: id.a })).status).toBe(409);
      const said = (await as('a', '/admin/base/message/add', { toId: group, toType: 1, content: { text: 'hello group' } })).body.data.id;
      expect((await info('b', '/admin/base/message/info', said)).status).toBe(404);
      const groupPage = async () => (await as('b', '/admin/base/message/page', { toType: 1, toId: group })).body.data;
      expect((await groupPage()).pagination.total).toBe(0);
      expect((await as('a', '/admin/base/groupMember/add', { groupId: group, userId: id.b })).body.code).toBe(1000);
      expect((await info('b', '/admin/base/message/info', said)).body.data.content).toEqual({ text: 'hello group' });
      // Joining changed what B may read, though no message was written: the cached total follows.
      const after = await groupPage();
      expect(after.list.map((m: { id: number }) => m.id)).toEqual([said]);
      expect(after.pagination.total).toBe(1);
    });
  });

  describe('groups', () => {
    let bGroup = 0;
    let bRow = 0;
    beforeAll(async () => {
      bGroup = (await as('b', '/admin/base/group/add', { name: 'B private', type: 0 })).body.data.id;
      // B's own (owner) member row, made by group/add.
      bRow = (await as('b', '/admin/base/groupMember/list', { groupId: bGroup })).body.data[0].id;
    });

    it("refuses to make the caller owner through someone else's member row", async () => {
      expect((await as('a', '/admin/base/groupMember/update', { id: bRow, isOwner: 1 })).status).toBe(404);
      const row = (await info('admin', '/admin/base/groupMember/info', bRow)).body.data;
      expect(row).toMatchObject({ userId: id.b, isOwner: 1 });
    });

    it("refuses to join someone else's private group as its owner", async () => {
      const res = await as('a', '/admin/base/groupMember/add', { groupId: bGroup, userId: id.a, isOwner: 1 });
      expect(res.status).toBe(403);
      const [n] = await t.core.db.query<{ n: number }>('SELECT COUNT(*) AS `n` FROM `base_group_member` WHERE `groupId` = ? AND `userId` = ?', [bGroup, id.a]);
      expect(Number(n.n)).toBe(0);
    });

    it("keeps ownership out of a member's hands, even the group creator's", async () => {
      const added = await as('b', '/admin/base/groupMember/add', { groupId: bGroup, userId: id.a, isOwner: 1 });
      expect(added.body.code).toBe(1000);
      expect((await info('admin', '/admin/base/groupMember/info', added.body.data.id)).body.data.isOwner).toBe(0);
      // A cannot move their row into another group either: groupId is fixed when the row is made.
      const aGroup = (await as('a', '/admin/base/group/add', { name: 'A private' })).body.data.id;
      expect((await as('a', '/admin/base/groupMember/update', { id: added.body.data.id, groupId: aGroup })).body.code).toBe(1000);
      expect((await info('admin', '/admin/base/groupMember/info', added.body.data.id)).body.data.groupId).toBe(bGroup);
      // A leaves B's group again.
      expect((await as('a', '/admin/base/groupMember/delete', { ids: [added.body.data.id] })).body.code).toBe(1000);
      expect((await as('b', '/admin/base/groupMember/update', { id: added.body.data.id, groupId: bGroup })).status).toBe(404);
    });

    it("hides another member's group and its members, and refuses to rename it", async () => {
      expect((await info('a', '/admin/base/group/info', bGroup)).status).toBe(404);
      expect((await as('a', '/admin/base/group/update', { id: bGroup, name: 'taken' })).status).toBe(404);
      const rows = (await as('a', '/admin/base/groupMember/page', { groupId: bGroup })).body.data.list;
      expect(rows.filter((r: { userId: number }) => r.userId === id.b)).toEqual([]);
    });
  });

  describe('uploads', () => {
    let aFile: { id: number; url: string; key: string };
    beforeAll(async () => {
      const res = await upload('a', 'a-secret.txt');
      expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 1000 });
      aFile = res.body.data[0];
      await upload('b', 'b-own.txt');
    });

    it("lists only the caller's own files", async () => {
      const res = await as('b', '/admin/space/info/page', {});
      expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 1000 });
      const page = res.body.data;
      expect(page.list.map((f: { name: string }) => f.name)).toEqual(['b-own.txt']);
      expect(page.pagination.total).toBe(1);
      expect((await info('b', '/admin/space/info/info', aFile.id)).status).toBe(404);
      expect((await as('admin', '/admin/space/info/page', {})).body.data.pagination.total).toBeGreaterThanOrEqual(2);
    });

    it("refuses to rename or delete someone else's file", async () => {
      expect((await as('b', '/admin/space/info/update', { id: aFile.id, name: 'mine now' })).status).toBe(404);
      expect((await as('b', '/admin/space/info/delete', { ids: [aFile.id] })).status).toBe(404);
      expect((await info('admin', '/admin/space/info/info', aFile.id)).body.data.name).toBe('a-secret.txt');
    });

    it('never lets a member repoint a file, even their own', async () => {
      const res = await as('a', '/admin/space/info/update', { id: aFile.id, name: 'renamed.txt', url: '/upload/elsewhere', key: 'elsewhere' });
      expect(res.body.code).toBe(1000);
      const row = (await info('a', '/admin/space/info/info', aFile.id)).body.data;
      expect(row).toMatchObject({ name: 'renamed.txt', url: aFile.url, key: aFile.key, userId: id.a });
    });
  });

  describe('deletes', () => {
    const goods = async (n: number) => {
      const ids: number[] = [];
      for (let i = 0; i < n; i++) ids.push((await as('admin', '/admin/demo/goods/add', { title: `del ${i}`, price: 1, stock: 1 })).body.data.id);
      return ids;
    };
    const live = async (ids: number[]) =>
      (await t.core.db.query<{ id: number }>(`SELECT \`id\` FROM \`demo_goods\` WHERE \`id\` IN (${ids.map(() => '?').join(', ')})`, ids)).map((r) =>
        Number(r.id),
      );
    const records = async (rowId: number) =>
      (await t.core.db.query<{ data: string }>('SELECT `data` FROM `recycle_data` WHERE `entityInfo` LIKE ?', ['%"table":"demo_goods"%'])).filter((r) =>
        (JSON.parse(r.data) as Array<{ id: number }>).some((x) => x.id === rowId),
      ).length;

    it('deletes nothing and names the missing ids when one of them does not exist', async () => {
      const [x] = await goods(1);
      const res = await as('admin', '/admin/demo/goods/delete', { ids: [x, 999999] });
      expect(res.status).toBe(404);
      expect(res.body.message).toContain('999999');
      expect(res.body.data).toEqual({ missing: [999999] });
      expect(await live([x])).toEqual([x]);
      expect(await records(x)).toBe(0);
    });

    it('counts and records a row once when ten deletes of it race', async () => {
      const [x] = await goods(1);
      const answers = await Promise.all(Array.from({ length: 10 }, () => as('admin', '/admin/demo/goods/delete', { ids: [x] })));
      const won = answers.filter((r) => r.body.code === 1000);
      expect(won.map((r) => r.body.data)).toEqual([{ count: 1 }]);
      expect(answers.filter((r) => r.body.code !== 1000).every((r) => r.status === 404)).toBe(true);
      expect(await live([x])).toEqual([]);
      expect(await records(x)).toBe(1);
    });

    it('soft-deletes a row once when deletes of it race', async () => {
      const desk = (await as('a', '/admin/base/desktop/add', { name: 'race' })).body.data.id;
      const answers = await Promise.all(Array.from({ length: 10 }, () => as('a', '/admin/base/desktop/delete', { ids: [desk] })));
      expect(answers.filter((r) => r.body.code === 1000).map((r) => r.body.data)).toEqual([{ count: 1 }]);
      const [n] = await t.core.db.query<{ n: number }>('SELECT COUNT(*) AS `n` FROM `recycle_data` WHERE `data` LIKE ?', [`%"id":${desk},%`]);
      expect(Number(n.n)).toBe(1);
    });
  });
});
