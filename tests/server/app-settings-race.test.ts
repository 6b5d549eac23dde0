/**
 * A member's app settings (sys/user saveApp, updateApp) under concurrent calls, on every database
 * kind: the check of the 50-app bound and the write are one step, so concurrent saves neither pass
 * the bound together nor overwrite each other's settings.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../helpers/app';
import { databaseKinds } from '../helpers/databases';
import { MAX_SAVED_APPS } from '../../server/modules/accounts/member-profile.routes';
import { caller, member, type Person } from './friends-world';

const kinds = await databaseKinds();

describe.each(kinds)('app settings saved concurrently on %s', (kind) => {
  let t: TestApp;
  let api: ReturnType<typeof caller>;

  const packs = async (who: Person) =>
    ((await t.http().get('/admin/base/sys/user/info').query({ id: who.id }).set('Authorization', t.adminToken)).body.data.configPacks ?? {}) as Record<
      string,
      unknown
    >;
  const save = (who: Person, appId: number) => api.post('/admin/base/sys/user/saveApp', { appId, config: { n: appId } }, who.token);

  beforeAll(async () => {
    t = await startApp(kind);
    api = caller(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lets one of 10 concurrent saves of new apps in at 49 saved, refusing the others with 1002', async () => {
    const m = await member(t);
    for (let appId = 1; appId < MAX_SAVED_APPS; appId++) expect((await save(m, appId)).body.code).toBe(1000);
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => save(m, 1000 + i)));
    const accepted = answers.filter((r) => r.body.code === 1000);
    expect(accepted, JSON.stringify(answers.map((r) => r.body.code))).toHaveLength(1);
    for (const r of answers.filter((a) => a.body.code !== 1000)) {
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ code: 1002, data: [expect.objectContaining({ field: 'appId', rule: 'app_settings_full' })] });
    }
    const stored = await packs(m);
    expect(Object.keys(stored)).toHaveLength(MAX_SAVED_APPS);
    expect(stored).toEqual(accepted[0].body.data);
  });

  it('keeps every one of 10 concurrent saves and updates of different apps', async () => {
    const m = await member(t);
    expect((await save(m, 1)).body.code).toBe(1000);
    const answers = await Promise.all([
      ...Array.from({ length: 9 }, (_, i) => save(m, 2 + i)),
      api.post('/admin/base/sys/user/updateApp', { appId: 1, config: { m: 1 } }, m.token),
    ]);
    expect(answers.map((r) => r.body.code)).toEqual(Array(10).fill(1000));
    const stored = await packs(m);
    expect(stored).toEqual({ 1: { n: 1, m: 1 }, ...Object.fromEntries(Array.from({ length: 9 }, (_, i) => [2 + i, { n: 2 + i }])) });
  });
});
