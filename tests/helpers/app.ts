/** Boots the real application in this process against a real database, and talks HTTP to it. */
import 'reflect-metadata';
import { close, createApp, createHttpRequest } from '@midwayjs/mock';
import type { Framework } from '@midwayjs/koa';
import { MainConfiguration, getStarted, setAppConfig } from '../../server/configuration';
import type { AppConfig, Core } from '../../server/core/core';
import { createTestDb, type TestDb } from './databases';

export const ADMIN_PASSWORD = 'Admin-Pass-123';

export interface TestApp {
  core: Core;
  db: TestDb;
  http(): ReturnType<typeof createHttpRequest>;
  /** Signs in through the real login route and returns the access token. */
  login(username: string, password: string): Promise<string>;
  adminToken: string;
  close(): Promise<void>;
}

export interface StartOptions {
  /** Boots on this database instead of a new one, and leaves it in place on close (a restart). */
  db?: TestDb;
}

export async function startApp(kind: 'sqlite' | 'mysql', config: Partial<AppConfig> = {}, opts: StartOptions = {}): Promise<TestApp> {
  const db = opts.db ?? (await createTestDb(kind));
  const drop = opts.db ? async () => undefined : () => db.drop();
  setAppConfig({ databaseUrl: db.url, adminPassword: ADMIN_PASSWORD, captcha: false, redisUrl: undefined, ...config });
  const app = await createApp<Framework>({
    baseDir: __dirname,
    imports: [{ Configuration: MainConfiguration }],
    moduleDetector: false,
    globalConfig: { koa: { port: 0 } },
  } as never);
  const core = getStarted().core;
  const http = () => createHttpRequest(app);
  const login = async (username: string, password: string) => {
    let captcha = {};
    if (core.config.captcha) {
      // The answer is read from the cache store, as a person reads it from the picture.
      const { captchaId } = (await http().get('/admin/base/open/captcha')).body.data;
      captcha = { captchaId, verifyCode: await core.cache.get(`captcha:${captchaId}`) };
    }
    const res = await http()
      .post('/admin/base/open/login')
      .send({ username, password, ...captcha });
    if (res.body.code !== 1000) throw new Error(`login of ${username} failed: ${JSON.stringify(res.body)}`);
    return res.body.data.token as string;
  };
  let adminToken: string;
  try {
    adminToken = await login('admin', ADMIN_PASSWORD);
  } catch (e) {
    await close(app);
    await drop();
    throw e;
  }
  return {
    core,
    db,
    http,
    login,
    adminToken,
    async close() {
      await close(app);
      await drop();
    },
  };
}
