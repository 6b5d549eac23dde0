/**
 * The stored token signing key ring (`app_secret`, name `jwt`) as data: its shape, key ids, which
 * keys still check tokens, and rotation. Read by the running instances (signing-keys.ts), the
 * import of an earlier version's data/secrets.json (ops/legacy-secrets.ts) and
 * `npm run secrets:rotate` (scripts/secrets-rotate.ts).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/db';
import { SecretStore } from '../ops/secret-store';

export const JWT_RING = 'jwt';
export const MAIL_CODE = 'mail-code';
/** The purpose the key of signed urls of private files is derived for (from the mail-code secret). */
export const PRIVATE_FILE = 'private-file';
/** The purpose of the platform account's name (no member can register it first). */
export const PLATFORM_ACCOUNT = 'platform-account';

/** How often an instance reads the ring again (a rotation made elsewhere reaches it within this). */
export const RELOAD_MS = 30_000;

export interface StoredKey {
  kid: string;
  secret: string;
  /** ISO times. */
  created: string;
  retired: string | null;
}

export interface StoredRing {
  current: string;
  keys: StoredKey[];
}

export function newSecret(): string {
  return randomBytes(48).toString('base64url');
}

/** A key's id: a digest of the secret (no secret can be told from it), the same on every instance. */
export function kidOf(secret: string): string {
  return createHash('sha256').update(`cosmac-kid:${secret}`).digest('hex').slice(0, 16);
}

export function keyOf(secret: string, now = new Date()): StoredKey {
  return { kid: kidOf(secret), secret, created: now.toISOString(), retired: null };
}

export function ringOf(secret: string, now = new Date()): StoredRing {
  const k = keyOf(secret, now);
  return { current: k.kid, keys: [k] };
}

export function parseRing(text: string | null): StoredRing | null {
  if (!text) return null;
  try {
    const r = JSON.parse(text) as StoredRing;
    return typeof r.current === 'string' && Array.isArray(r.keys) && r.keys.some((k) => k.kid === r.current) ? r : null;
  } catch {
    return null;
  }
}

/** How long a retired key still checks tokens: the longest token lifetime plus the reloads that may lag. */
export function keepMs(refreshTtlSeconds: number): number {
  return refreshTtlSeconds * 1000 + 2 * RELOAD_MS;
}

/** The keys of `ring` that still check tokens at `now`. */
export function liveKeys(ring: StoredRing, keep: number, now = Date.now()): StoredKey[] {
  return ring.keys.filter((k) => k.kid === ring.current || k.retired === null || Date.parse(k.retired) + keep > now);
}

/**
 * Rotates the stored signing key: a new current key; the previous ones kept while they may still
 * check tokens, or dropped at once with `dropPrevious` (everyone signed out: after a leak).
 */
export async function rotateSigningKey(db: Db, opts: { refreshTtl: number; dropPrevious?: boolean; now?: Date }): Promise<{ kid: string; kept: string[] }> {
  const store = await SecretStore.open(db);
  const now = opts.now ?? new Date();
  const fresh = keyOf(newSecret(), now);
  const stored = await store.update(JWT_RING, (text) => {
    const ring = parseRing(text);
    const retired = (ring?.keys ?? []).map((k) => (k.retired === null ? { ...k, retired: now.toISOString() } : k));
    const kept = opts.dropPrevious ? [] : liveKeys({ current: '', keys: retired }, keepMs(opts.refreshTtl), now.getTime());
    return JSON.stringify({ current: fresh.kid, keys: [...kept, fresh] } satisfies StoredRing);
  });
  const ring = parseRing(stored)!;
  return { kid: ring.current, kept: ring.keys.filter((k) => k.kid !== ring.current).map((k) => k.kid) };
}
