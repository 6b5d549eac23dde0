/**
 * Ended sessions and used refresh tokens. With Redis they live in the cache store, shared by every
 * instance; without it, in the database (revocation-table.ts), so a restart forgets none of them.
 */
import type { CacheStore } from '../cache/store';

export interface Revocations {
  /** Ends a session for ttlSeconds (long enough to outlive every token it issued). */
  revoke(sid: string, ttlSeconds: number): Promise<void>;
  isRevoked(sid: string): Promise<boolean>;
  /** isRevoked's answer without waiting, where the ended sessions are mirrored in this process. */
  revokedNow?(sid: string): boolean;
  /** True for the first use of a refresh token, false for every later one, however close together. */
  useRefreshOnce(jti: string, ttlSeconds: number): Promise<boolean>;
  close(): Promise<void>;
}

/** In the cache store (the choice with Redis, shared by every instance); `incr` makes a first use atomic. */
export class CacheRevocations implements Revocations {
  constructor(private readonly cache: CacheStore) {}

  async revoke(sid: string, ttlSeconds: number): Promise<void> {
    await this.cache.set(`auth:revoked:${sid}`, '1', ttlSeconds);
  }

  async isRevoked(sid: string): Promise<boolean> {
    return (await this.cache.get(`auth:revoked:${sid}`)) !== null;
  }

  async useRefreshOnce(jti: string, ttlSeconds: number): Promise<boolean> {
    return (await this.cache.incr(`auth:used:${jti}`, ttlSeconds)) === 1;
  }

  async close(): Promise<void> {
    // The cache store is closed by its owner.
  }
}
