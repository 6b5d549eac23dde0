/**
 * The one cache store: captcha answers, token state, permission sets, page totals, rate limits.
 * Redis when REDIS_URL is set (shared by every instance), in-process otherwise.
 */
import type Redis from 'ioredis';
import { isRedisDown, ServiceDown } from '../outage';

/** The longest a cache command may take before the request it serves gives up (503). */
const COMMAND_TIMEOUT_MS = 2000;

export interface CacheStore {
  readonly kind: 'memory' | 'redis';
  get(key: string): Promise<string | null>;
  /**
   * The value now, without waiting: only a store in this process has it (Redis does not define
   * this). Lets the per-request token check skip a promise per lookup.
   */
  peek?(key: string): string | null;
  /** Several keys in one round trip. */
  mget(keys: string[]): Promise<Array<string | null>>;
  set(key: string, value: string, ttlSeconds: number): Promise<void>;
  del(...keys: string[]): Promise<void>;
  /** Reads and removes in one step (a captcha answer is good once). */
  take(key: string): Promise<string | null>;
  /** Adds one and returns the new value; the key expires after ttlSeconds from its first increment. */
  incr(key: string, ttlSeconds: number): Promise<number>;
  /** Takes back one increment (an attempt that turned out not to count); never below zero. */
  decr(key: string): Promise<void>;
  /**
   * Counts one attempt against `max` per window, atomically, and says whether it may go ahead:
   * 0 when it may, else the milliseconds to wait. Past `max` one attempt goes ahead per delay,
   * the delay starting at `baseDelayMs` and doubling with each one let through (at most
   * `maxDelayMs`); the count lives on while a delay runs. `forget(key)` ends it all.
   */
  throttle(key: string, t: Throttle): Promise<number>;
  /** Ends a throttle's count and delay. */
  forget(key: string): Promise<void>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export interface Throttle {
  max: number;
  windowSeconds: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

/** The delay after the `past`-th attempt beyond the limit (1 for the first). */
function throttleDelay(t: Throttle, past: number): number {
  return Math.min(t.maxDelayMs, t.baseDelayMs * 2 ** Math.min(past - 1, 40));
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

  peek(key: string): string | null {
    return this.live(key)?.v ?? null;
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

  async decr(key: string): Promise<void> {
    const e = this.live(key);
    if (!e) return;
    if (Number(e.v) <= 1) this.map.delete(key);
    else e.v = String(Number(e.v) - 1);
  }

  // No await between the reads and the writes: one attempt's step is whole before another's starts.
  async throttle(key: string, t: Throttle): Promise<number> {
    const gate = this.live(`${key}:gate`);
    if (gate) return Math.max(1, gate.exp - Date.now());
    const e = this.live(key);
    const n = (e ? Number(e.v) : 0) + 1;
    const now = Date.now();
    if (n <= t.max) {
      this.map.set(key, { v: String(n), exp: e?.exp ?? now + t.windowSeconds * 1000 });
      return 0;
    }
    const delay = throttleDelay(t, n - t.max);
    this.map.set(`${key}:gate`, { v: '1', exp: now + delay });
    this.map.set(key, { v: String(n), exp: now + delay + t.windowSeconds * 1000 });
    return n === t.max + 1 ? delay : 0;
  }

  async forget(key: string): Promise<void> {
    this.map.delete(key);
    this.map.delete(`${key}:gate`);
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

const DECR_FLOOR = `
local n = redis.call('DECR', KEYS[1])
if n <= 0 then redis.call('DEL', KEYS[1]) end
return n`;

/**
 * MemoryStore.throttle in one script, so concurrent attempts on every instance are counted one by
 * one; the gate's expiry is Redis' own clock, so the instances' clocks need not agree.
 * KEYS: count, gate; ARGV: max, window seconds, base delay ms, longest delay ms.
 */
const THROTTLE = `
local wait = redis.call('PTTL', KEYS[2])
if wait > 0 then return wait end
local max, window, base, cap = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4])
local n = redis.call('INCR', KEYS[1])
if n <= max then
  if redis.call('TTL', KEYS[1]) == -1 then redis.call('EXPIRE', KEYS[1], window) end
  return 0
end
local delay = math.min(cap, base * 2 ^ math.min(n - max - 1, 40))
redis.call('SET', KEYS[2], '1', 'PX', delay)
redis.call('PEXPIRE', KEYS[1], delay + window * 1000)
if n == max + 1 then return delay end
return 0`;

type IncrRedis = Redis & {
  cosmacIncrWindow(key: string, ttlSeconds: number): Promise<number>;
  cosmacDecrFloor(key: string): Promise<number>;
  cosmacThrottle(key: string, gate: string, max: number, windowSeconds: number, baseDelayMs: number, maxDelayMs: number): Promise<number>;
};

export class RedisStore implements CacheStore {
  readonly kind = 'redis' as const;
  private readonly scripted: IncrRedis;

  constructor(
    readonly redis: Redis,
    readonly prefix = 'cosmac:',
  ) {
    this.scripted = redis as IncrRedis;
    if (typeof this.scripted.cosmacIncrWindow !== 'function') redis.defineCommand('cosmacIncrWindow', { numberOfKeys: 1, lua: INCR_WINDOW });
    if (typeof this.scripted.cosmacDecrFloor !== 'function') redis.defineCommand('cosmacDecrFloor', { numberOfKeys: 1, lua: DECR_FLOOR });
    if (typeof this.scripted.cosmacThrottle !== 'function') redis.defineCommand('cosmacThrottle', { numberOfKeys: 2, lua: THROTTLE });
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

  async decr(key: string): Promise<void> {
    await this.call(() => this.scripted.cosmacDecrFloor(this.prefix + key));
  }

  async throttle(key: string, t: Throttle): Promise<number> {
    const k = this.prefix + key;
    const ms = (v: number) => Math.max(1, Math.ceil(v));
    return Number(await this.call(() => this.scripted.cosmacThrottle(k, `${k}:gate`, t.max, ms(t.windowSeconds), ms(t.baseDelayMs), ms(t.maxDelayMs))));
  }

  async forget(key: string): Promise<void> {
    await this.del(key, `${key}:gate`);
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
