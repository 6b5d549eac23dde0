/**
 * The captcha of the sign-in, on every database kind: required when switched on, spent by an
 * attempt, accepted once and in any case.
 */
import 'reflect-metadata';
import { join } from 'node:path';
import { close, createApp, createHttpRequest } from '@midwayjs/mock';
import type { Framework } from '@midwayjs/koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MainConfiguration, getStarted, setAppConfig } from '../../server/configuration';
import type { AppConfig, Core } from '../../server/core/core';
import { ADMIN_PASSWORD } from '../helpers/app';
import { createTestDb, databaseKinds } from '../helpers/databases';
import { expectRefused, type Res } from './access-world';

const kinds = await databaseKinds();

/**
 * Boots the app like startApp, but without signing the administrator in: startApp's own login sends
 * no captcha, so with the captcha on it cannot start.
 */
async function startCaptchaApp(kind: 'sqlite' | 'mysql', config: Partial<AppConfig>) {
  const db = await createTestDb(kind);
  setAppConfig({ databaseUrl: db.url, adminPassword: ADMIN_PASSWORD, captcha: false, redisUrl: undefined, ...config });
  const app = await createApp<Framework>({
    baseDir: join(__dirname, '../helpers'),
    imports: [{ Configuration: MainConfiguration }],
    moduleDetector: false,
    globalConfig: { koa: { port: 0 } },
  } as never);
  const core: Core = getStarted().core;
  return {
    core,
    http: () => createHttpRequest(app),
    async close() {
      await close(app);
      await db.drop();
    },
  };
}

describe.each(kinds)('captcha on %s', (kind) => {
  let t: Awaited<ReturnType<typeof startCaptchaApp>>;
  beforeAll(async () => {
    t = await startCaptchaApp(kind, { captcha: true });
  });
  afterAll(async () => {
    await t?.close();
  });

  const login = (body: Record<string, unknown>) => t.http().post('/admin/base/open/login').send(body) as unknown as Promise<Res>;
  async function newCaptcha(): Promise<{ captchaId: string; answer: string }> {
    const res = (await t.http().get('/admin/base/open/captcha')) as unknown as Res;
    expect(res.status).toBe(200);
    const { captchaId, data, required } = res.body.data;
    expect(typeof captchaId).toBe('string');
    expect(required).toBe(true);
    expect(data).toMatch(/^data:image\/svg\+xml;base64,/);
    const answer = await t.core.cache.get(`captcha:${captchaId}`);
    expect(answer).toMatch(/^\S{4}$/);
    return { captchaId, answer: answer! };
  }
  const wrong = (answer: string) =>
    answer
      .split('')
      .map((c) => (c === 'a' ? 'b' : 'a'))
      .join('');

  it('refuses a sign-in without a captcha with 400', async () => {
    const res = await login({ username: 'admin', password: ADMIN_PASSWORD });
    expectRefused(res, 400);
    const { captchaId } = await newCaptcha();
    expectRefused(await login({ username: 'admin', password: ADMIN_PASSWORD, captchaId }), 400);
  });

  it('refuses a wrong answer, and the captcha is spent by the attempt', async () => {
    const c = await newCaptcha();
    expectRefused(await login({ username: 'admin', password: ADMIN_PASSWORD, captchaId: c.captchaId, verifyCode: wrong(c.answer) }), 400);
    expectRefused(await login({ username: 'admin', password: ADMIN_PASSWORD, captchaId: c.captchaId, verifyCode: c.answer }), 400);
    expectRefused(await login({ username: 'admin', password: ADMIN_PASSWORD, captchaId: 'no-such-captcha', verifyCode: 'abcd' }), 400);
  });

  it('accepts the right answer once', async () => {
    const c = await newCaptcha();
    const ok = await login({ username: 'admin', password: ADMIN_PASSWORD, captchaId: c.captchaId, verifyCode: c.answer.toUpperCase() });
    expect(ok.status).toBe(200);
    expect(ok.body.code).toBe(1000);
    const person = (await t.http().get('/admin/base/comm/person').set('Authorization', ok.body.data.token)) as unknown as Res;
    expect(person.body.data.username).toBe('admin');

    expectRefused(await login({ username: 'admin', password: ADMIN_PASSWORD, captchaId: c.captchaId, verifyCode: c.answer }), 400);
    expect(await t.core.cache.get(`captcha:${c.captchaId}`)).toBeNull();
  });
});
