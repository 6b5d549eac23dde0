/**
 * Fixed-window rate limits kept in the cache store, so every instance counts together once Redis
 * is configured. Over the limit a call is refused with 429 and a clear message.
 */
import type { CacheStore } from '../cache/store';
import { fail, type AnyMessageKey } from '../errors';

export interface Limit {
  /** What is limited, e.g. `login:ip:1.2.3.4`. */
  key: string;
  max: number;
  windowSeconds: number;
}

/** Counts one attempt against each limit; throws 429 when any is exceeded. */
export async function hit(cache: CacheStore, limits: Limit[], message: AnyMessageKey = 'too_many_requests'): Promise<void> {
  for (const l of limits) {
    const n = await cache.incr(`rl:${l.key}`, l.windowSeconds);
    if (n > l.max) throw fail.tooMany(message);
  }
}

/** Forgets the attempts of a limit (after a successful sign-in, say). */
export async function reset(cache: CacheStore, key: string): Promise<void> {
  await cache.del(`rl:${key}`);
}
