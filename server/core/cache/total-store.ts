/**
 * Where cached page totals live, per entity: the entries (a count and when it was counted), the
 * registry of live entries with their row tests, a write version and the writes under way. Every
 * step that must not interleave with another instance's is one atomic step (a Lua script on Redis).
 */
import type Redis from 'ioredis';
import { RedisStore, type CacheStore } from './store';

export interface TotalEntry {
  n: number;
  /** When it was counted (ms); 0 when it was counted while writes landed, so it is due again. */
  at: number;
}

export interface StoreCount {
  n: number;
  /** The write version read before counting. */
  version: string;
  /** The entry's row test, kept in the registry for writes to decide with. */
  test: string;
  now: number;
  ttl: number;
  maxEntries: number;
}

export interface TotalStore {
  read(entity: string, id: string): Promise<TotalEntry | null>;
  version(entity: string): Promise<string>;
  /**
   * Keeps a count: exact when no write ended since `version` was read and none is under way; else
   * it replaces nothing and, when there is no entry yet, is kept with `at` 0 (due for a recount).
   * Not kept when the registry holds `maxEntries` already.
   */
  store(entity: string, id: string, c: StoreCount): Promise<void>;
  /** Marks a write under way until `deadline` (ms) and answers the registry (id -> row test). */
  begin(entity: string, token: string, deadline: number): Promise<Map<string, string>>;
  registry(entity: string): Promise<Map<string, string>>;
  /** One step: adds each delta to its entry if it still exists, drops `drop` (or every entry), bumps the version, ends the write. */
  commit(entity: string, token: string, deltas: Array<[string, number]>, drop: string[] | 'all'): Promise<void>;
  end(entity: string, token: string): Promise<void>;
  /** True for the first caller in `ttl` seconds (one recount per interval per entry, across instances). */
  claim(entity: string, id: string, ttl: number): Promise<boolean>;
}

interface MemEntity {
  version: number;
  pending: Map<string, number>;
  registry: Map<string, string>;
  entries: Map<string, TotalEntry & { exp: number }>;
  claims: Map<string, number>;
}

export class MemoryTotalStore implements TotalStore {
  private readonly map = new Map<string, MemEntity>();

  private of(entity: string): MemEntity {
    let m = this.map.get(entity);
    if (!m) this.map.set(entity, (m = { version: 0, pending: new Map(), registry: new Map(), entries: new Map(), claims: new Map() }));
    return m;
  }

  private entry(m: MemEntity, id: string): (TotalEntry & { exp: number }) | undefined {
    const x = m.entries.get(id);
    if (x && x.exp <= Date.now()) {
      m.entries.delete(id);
      m.registry.delete(id);
      return undefined;
    }
    return x;
  }

  async read(entity: string, id: string): Promise<TotalEntry | null> {
    const x = this.entry(this.of(entity), id);
    return x ? { n: x.n, at: x.at } : null;
  }

  async version(entity: string): Promise<string> {
    return String(this.of(entity).version);
  }

  async store(entity: string, id: string, c: StoreCount): Promise<void> {
    const m = this.of(entity);
    for (const [t, deadline] of m.pending) if (deadline <= c.now) m.pending.delete(t);
    const exact = String(m.version) === c.version && m.pending.size === 0;
    const had = this.entry(m, id);
    if (!exact && had) return;
    if (!had && m.registry.size >= c.maxEntries) return;
    m.registry.set(id, c.test);
    m.entries.set(id, { n: c.n, at: exact ? c.now : 0, exp: Date.now() + c.ttl * 1000 });
  }

  async begin(entity: string, token: string, deadline: number): Promise<Map<string, string>> {
    const m = this.of(entity);
    m.pending.set(token, deadline);
    return new Map(m.registry);
  }

  async registry(entity: string): Promise<Map<string, string>> {
    return new Map(this.of(entity).registry);
  }

  async commit(entity: string, token: string, deltas: Array<[string, number]>, drop: string[] | 'all'): Promise<void> {
    const m = this.of(entity);
    if (drop === 'all') {
      m.entries.clear();
      m.registry.clear();
    } else {
      for (const id of drop) {
        m.entries.delete(id);
        m.registry.delete(id);
      }
      for (const [id, by] of deltas) {
        const x = this.entry(m, id);
        if (x) x.n += by;
        else m.registry.delete(id);
      }
    }
    m.version++;
    m.pending.delete(token);
  }

  async end(entity: string, token: string): Promise<void> {
    this.of(entity).pending.delete(token);
  }

  async claim(entity: string, id: string, ttl: number): Promise<boolean> {
    const m = this.of(entity);
    const until = m.claims.get(id);
    if (until !== undefined && until > Date.now()) return false;
    m.claims.set(id, Date.now() + ttl * 1000);
    return true;
  }
}

// KEYS: version, pending, registry, entry. ARGV: version read, now, n, test, id, ttl, maxEntries.
const STORE = `
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', ARGV[2])
local exact = (redis.call('GET', KEYS[1]) or '0') == ARGV[1] and redis.call('ZCARD', KEYS[2]) == 0
local had = redis.call('EXISTS', KEYS[4]) == 1
if not exact and had then return 0 end
if not had and redis.call('HEXISTS', KEYS[3], ARGV[5]) == 0 and redis.call('HLEN', KEYS[3]) >= tonumber(ARGV[7]) then return 0 end
redis.call('HSET', KEYS[3], ARGV[5], ARGV[4])
redis.call('EXPIRE', KEYS[3], ARGV[6])
redis.call('HSET', KEYS[4], 'n', ARGV[3], 'at', exact and ARGV[2] or '0')
redis.call('EXPIRE', KEYS[4], ARGV[6])
return 1`;

// KEYS: version, pending, registry. ARGV: token, entry prefix, drop-all flag, then id, delta pairs, then ids to drop.
const COMMIT = `
local prefix = ARGV[2]
if ARGV[3] == '1' then
  for _, id in ipairs(redis.call('HKEYS', KEYS[3])) do redis.call('DEL', prefix .. id) end
  redis.call('DEL', KEYS[3])
else
  local count = tonumber(ARGV[4])
  for i = 0, count - 1 do
    local id = ARGV[5 + i * 2]
    local k = prefix .. id
    if redis.call('EXISTS', k) == 1 then redis.call('HINCRBY', k, 'n', ARGV[6 + i * 2]) else redis.call('HDEL', KEYS[3], id) end
  end
  for i = 5 + count * 2, #ARGV do
    redis.call('DEL', prefix .. ARGV[i])
    redis.call('HDEL', KEYS[3], ARGV[i])
  end
end
redis.call('INCR', KEYS[1])
redis.call('ZREM', KEYS[2], ARGV[1])
return 1`;

/** The two scripts as commands of the connection: sent once, then run by their hash (EVALSHA). */
type ScriptedRedis = Redis & {
  cosmacTotalStore(...args: Array<string | number>): Promise<unknown>;
  cosmacTotalCommit(...args: Array<string | number>): Promise<unknown>;
};

function scripted(redis: Redis): ScriptedRedis {
  const r = redis as ScriptedRedis;
  if (typeof r.cosmacTotalStore !== 'function') redis.defineCommand('cosmacTotalStore', { numberOfKeys: 4, lua: STORE });
  if (typeof r.cosmacTotalCommit !== 'function') redis.defineCommand('cosmacTotalCommit', { numberOfKeys: 3, lua: COMMIT });
  return r;
}

export class RedisTotalStore implements TotalStore {
  private readonly redis: ScriptedRedis;

  constructor(
    redis: Redis,
    private readonly prefix: string,
  ) {
    this.redis = scripted(redis);
  }

  private keys(entity: string) {
    const base = `${this.prefix}total:${entity}:`;
    return { version: `${base}v`, pending: `${base}w`, registry: `${base}r`, entry: `${base}e:`, claim: `${base}c:` };
  }

  async read(entity: string, id: string): Promise<TotalEntry | null> {
    const [n, at] = await this.redis.hmget(this.keys(entity).entry + id, 'n', 'at');
    return n === null ? null : { n: Number(n), at: Number(at ?? 0) };
  }

  async version(entity: string): Promise<string> {
    return (await this.redis.get(this.keys(entity).version)) ?? '0';
  }

  async store(entity: string, id: string, c: StoreCount): Promise<void> {
    const k = this.keys(entity);
    await this.redis.cosmacTotalStore(
      k.version,
      k.pending,
      k.registry,
      k.entry + id,
      c.version,
      c.now,
      c.n,
      c.test,
      id,
      Math.max(1, Math.ceil(c.ttl)),
      c.maxEntries,
    );
  }

  async begin(entity: string, token: string, deadline: number): Promise<Map<string, string>> {
    const k = this.keys(entity);
    const done = (await this.redis.multi().zadd(k.pending, deadline, token).hgetall(k.registry).exec()) ?? [];
    return new Map(Object.entries((done[1]?.[1] as Record<string, string> | undefined) ?? {}));
  }

  async registry(entity: string): Promise<Map<string, string>> {
    return new Map(Object.entries(await this.redis.hgetall(this.keys(entity).registry)));
  }

  async commit(entity: string, token: string, deltas: Array<[string, number]>, drop: string[] | 'all'): Promise<void> {
    const k = this.keys(entity);
    const args = drop === 'all' ? [token, k.entry, '1', 0] : [token, k.entry, '0', deltas.length, ...deltas.flat(), ...drop];
    await this.redis.cosmacTotalCommit(k.version, k.pending, k.registry, ...args);
  }

  async end(entity: string, token: string): Promise<void> {
    await this.redis.zrem(this.keys(entity).pending, token);
  }

  async claim(entity: string, id: string, ttl: number): Promise<boolean> {
    return (await this.redis.set(this.keys(entity).claim + id, '1', 'EX', Math.max(1, Math.ceil(ttl)), 'NX')) === 'OK';
  }
}

/** The total store beside the cache store: on the same Redis, or in this process. */
export function totalStoreFor(cache: CacheStore): TotalStore {
  return cache instanceof RedisStore ? new RedisTotalStore(cache.redis, cache.prefix) : new MemoryTotalStore();
}
