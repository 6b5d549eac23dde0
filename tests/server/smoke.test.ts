import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../helpers/app';
import { databaseKinds } from '../helpers/databases';

const kinds = await databaseKinds();

describe.each(kinds)('health and sign-in on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers /health with the database up', async () => {
    const res = await t.http().get('/health');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'ok', db: true });
    // The server's clock, for the /test page.
    expect(Math.abs(Date.parse(res.body.data.time) - Date.now())).toBeLessThan(60_000);
  });

  it('signs the administrator in and answers person', async () => {
    const res = await t.http().get('/admin/base/comm/person').set('Authorization', t.adminToken);
    expect(res.body.data).toMatchObject({ username: 'admin', roleIdList: [1] });
    expect(res.body.data.password).toBeUndefined();
  });
});
