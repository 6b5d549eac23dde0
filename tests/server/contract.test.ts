/**
 * The contract test: every entity, driven by its own declaration, through the generic actions it
 * exposes: add (or the operation layer when it has none) -> info -> page (keyword, equality, IN,
 * order asc and desc, page 2) -> list -> update -> delete -> restore, on every database; and for
 * every entity, a signed-in user without its keys refused (403), and a user holding every key of an
 * owned entity, with a data scope, seeing only their own rows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import type { Entity } from '../../server/core/entity/model';
import type { ActionName } from '../../server/core/entity/define';
import { loadModel } from '../../server/core/entity/load';
import { REDACTED } from '../../server/core/log/request-log';
import { startApp, type TestApp } from '../helpers/app';
import { databaseKinds } from '../helpers/databases';
import { changedValue, sampleRow, updatableField } from '../helpers/samples';

const kinds = await databaseKinds();
const model = await loadModel();
const exposed = model.entities.filter((e) => e.actions.length > 0);

type Res = { status: number; body: { code: number; message: string; data: any } };

describe.each(kinds)('generic actions of every entity on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function call(e: Entity, action: ActionName, payload: Record<string, unknown> | unknown[] = {}): Promise<Res> {
    const a = e.actionByName.get(action)!;
    const req =
      a.method === 'GET'
        ? t
            .http()
            .get(a.path)
            .query(payload as Record<string, string>)
        : t
            .http()
            .post(a.path)
            .send(payload as object);
    return (await req.set('Authorization', t.adminToken)) as unknown as Res;
  }

  function ok(res: Res): any {
    expect(res.body, JSON.stringify(res.body).slice(0, 500)).toMatchObject({ code: 1000 });
    expect(res.status).toBe(200);
    return res.body.data;
  }

  it.each(exposed.map((e) => [e.key, e] as const))('%s answers its generic actions', async (_key, e) => {
    const has = (a: ActionName) => e.actionByName.has(a);
    const tag = randomBytes(3).toString('hex');
    const rows = [0, 1, 2].map((n) => sampleRow(e, n, tag));

    // add, or rows written through the operation layer
    let ids: number[];
    if (has('add')) {
      const one = ok(await call(e, 'add', rows[0]));
      const two = ok(await call(e, 'add', rows.slice(1)));
      ids = [one.id, ...two.ids];
    } else {
      const admin = (await t.core.auth.state(1))!;
      ids = ((await t.core.ops.add(e, rows, admin)) as { ids: number[] }).ids;
    }
    expect(ids).toHaveLength(3);
    expect(new Set(ids).size).toBe(3);

    const readable = new Set(e.readable.map((f) => f.name));
    const expectRow = (got: Record<string, unknown>, sent: Record<string, unknown>) => {
      for (const [k, v] of Object.entries(sent)) {
        // A secret row's value is never read back, by design (sys/param `secret`; see low-holes.test.ts).
        if (!readable.has(k) || (got[k] === REDACTED && got.secret === true)) continue;
        expect(got[k], `${e.key}.${k}`).toEqual(v);
      }
    };

    if (has('info')) {
      const got = ok(await call(e, 'info', { id: ids[1] }));
      expect(got.id).toBe(ids[1]);
      expectRow(got, rows[1]);
      for (const f of e.fields) if (f.hidden) expect(got).not.toHaveProperty(f.name);
    }

    if (has('page')) {
      const all = ok(await call(e, 'page', { size: 1000 }));
      const pageIds = all.list.map((r: { id: number }) => r.id);
      for (const id of ids) expect(pageIds).toContain(id);
      expect(all.pagination.total).toBeGreaterThanOrEqual(3);

      const kw = e.search.keyword.find((k) => typeof rows[1][k] === 'string');
      if (kw) {
        const hit = ok(await call(e, 'page', { keyWord: rows[1][kw], size: 100 }));
        const hitIds = hit.list.map((r: { id: number }) => r.id);
        expect(hitIds).toContain(ids[1]);
        expect(hitIds).not.toContain(ids[0]);
      }

      const eq = e.search.equal.find((f) => f === 'id' || (rows[0][f] !== undefined && rows[0][f] !== rows[1][f] && e.byName.get(f)!.type !== 'json'));
      if (eq) {
        const v0 = eq === 'id' ? ids[0] : rows[0][eq];
        const v1 = eq === 'id' ? ids[1] : rows[1][eq];
        const single = ok(await call(e, 'page', { [eq]: v1, size: 1000 }));
        expect(single.list.map((r: { id: number }) => r.id)).toContain(ids[1]);
        for (const r of single.list) expect(r[eq]).toEqual(v1);
        const both = ok(await call(e, 'page', { [eq]: [v0, v1], size: 1000 }));
        const bothIds = both.list.map((r: { id: number }) => r.id);
        expect(bothIds).toEqual(expect.arrayContaining([ids[0], ids[1]]));
        for (const r of both.list) expect([v0, v1]).toContainEqual(r[eq]);
      }

      const asc = ok(await call(e, 'page', { order: 'id', sort: 'asc', size: 1000 })).list.map((r: { id: number }) => r.id);
      const desc = ok(await call(e, 'page', { order: 'id', sort: 'desc', size: 1000 })).list.map((r: { id: number }) => r.id);
      expect(asc).toEqual([...asc].sort((a, b) => a - b));
      // The request log (sys/log) is written while the test runs: rows added between the two calls come last.
      const seen = Math.max(0, ...asc);
      expect(desc.filter((id: number) => id <= seen)).toEqual([...asc].reverse());
      expect(desc).toEqual([...desc].sort((a: number, b: number) => b - a));

      const p1 = ok(await call(e, 'page', { order: 'id', sort: 'asc', page: 1, size: 1 }));
      const p2 = ok(await call(e, 'page', { order: 'id', sort: 'asc', page: 2, size: 1 }));
      expect(p2.pagination).toMatchObject({ page: 2, size: 1, total: p1.pagination.total });
      expect(p2.list).toHaveLength(1);
      expect(p2.list[0].id).toBe(asc[1]);
    }

    if (has('list')) {
      const list = ok(await call(e, 'list', {}));
      expect(Array.isArray(list)).toBe(true);
      const listIds = list.map((r: { id: number }) => r.id);
      for (const id of ids) expect(listIds).toContain(id);
    }

    if (has('update')) {
      const f = updatableField(e);
      expect(f, `${e.key} has a field to update`).toBeDefined();
      const value = changedValue(f!, tag);
      ok(await call(e, 'update', { id: ids[2], [f!.name]: value }));
      const after = has('info') ? ok(await call(e, 'info', { id: ids[2] })) : (await t.core.db.query(`SELECT * FROM \`${e.table}\` WHERE id = ?`, [ids[2]]))[0];
      expect(Number.isNaN(Number(value)) ? after[f!.name] : Number(after[f!.name])).toEqual(value);
    }

    if (has('delete')) {
      // A row of its own, numbered by the entity's place in the list: the sample rows of entities tested
      // before point at small ids (goods at a goods type), and a delete that would leave them pointing at
      // nothing is refused, as it should be.
      const victimRow = has('add') ? sampleRow(e, 3 + exposed.indexOf(e), tag) : rows[0];
      const victim = has('add') ? Number(ok(await call(e, 'add', victimRow)).id) : ids[0];
      ok(await call(e, 'delete', { ids: [victim] }));
      if (has('info')) {
        const gone = await call(e, 'info', { id: victim });
        expect(gone.status).toBe(404);
      }
      const visible = async () => {
        if (has('page')) return ok(await call(e, 'page', { size: 1000 })).list.map((r: { id: number }) => r.id);
        return ok(await call(e, 'list', {})).map((r: { id: number }) => r.id);
      };
      expect(await visible()).not.toContain(victim);
      const stored = await t.core.db.query(`SELECT id FROM \`${e.table}\` WHERE id = ?`, [victim]);
      expect(stored.length).toBe(e.softDelete ? 1 : 0);

      const bin = await t.http().post('/admin/recycle/data/page').set('Authorization', t.adminToken).send({ size: 50 });
      const record = ok(bin as unknown as Res).list.find(
        (r: any) => r.entityInfo.module === e.module && r.entityInfo.entity === e.name && r.data.some((d: { id: number }) => d.id === victim),
      );
      expect(record, `${e.key} recycle record`).toBeDefined();

      const restored = await t
        .http()
        .post('/admin/recycle/data/restore')
        .set('Authorization', t.adminToken)
        .send({ ids: [record.id] });
      ok(restored as unknown as Res);
      expect(await visible()).toContain(victim);
      if (has('info')) expectRow(ok(await call(e, 'info', { id: victim })), victimRow);
    }
  });

  describe('callers who are not administrators', () => {
    const tokens = { keyless: '', scoped: '' };
    let scopedId = 0;
    beforeAll(async () => {
      const admin = (path: string, body: object) => t.http().post(path).set('Authorization', t.adminToken).send(body);
      const keyless = await admin('/admin/base/sys/user/add', { username: `keyless_${kind}`, password: 'Keyless-123', nickName: 'K', roleIdList: [] });
      expect(keyless.body.code).toBe(1000);
      // A role holding every generic key of every entity, with a data scope of no department: its
      // holder reaches owned rows through the scope, that is their own rows only.
      const perms = exposed.flatMap((e) => e.actions.filter((a) => !a.public).map((a) => a.permission)).join(',');
      const menu = (await admin('/admin/base/sys/menu/add', { name: `All keys ${kind}`, type: 2, perms })).body.data.id;
      const role = (
        await admin('/admin/base/sys/role/add', { name: 'Scoped', label: `scoped_all_${kind}`, relevance: false, menuIdList: [menu], departmentIdList: [] })
      ).body.data.id;
      const scoped = await admin('/admin/base/sys/user/add', { username: `scoped_${kind}`, password: 'Scoped-123', nickName: 'S', roleIdList: [role] });
      scopedId = scoped.body.data.id;
      tokens.keyless = await t.login(`keyless_${kind}`, 'Keyless-123');
      tokens.scoped = await t.login(`scoped_${kind}`, 'Scoped-123');
    });

    it.each(exposed.map((e) => [e.key, e] as const))('%s refuses a signed-in user without its keys', async (_key, e) => {
      for (const a of e.actions.filter((x) => !x.public)) {
        const req =
          a.method === 'GET'
            ? t.http().get(a.path).query({ id: 1 })
            : t
                .http()
                .post(a.path)
                .send({ id: 1, ids: [1] });
        const res = await req.set('Authorization', tokens.keyless);
        expect(res.status, `${a.method} ${a.path}`).toBe(403);
      }
    });

    const owned = exposed.filter((e) => e.owner && (e.actionByName.has('page') || e.actionByName.has('list')));
    it.each(owned.map((e) => [e.key, e] as const))('%s shows a scoped user only their own rows', async (_key, e) => {
      const verdict = await e.access.read({
        user: { id: scopedId, username: 's', roleIds: [], departmentId: null, isAdmin: false, scope: [] },
        exists: async () => false,
      });
      // Entities whose rule names rows by itself (message, group) have their own tests.
      if (verdict !== true) return;
      const tag = randomBytes(3).toString('hex');
      const adminUser = (await t.core.auth.state(1))!;
      const theirs = (await t.core.ops.add(e, sampleRow(e, 10, tag), adminUser)) as { id: number };
      // Written in the scoped user's name (the owner comes from the caller), past any create rule.
      const mine = (await t.core.ops.add(e, sampleRow(e, 11, tag), { ...adminUser, id: scopedId, username: 'scoped' })) as { id: number };
      const a = e.actionByName.get('page') ?? e.actionByName.get('list')!;
      const body = a.method === 'GET' ? t.http().get(a.path).query({ size: 1000 }) : t.http().post(a.path).send({ size: 1000 });
      const res = await body.set('Authorization', tokens.scoped);
      expect(res.body.code, JSON.stringify(res.body).slice(0, 300)).toBe(1000);
      const ids = (a.name === 'page' ? res.body.data.list : res.body.data).map((r: { id: number }) => r.id);
      expect(ids).toContain(mine.id);
      expect(ids).not.toContain(theirs.id);
      expect(ids.length).toBe(1);
    });
  });
});
