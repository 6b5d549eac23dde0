/** Member-facing calls of base/sys/user and base/vip, the open test call and base data import. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../helpers/app';
import { databaseKinds } from '../helpers/databases';
import { memberRoleId } from '../../server/modules/system/member.service';

const kinds = await databaseKinds();

describe.each(kinds)('member calls on %s', (kind) => {
  let t: TestApp;
  let token = '';
  let memberId = 0;
  beforeAll(async () => {
    t = await startApp(kind);
    const role = await memberRoleId(t.core);
    const added = await t
      .http()
      .post('/admin/base/sys/user/add')
      .set('Authorization', t.adminToken)
      .send({ username: `m_${kind}`, password: 'Member-123', nickName: 'M', roleIdList: [role], runTimes: 12, efficiencyCoefficient: 1.5 });
    memberId = added.body.data.id;
    token = await t.login(`m_${kind}`, 'Member-123');
  });
  afterAll(async () => {
    await t?.close();
  });
  const post = (path: string, body: object, auth = token) => t.http().post(path).set('Authorization', auth).send(body);

  it('lists the VIP plans without a token, in their sort order', async () => {
    await post('/admin/base/vip/add', { name: 'Gold', sort: 2, amount: 9.9 }, t.adminToken);
    await post('/admin/base/vip/add', { name: 'Silver', sort: 1, amount: 4.9 }, t.adminToken);
    const res = await t.http().post('/admin/base/vip/all').send({});
    expect(res.body.data.map((v: { name: string }) => v.name)).toEqual(['Silver', 'Gold']);
  });

  it('lets a member publish goods before becoming a creator; the creator mark shows on the public profile only', async () => {
    // docs/decisions/creator-flag.md: isDeveloper gates nothing; every member may publish (000 §1).
    const published = await post('/admin/goods/info/add', { title: 'Before creator', price: 1, status: 1, isDisplay: 1, isFree: 0 });
    expect(published.body.code).toBe(1000);
    const before = (await t.http().post('/admin/base/sys/user/openDetail').send({ id: memberId })).body.data;
    expect(before.isDeveloper).toBe(0);
  });

  it('lets a member become a creator and read the time their runs saved', async () => {
    expect((await post('/admin/base/sys/user/becomeBlogger', {})).body.data).toEqual({ isDeveloper: 1 });
    const me = (await t.http().get('/admin/base/comm/person').set('Authorization', token)).body.data;
    expect(me.isDeveloper).toBe(1);
    const pub = (await t.http().post('/admin/base/sys/user/openDetail').send({ id: memberId })).body.data;
    expect(pub).toMatchObject({ id: memberId, isDeveloper: 1 });
    expect(pub.username).toBeUndefined();
    const saved = (await post('/admin/base/sys/user/savedTimeSummary', {})).body.data;
    // Summed over the member's succeeded runs (none here; tests/server/ai-runs.test.ts has runs), not runTimes.
    expect(saved).toEqual({ runs: 0, minutes: 0, byApp: [] });
  });

  it('keeps a member’s app settings, and updates only saved ones', async () => {
    expect((await post('/admin/base/sys/user/updateApp', { appId: 7, config: { temperature: 1 } })).status).toBe(404);
    const saved = await post('/admin/base/sys/user/saveApp', { appId: 7, config: { temperature: 0.2, model: 'x' } });
    expect(saved.body.data).toEqual({ 7: { temperature: 0.2, model: 'x' } });
    const updated = await post('/admin/base/sys/user/updateApp', { appId: 7, config: { temperature: 0.9 } });
    expect(updated.body.data).toEqual({ 7: { temperature: 0.9, model: 'x' } });
    expect((await post('/admin/base/sys/user/saveApp', { appId: 'x', config: [] })).body.code).toBe(1002);
    const row = (await t.http().get('/admin/base/sys/user/info').query({ id: memberId }).set('Authorization', t.adminToken)).body.data;
    expect(row.configPacks).toEqual({ 7: { temperature: 0.9, model: 'x' } });
  });

  it('bounds a member’s app settings: 32 KB of JSON per app, 50 apps, with 1002 and nothing written', async () => {
    const packs = async () =>
      (await t.http().get('/admin/base/sys/user/info').query({ id: memberId }).set('Authorization', t.adminToken)).body.data.configPacks ?? {};
    const refused = (res: { status: number; body: { code: number; data: unknown } }, field: string, rule: string) => {
      expect(res.status).toBe(400);
      expect(res.body.code).toBe(1002);
      expect(res.body.data).toEqual([expect.objectContaining({ field, rule })]);
    };
    const saved = (res: { text: string; body: { code: number } }) => expect(res.body.code, res.text.slice(0, 300)).toBe(1000);
    const big = { notes: 'x'.repeat(33 * 1024) };
    refused(await post('/admin/base/sys/user/saveApp', { appId: 100, config: big }), 'config', 'max_length');
    // Within the limit in characters, over it in bytes (three UTF-8 bytes a character).
    refused(await post('/admin/base/sys/user/saveApp', { appId: 100, config: { notes: '字'.repeat(11_000) } }), 'config', 'max_length');
    saved(await post('/admin/base/sys/user/saveApp', { appId: 100, config: { notes: 'x'.repeat(30 * 1024) } }));
    // updateApp merges into the saved config: the merge is bounded too.
    refused(await post('/admin/base/sys/user/updateApp', { appId: 100, config: { more: 'y'.repeat(4 * 1024) } }), 'config', 'max_length');
    expect(Object.keys((await packs())[100])).toEqual(['notes']);
    for (let appId = 101; Object.keys(await packs()).length < 50; appId++) saved(await post('/admin/base/sys/user/saveApp', { appId, config: { n: appId } }));
    const full = await packs();
    refused(await post('/admin/base/sys/user/saveApp', { appId: 999, config: { n: 1 } }), 'appId', 'app_settings_full');
    // A saved app is still replaced and updated.
    saved(await post('/admin/base/sys/user/saveApp', { appId: 101, config: { n: 'again' } }));
    saved(await post('/admin/base/sys/user/updateApp', { appId: 102, config: { m: 2 } }));
    expect(await packs()).toEqual({ ...full, 101: { n: 'again' }, 102: { n: 102, m: 2 } });
  });

  it('answers the open test call without changing anything, and imports base data for the administrator only', async () => {
    const before = await t.core.db.query('SELECT COUNT(*) AS n FROM `base_sys_menu`');
    expect((await t.http().post('/admin/base/open/testN').send({ n: 3 })).body.data).toMatchObject({ ok: true, n: 3 });
    expect((await t.http().get('/admin/base/open/importBaseData').set('Authorization', token)).status).toBe(403);
    expect((await t.http().get('/admin/base/open/importBaseData')).status).toBe(401);
    const imported = await t.http().get('/admin/base/open/importBaseData').set('Authorization', t.adminToken);
    expect(imported.body.data).toEqual({ addedMenus: 0 });
    expect(await t.core.db.query('SELECT COUNT(*) AS n FROM `base_sys_menu`')).toEqual(before);
  });
});
