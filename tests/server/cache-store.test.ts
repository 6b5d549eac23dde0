/** The one cache store, in-process and on Redis: the same behaviour either way. */
import { afterAll, describe, expect, it } from 'vitest';
import { MemoryStore, openCacheStore, RedisStore, type CacheStore } from '../../server/core/cache/store';
import { REDIS_URL, redisUp, uniqueName } from '../helpers/databases';

const stores: Array<[string, () => Promise<CacheStore>]> = [['memory', async () => new MemoryStore()]];
if (await redisUp()) stores.push(['redis', () => openCacheStore(REDIS_URL, `${uniqueName('test')}:`)]);

describe.each(stores)('cache store (%s)', (_name, open) => {
  const opened: CacheStore[] = [];
  const store = async () => {
    const s = await open();
    opened.push(s);
    return s;
  };
  afterAll(async () => {
    for (const s of opened) await s.close();
  });

  it('keeps a value until its time runs out', async () => {
    const s = await store();
    await s.set('a', 'one', 1);
    expect(await s.get('a')).toBe('one');
    await new Promise((r) => setTimeout(r, 1100));
    expect(await s.get('a')).toBeNull();
  });

  it('hands a taken value out once only', async () => {
    const s = await store();
    await s.set('captcha:x', 'abcd', 60);
    expect(await s.take('captcha:x')).toBe('abcd');
    expect(await s.take('captcha:x')).toBeNull();
  });

  it("lets a throttle's limit through at once, then one attempt per doubling delay, and takes back a count", async () => {
    const s = await store();
    const t = { max: 3, windowSeconds: 60, baseDelayMs: 30_000, maxDelayMs: 600_000 };
    const first = await Promise.all(Array.from({ length: 20 }, () => s.throttle('th', t)));
    expect(first.filter((w) => w === 0)).toHaveLength(3);
    expect(Math.max(...first)).toBeLessThanOrEqual(30_000);
    expect(Math.min(...first.filter((w) => w > 0))).toBeGreaterThan(25_000);
    await s.del('th:gate');
    expect(await s.throttle('th', t)).toBe(0);
    expect(await s.throttle('th', t)).toBeGreaterThan(30_000);
    await s.forget('th');
    expect(await s.throttle('th', t)).toBe(0);
    await s.decr('th');
    expect(await s.get('th')).toBeNull();
    await s.decr('th');
    expect(await s.incr('th', 60)).toBe(1);
  });

  it('counts up and deletes', async () => {
    const s = await store();
    expect(await s.incr('n', 60)).toBe(1);
    expect(await s.incr('n', 60)).toBe(2);
    await s.del('n');
    expect(await s.get('n')).toBeNull();
    expect(await s.ping()).toBe(true);
  });

  it('counts in a window that starts with the first count and is not stretched by later ones', async () => {
    const s = await store();
    expect(await s.incr('w', 1)).toBe(1);
    await new Promise((r) => setTimeout(r, 600));
    expect(await s.incr('w', 1)).toBe(2);
    await new Promise((r) => setTimeout(r, 600));
    // 1.2 s after the first count its window has ended, though the second came 0.6 s ago.
    expect(await s.incr('w', 1)).toBe(1);
  });
});

describe('cache store shared by two instances', () => {
  it('lets a second instance read what the first wrote (Redis)', async (ctx) => {
    if (stores.length < 2) ctx.skip();
    const prefix = `${uniqueName('shared')}:`;
    const a = await openCacheStore(REDIS_URL, prefix);
    const b = await openCacheStore(REDIS_URL, prefix);
    try {
      await a.set('k', 'v', 30);
      expect(await b.get('k')).toBe('v');
      await b.incr('auth:epoch', 30);
      expect(await a.get('auth:epoch')).toBe('1');
      // Counts that a burst of one turn sends (auto-pipelined together) are each counted once.
      expect((await Promise.all([a.incr('burst', 30), a.incr('burst', 30), b.incr('burst', 30)])).sort()).toEqual([1, 2, 3]);
      // A counter that lost its expiry (written by hand, say) gets its window again at the next count.
      await (a as RedisStore).redis.set(`${prefix}stuck`, '5');
      expect(await a.incr('stuck', 30)).toBe(6);
      expect(await (a as RedisStore).redis.ttl(`${prefix}stuck`)).toBeGreaterThan(0);
    } finally {
      await a.del('k', 'auth:epoch', 'burst', 'stuck');
      await a.close();
      await b.close();
    }
  });
});
