/**
 * The upgrade from per-folder secrets: versions before issue 24 generated the signing key into
 * `data/secrets.json`. Its key is imported into the database once (remembered as `imported:<kid>`
 * in app_secret, so a key rotated out later is not brought back by the file), as the current key
 * when the database has none yet, else as a retired key whose tokens stay valid until they expire
 * (a second instance of an earlier cluster, with a file of its own). Mail codes keep the key they
 * were hashed with. The file is left as it is; nothing reads it after the import.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { JWT_RING, keyOf, kidOf, MAIL_CODE, parseRing, ringOf, type StoredRing } from '../auth/key-ring';
import type { SecretStore } from './secret-store';

export const LEGACY_FILE = 'secrets.json';

/** Imports `dataDir`/secrets.json when it holds a key not imported before; answers whether it did. */
export async function importLegacySecrets(store: SecretStore, dataDir: string, warn: (line: string) => void): Promise<boolean> {
  const file = join(dataDir, LEGACY_FILE);
  if (!existsSync(file)) return false;
  let jwt: unknown;
  try {
    jwt = (JSON.parse(readFileSync(file, 'utf8')) as { jwt?: unknown }).jwt;
  } catch (err) {
    warn(`${file} is not readable JSON, so its signing key was not imported: ${(err as Error).message}`);
    return false;
  }
  if (typeof jwt !== 'string' || !jwt) return false;
  const secret = jwt;
  const kid = kidOf(secret);
  const marker = `imported:${kid}`;
  if ((await store.get(marker)) !== null) return false;
  const now = new Date();
  await store.update(JWT_RING, (text) => {
    const ring = parseRing(text);
    if (!ring) return JSON.stringify(ringOf(secret, now));
    if (ring.keys.some((k) => k.kid === kid)) return null;
    return JSON.stringify({ current: ring.current, keys: [...ring.keys, { ...keyOf(secret, now), retired: now.toISOString() }] } satisfies StoredRing);
  });
  await store.insertIfAbsent(MAIL_CODE, secret);
  await store.insertIfAbsent(marker, now.toISOString());
  warn(`The signing key of ${file} was imported into the database (app_secret), where every instance reads it; the file is no longer read`);
  return true;
}
