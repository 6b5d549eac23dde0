/**
 * The file space's categories (space/type) on every database kind: a member sees the
 * administrators' shared categories and their own, adds, renames and deletes only their own (the
 * owner from the token), and files into either, never into another member's.
 */
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../helpers/app';
import { databaseKinds } from '../helpers/databases';
import { ok, person, post, type Person } from '../helpers/group-members';

const kinds = await databaseKinds();

describe.each(kinds)('file categories on %s', (kind) => {
  let t: TestApp;
  let a: Person;
  let b: Person;
  let shared: number;
  let legacy: number;

  const names = async (who: Person) => (ok(await post(t, who, '/admin/space/type/list', {})) as Array<{ name: string }>).map((r) => r.name).sort();

  beforeAll(async () => {
    t = await startApp(kind, {
      env: { ...process.env, STORAGE_ROOT: resolve(process.env.DATA_DIR!, `uploads-categories-${kind}-${randomBytes(3).toString('hex')}`) },
    });
    [a, b] = [await person(t, 'cat_a'), await person(t, 'cat_b')];
    shared = ok(await post(t, t.adminToken, '/admin/space/type/add', { name: 'Shared docs' })).id;
    // A category from before categories had an owner is shared too.
    legacy = Number(
      (
        await t.core.db.run(
          `INSERT INTO ${t.core.db.q('space_type')} (${['name', 'createTime', 'updateTime'].map((c) => t.core.db.q(c)).join(', ')}) VALUES (?, ?, ?)`,
          ['Old shared', new Date().toISOString().slice(0, 19).replace('T', ' '), new Date().toISOString().slice(0, 19).replace('T', ' ')],
        )
      ).insertId,
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lets a member add a category of their own, whatever owner they send', async () => {
    const id = ok(await post(t, a, '/admin/space/type/add', { name: 'A photos', userId: b.id })).id;
    const row = ok(await post(t, t.adminToken, '/admin/space/type/list', { keyWord: 'A photos' }))[0];
    expect(row).toMatchObject({ id, userId: a.id });
  });

  it("shows a member the shared categories and their own, not another member's", async () => {
    ok(await post(t, b, '/admin/space/type/add', { name: 'B notes' }));
    expect(await names(a)).toEqual(['A photos', 'Old shared', 'Shared docs']);
    expect(await names(b)).toEqual(['B notes', 'Old shared', 'Shared docs']);
    const page = ok(await post(t, b, '/admin/space/type/page', { page: 1, size: 20 }));
    expect(page.pagination.total).toBe(3);
    const mine = ok(await post(t, a, '/admin/space/type/list', { keyWord: 'A photos' }))[0];
    const other = await t.http().get('/admin/space/type/info').query({ id: mine.id }).set('Authorization', b.token);
    expect(other.body.code).not.toBe(1000);
    expect(JSON.stringify(other.body)).not.toContain('A photos');
  });

  it("lets a member rename and delete their own category, and neither a shared one nor another member's", async () => {
    const id = ok(await post(t, a, '/admin/space/type/add', { name: 'A drafts' })).id;
    ok(await post(t, a, '/admin/space/type/update', { id, name: 'A final' }));
    for (const target of [shared, legacy, id]) {
      const rename = await post(t, b, '/admin/space/type/update', { id: target, name: 'taken over' });
      expect(rename.body.code, `rename of ${target}`).not.toBe(1000);
      const remove = await post(t, b, '/admin/space/type/delete', { ids: [target] });
      expect(remove.body.code, `delete of ${target}`).not.toBe(1000);
    }
    const refused = await post(t, a, '/admin/space/type/update', { id: shared, name: 'mine now' });
    expect(refused.body.code).not.toBe(1000);
    expect(await names(a)).toEqual(['A final', 'A photos', 'Old shared', 'Shared docs']);
    ok(await post(t, a, '/admin/space/type/delete', { ids: [id] }));
    expect(await names(a)).toEqual(['A photos', 'Old shared', 'Shared docs']);
  });

  it('lets the administrator rename any category', async () => {
    const bNotes = ok(await post(t, t.adminToken, '/admin/space/type/list', { keyWord: 'B notes' }))[0];
    ok(await post(t, t.adminToken, '/admin/space/type/update', { id: bNotes.id, name: 'B notes' }));
  });

  it("files into a shared category or the member's own, never another member's", async () => {
    const own = ok(await post(t, a, '/admin/space/type/list', { keyWord: 'A photos' }))[0].id;
    const bNotes = ok(await post(t, t.adminToken, '/admin/space/type/list', { keyWord: 'B notes' }))[0].id;
    const upload = (classifyId: number) =>
      t
        .http()
        .post('/admin/base/comm/upload')
        .set('Authorization', a.token)
        .field('classifyId', String(classifyId))
        .attach('files', Buffer.from('hello'), { filename: 'x.txt', contentType: 'text/plain' });
    for (const id of [shared, legacy, own]) expect((await upload(id)).body.code).toBe(1000);
    const foreign = await upload(bNotes);
    expect(foreign.status).toBe(403);
    const mine = (ok(await post(t, a, '/admin/space/info/list', { classifyId: own })) as Array<{ id: number }>)[0].id;
    const moved = await post(t, a, '/admin/space/info/update', { id: mine, classifyId: bNotes });
    expect(moved.status).toBe(403);
    const files = ok(await post(t, a, '/admin/space/info/list', {})) as Array<{ classifyId: number }>;
    expect(files.map((f) => f.classifyId).sort()).toEqual([shared, legacy, own].sort());
  });

  it("refuses a member's category under another member's", async () => {
    const bNotes = ok(await post(t, t.adminToken, '/admin/space/type/list', { keyWord: 'B notes' }))[0].id;
    expect((await post(t, a, '/admin/space/type/add', { name: 'nested', parentId: bNotes })).status).toBe(403);
    ok(await post(t, a, '/admin/space/type/add', { name: 'nested', parentId: shared }));
  });
});
