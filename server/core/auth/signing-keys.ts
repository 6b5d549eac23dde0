/**
 * Per-installation secrets: from the environment (JWT_SECRET) or a file generated on first start
 * under data/ (mode 0600, ignored by git). Never from the repository.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { DATA_DIR } from '../paths';

export interface Secrets {
  jwt: string;
}

export function loadSecrets(file = join(DATA_DIR, 'secrets.json')): Secrets {
  if (process.env.JWT_SECRET) return { jwt: process.env.JWT_SECRET };
  if (existsSync(file)) {
    const s = JSON.parse(readFileSync(file, 'utf8')) as Partial<Secrets>;
    if (s.jwt) return { jwt: s.jwt };
  }
  const fresh: Secrets = { jwt: randomBytes(48).toString('base64url') };
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(fresh, null, 2), { mode: 0o600 });
  return fresh;
}
