/**
 * Secrets kept in the database sealed with a key that is not in it (docs/decisions/sealed-secrets.md):
 * AES-256-GCM with a random 12-byte IV, stored as `sealed:v1:<iv>.<tag>.<ciphertext>` (base64url).
 * The key comes from SECRETS_KEY (32 bytes: 64 hex characters or base64), else from `secrets.key`
 * in the data folder, created on first need (mode 0600) and read thereafter. Several instances share
 * it through SECRETS_KEY; a backup of the database alone holds no readable secret.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fail } from '../errors';
import { SEAL } from './seal.messages';

export const SEALED_PREFIX = 'sealed:v1:';
export const KEY_FILE = 'secrets.key';
const HEX_KEY = /^[0-9a-fA-F]{64}$/;

/** The 32-byte key a SECRETS_KEY or key file text stands for, or null when it is none. */
export function parseSealKey(text: string): Buffer | null {
  const s = text.trim();
  if (HEX_KEY.test(s)) return Buffer.from(s, 'hex');
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(s)) return null;
  const b = Buffer.from(s.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  return b.length === 32 ? b : null;
}

/** Seals and opens the secrets of one running core. */
export class Sealer {
  private cached: Buffer | null;

  private constructor(
    envKey: Buffer | null,
    private readonly dataDir: string,
  ) {
    this.cached = envKey;
  }

  /** Takes SECRETS_KEY from `env`, refusing a bad one (the start stops); else the key file of `dataDir` when first needed. */
  static open(env: Record<string, string | undefined>, dataDir: string): Sealer {
    const text = env.SECRETS_KEY;
    if (text === undefined || text === '') return new Sealer(null, dataDir);
    const key = parseSealKey(text);
    if (!key) throw new Error('SECRETS_KEY must be 32 bytes: 64 hexadecimal characters or their base64 (e.g. `openssl rand -hex 32`)');
    return new Sealer(key, dataDir);
  }

  private key(): Buffer {
    if (this.cached) return this.cached;
    const file = join(this.dataDir, KEY_FILE);
    // With the database elsewhere (MySQL, or a SQLite file named by DATABASE_URL) nothing may have made the folder yet.
    mkdirSync(this.dataDir, { recursive: true, mode: 0o700 });
    try {
      // 'wx': two processes on one data folder never write two keys; the second reads the first's.
      writeFileSync(file, randomBytes(32).toString('hex') + '\n', { mode: 0o600, flag: 'wx' });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const key = parseSealKey(readFileSync(file, 'utf8'));
    if (!key) throw new Error(`${file} does not hold a 32-byte key (64 hexadecimal characters)`);
    this.cached = key;
    return key;
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key(), iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return `${SEALED_PREFIX}${iv.toString('base64url')}.${cipher.getAuthTag().toString('base64url')}.${body.toString('base64url')}`;
  }

  /** The plain text of `sealed`; a value without the prefix (stored before sealing) as it is. */
  open(sealed: string): string {
    if (!isSealed(sealed)) return sealed;
    const [iv, tag, body, extra] = sealed.slice(SEALED_PREFIX.length).split('.');
    try {
      if (extra !== undefined || !iv || !tag || body === undefined) throw new Error('malformed');
      const decipher = createDecipheriv('aes-256-gcm', this.key(), Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      // Another key, or a value changed in the database: a clear 503, never the cipher's stack.
      throw fail.unavailable(SEAL.secret_unreadable);
    }
  }
}

export function isSealed(v: unknown): v is string {
  return typeof v === 'string' && v.startsWith(SEALED_PREFIX);
}
