/** The one cache store, in-process and on Redis: the same behaviour either way. */
import { afterAll, describe, expect, it } from 'vitest';
import { MemoryStore, openCacheStore, type CacheStore } from '../../server/core/cache/store';
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

  it('counts up and deletes', async () => {
    const s = await store();
    expect(await s.incr('n', 60)).toBe(1);
    expect(await s.incr('n', 60)).toBe(2);
    await s.del('n');
    expect(await s.get('n')).toBeNull();
    expect(await s.ping()).toBe(true);
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
    } finally {
      await a.del('k', 'auth:epoch');
      await a.close();
      await b.close();
    }
  });
});
