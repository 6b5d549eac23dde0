/**
 * The public site info tells the sign-in page which OAuth providers this server has credentials for,
 * so the page offers only those (issue 35).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../helpers/app';
import { databaseKinds } from '../helpers/databases';

const kinds = await databaseKinds();

describe.each(kinds)('sign-in providers in the site info on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    const env: Record<string, string | undefined> = { ...process.env, GOOGLE_CLIENT_ID: 'google-client', GOOGLE_CLIENT_SECRET: 'google-secret' };
    delete env.DISCORD_CLIENT_ID;
    delete env.DISCORD_CLIENT_SECRET;
    t = await startApp(kind, { env });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('names only the configured providers to an anonymous visitor', async () => {
    const res = await t.http().post('/admin/base/site/info').send({});
    expect(res.status).toBe(200);
    expect(res.body.data.oauthProviders).toEqual(['google']);
  });

  it('names them to the administrator too', async () => {
    const res = await t.http().post('/admin/base/site/info').set('Authorization', t.adminToken).send({});
    expect(res.body.data.oauthProviders).toEqual(['google']);
  });
});
