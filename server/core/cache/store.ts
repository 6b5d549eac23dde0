/**
 * The one cache store: captcha answers, token state, permission sets, page totals, rate limits.
 * Redis when REDIS_URL is set (shared by every instance), in-process otherwise.
 */
import type Redis from 'ioredis';
import { isRedisDown, ServiceDown } from '../ops/outage';

/** The longest a cache command may take before the request it serves gives up (503). */
const COMMAND_TIMEOUT_MS = 2000;

export interface CacheStore {
  readonly kind: 'memory' | 'redis';
  get(key: string): Promise<string | null>;
  /** Several keys in one round trip. */
  mget(keys: string[]): Promise<Array<string | null>>;
  set(key: string, value: string, ttlSeconds: number): Promise<void>;
  del(...keys: string[]): Promise<void>;
  /** Reads and removes in one step (a captcha answer is good once). */
  take(key: string): Promise<string | null>;
  /** Adds one and returns the new value; the key expires after ttlSeconds from its first increment. */
  incr(key: string, ttlSeconds: number): Promise<number>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export class MemoryStore implements CacheStore {
  readonly kind = 'memory' as const;
  private readonly map = new Map<string, { v: string; exp: number }>();
  private sweeps = 0;

  private live(key: string): { v: string; exp: number } | undefined {
    const e = this.map.get(key);
    if (e && e.exp <= Date.now()) {
      this.map.delete(key);
      return undefined;
    }
    return e;
  }

  private sweep(): void {
    if (++this.sweeps % 1000 !== 0) return;
    const now = Date.now();
    for (const [k, e] of this.map) if (e.exp <= now) this.map.delete(k);
  }

  async get(key: string): Promise<string | null> {
    return this.live(key)?.v ?? null;
  }

  async mget(keys: string[]): Promise<Array<string | null>> {
    return keys.map((k) => this.live(k)?.v ?? null);
  }

  async set(key: string, value: string, ttlSeconds: number): Promise<void> {
    this.sweep();
    this.map.set(key, { v: value, exp: Date.now() + ttlSeconds * 1000 });
  }

  async del(...keys: string[]): Promise<void> {
    for (const k of keys) this.map.delete(k);
  }

  async take(key: string): Promise<string | null> {
    const e = this.live(key);
    this.map.delete(key);
    return e?.v ?? null;
  }

  async incr(key: string, ttlSeconds: number): Promise<number> {
    const e = this.live(key);
    const n = (e ? Number(e.v) : 0) + 1;
    this.map.set(key, { v: String(n), exp: e?.exp ?? Date.now() + ttlSeconds * 1000 });
    return n;
  }

  async ping(): Promise<boolean> {
    return true;
  }

  async close(): Promise<void> {
    this.map.clear();
  }
}

/**
 * INCR, and the window's expiry when the key has none (a new window, or a key that lost its TTL).
 * One script instead of MULTI/INCR/EXPIRE/EXEC: a single command, so it joins the connection's
 * auto-pipeline with whatever else this turn of the event loop sends (a MULTI never does).
 */
const INCR_WINDOW = `
local n = redis.call('INCR', KEYS[1])
if redis.call('TTL', KEYS[1]) == -1 then redis.call('EXPIRE', KEYS[1], ARGV[1]) end
return n`;

type IncrRedis = Redis & { cosmacIncrWindow(key: string, ttlSeconds: number): Promise<number> };

export class RedisStore implements CacheStore {
  readonly kind = 'redis' as const;
  private readonly scripted: IncrRedis;

  constructor(readonly redis: Redis, readonly prefix = 'cosmac:') {
    this.scripted = redis as IncrRedis;
    if (typeof this.scripted.cosmacIncrWindow !== 'function') redis.defineCommand('cosmacIncrWindow', { numberOfKeys: 1, lua: INCR_WINDOW });
  }

  /** A command whose failure means Redis is away is reported as such (a 503, ops/outage.ts). */
  private async call<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (err) {
      throw isRedisDown(err) ? new ServiceDown('cache', err) : err;
    }
  }

  get(key: string): Promise<string | null> {
    return this.call(() => this.redis.get(this.prefix + key));
  }

  async mget(keys: string[]): Promise<Array<string | null>> {
    return keys.length ? this.call(() => this.redis.mget(...keys.map((k) => this.prefix + k))) : [];
  }

  async set(key: string, value: string, ttlSeconds: number): Promise<void> {
    await this.call(() => this.redis.set(this.prefix + key, value, 'EX', Math.max(1, Math.ceil(ttlSeconds))));
  }

  async del(...keys: string[]): Promise<void> {
    if (keys.length) await this.call(() => this.redis.del(...keys.map((k) => this.prefix + k)));
  }

  take(key: string): Promise<string | null> {
    return this.call(() => this.redis.getdel(this.prefix + key));
  }

  async incr(key: string, ttlSeconds: number): Promise<number> {
    return Number(await this.call(() => this.scripted.cosmacIncrWindow(this.prefix + key, Math.max(1, Math.ceil(ttlSeconds)))));
  }

  async ping(): Promise<boolean> {
    try {
      return (await this.redis.ping()) === 'PONG';
    } catch {
      return false;
    }
  }

  async close(): Promise<void> {
    this.redis.disconnect();
  }
}

export async function openCacheStore(url: string | undefined, prefix?: string): Promise<CacheStore> {
  if (!url) return new MemoryStore();
  // Loaded only when configured: the client costs memory and start-up time a single instance does not need.
  const { default: RedisClient } = await import('ioredis');
  // While Redis is away a command fails at once (no offline queue) or after COMMAND_TIMEOUT_MS, so a
  // request answers 503 instead of waiting; the client reconnects by itself, every 0.1-2 s.
  // Auto-pipelining: the commands issued in one turn of the event loop (the session checks of many
  // sends, their rate limits, the totals' upkeep) go out in one write. On a busy instance each write
  // to Redis is a system call and a wake-up of the Redis process; batching them took the chat
  // bench's Redis writes off the top of the profile.
  const redis = new RedisClient(url, {
    enableAutoPipelining: true,
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: COMMAND_TIMEOUT_MS,
    connectTimeout: 5000,
    retryStrategy: (times) => Math.min(100 * times, 2000),
  });
  // Connection errors are expected while Redis is away: requests report them, readiness says 'cache'.
  redis.on('error', () => undefined);
  await redis.connect();
  return new RedisStore(redis, prefix);
}
