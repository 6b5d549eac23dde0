/**
 * Password sign-in's throttle: attempts are counted before the password is checked, so a burst gets
 * no more checks than the limit; past it only the guessing address waits, longer each time; an
 * account guessed at from many addresses asks for a captcha. On both databases and both caches.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startApp, type TestApp } from '../helpers/app';
import { usernameKey } from '../../server/core/auth/username';
import { databaseKinds, REDIS_URL, redisUp } from '../helpers/databases';

// The test plays several addresses through X-Forwarded-For, as the proxy in front would send them.
vi.hoisted(() => {
  process.env.TRUST_PROXY = '1';
});

const kinds = await databaseKinds();
const caches: Array<'memory' | 'redis'> = (await redisUp()) ? ['memory', 'redis'] : ['memory'];
const LIMIT = 10;
const ACCOUNT_WIDE = 25;
const FIRST_DELAY = 60;

describe.each(kinds.flatMap((kind) => caches.map((cache) => [kind, cache] as const)))('login throttle on %s with the %s cache', (kind, cache) => {
  let t: TestApp;
  let seq = 0;
  beforeAll(async () => {
    t = await startApp(kind, {
      redisUrl: cache === 'redis' ? REDIS_URL : undefined,
      env: {
        ...process.env,
        LOGIN_MAX_FAILURES: String(LIMIT),
        LOGIN_MAX_FAILURES_PER_ACCOUNT: String(ACCOUNT_WIDE),
        LOGIN_MAX_FAILURES_PER_IP: '1000',
        LOGIN_FAILURE_DELAY: String(FIRST_DELAY),
      },
    });
    expect(t.core.cache.kind).toBe(cache);
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await t?.close();
  });

  async function member(): Promise<{ username: string; password: string }> {
    const username = `lt_${++seq}`;
    const password = `Pw${seq}-secret`;
    const res = await t.http().post('/admin/base/sys/user/add').set('Authorization', t.adminToken).send({ username, password, nickName: username });
    expect(res.body.code).toBe(1000);
    return { username, password };
  }
  const login = (ip: string, username: string, password: string, extra: Record<string, string> = {}) =>
    t
      .http()
      .post('/admin/base/open/login')
      .set('X-Forwarded-For', ip)
      .send({ username, password, ...extra });

  it('checks at most the limit of 150 concurrent guesses from one address, and refuses the right password after them', async () => {
    const u = await member();
    const checks = vi.spyOn(t.core.auth, 'login');
    const burst = await Promise.all([
      ...Array.from({ length: 150 }, () => login('10.1.0.1', u.username, 'wrong-password')),
      login('10.1.0.1', u.username, u.password),
    ]);
    const calls = checks.mock.calls.length;
    checks.mockRestore();
    const statuses = burst.map((r) => r.status);
    expect(calls).toBeLessThanOrEqual(LIMIT);
    expect(statuses.filter((s) => s === 400).length).toBe(LIMIT);
    expect(statuses.filter((s) => s === 429).length).toBe(151 - LIMIT);
    expect(burst[150].status).toBe(429);
    expect((await login('10.1.0.1', u.username, u.password)).status).toBe(429);
  });

  it('lets the owner sign in from another address right after an attacker failed more than the limit', async () => {
    const u = await member();
    for (let i = 0; i < LIMIT + 2; i++) expect((await login('10.2.0.1', u.username, `wrong-${i}`)).status).toBeGreaterThanOrEqual(400);
    expect((await login('10.2.0.1', u.username, u.password)).status).toBe(429);
    const owner = await login('10.2.0.2', u.username, u.password);
    expect(owner.status, JSON.stringify(owner.body)).toBe(200);
    expect(owner.body.data.token).toBeTruthy();
  });

  it('makes the guessing address wait longer after each attempt past the limit', async () => {
    const u = await member();
    for (let i = 0; i < LIMIT; i++) expect((await login('10.3.0.1', u.username, 'wrong-password')).status).toBe(400);
    const waits: number[] = [];
    for (let round = 0; round < 3; round++) {
      const refused = await login('10.3.0.1', u.username, 'wrong-password');
      expect(refused.status).toBe(429);
      expect(refused.body.code).toBe(1001);
      waits.push(Number(refused.headers['retry-after']));
      expect((await login('10.3.0.2', u.username, 'wrong-password')).status, 'another address is not kept waiting').toBe(400);
      // The delay is over (as if it had been waited out): one more guess goes through and sets the next, longer one.
      await t.core.cache.del(`rl:login:pair:${usernameKey(u.username)}:10.3.0.1:gate`);
      expect((await login('10.3.0.1', u.username, 'wrong-password')).status).toBe(400);
    }
    expect(waits[0]).toBe(FIRST_DELAY);
    expect(waits[1]).toBeGreaterThan(waits[0]);
    expect(waits[2]).toBeGreaterThan(waits[1]);
    expect(waits[2]).toBeLessThanOrEqual(4 * FIRST_DELAY);
  });

  it('asks for a captcha on an account guessed at from many addresses, and the owner signs in with one', async () => {
    const u = await member();
    for (let i = 0; i < ACCOUNT_WIDE; i++) expect((await login(`10.4.${i}.1`, u.username, 'wrong-password')).status).toBe(400);
    const bare = await login('10.4.200.1', u.username, u.password);
    expect(bare.status).toBe(400);
    expect(bare.body.message).toMatch(/verification code/);
    const { captchaId } = (await t.http().get('/admin/base/open/captcha')).body.data;
    const verifyCode = (await t.core.cache.get(`captcha:${captchaId}`)) as string;
    const owner = await login('10.4.200.1', u.username, u.password, { captchaId, verifyCode });
    expect(owner.status, JSON.stringify(owner.body)).toBe(200);
  });
});
