/** Sealing and opening secrets (server/core/secrets/seal.ts): the format, the keys, the failures. */
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../server/core/errors';
import { KEY_FILE, Sealer, parseSealKey } from '../../server/core/secrets/seal';

const dir = () => mkdtempSync(join(tmpdir(), 'seal-'));
const HEX = randomBytes(32).toString('hex');

describe('sealed secrets', () => {
  it('seals as sealed:v1:<iv>.<tag>.<ciphertext> and opens it again', () => {
    const s = Sealer.open({ SECRETS_KEY: HEX }, dir());
    const sealed = s.seal('sk-very-secret-Ω');
    expect(sealed).toMatch(/^sealed:v1:[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain('very-secret');
    expect(s.open(sealed)).toBe('sk-very-secret-Ω');
    // A new IV each time.
    expect(s.seal('sk-very-secret-Ω')).not.toBe(sealed);
    expect(s.open(s.seal(''))).toBe('');
  });

  it('opens a value without the prefix as it is (stored before sealing)', () => {
    expect(Sealer.open({}, dir()).open('plain-old-key')).toBe('plain-old-key');
  });

  it('takes SECRETS_KEY as 64 hex characters or base64 of 32 bytes, the same key either way', () => {
    const b64 = Buffer.from(HEX, 'hex').toString('base64');
    const sealed = Sealer.open({ SECRETS_KEY: HEX }, dir()).seal('x');
    expect(Sealer.open({ SECRETS_KEY: b64 }, dir()).open(sealed)).toBe('x');
    expect(Sealer.open({ SECRETS_KEY: Buffer.from(HEX, 'hex').toString('base64url') }, dir()).open(sealed)).toBe('x');
    expect(parseSealKey('abc')).toBeNull();
  });

  it('refuses a bad SECRETS_KEY with a clear message', () => {
    for (const bad of ['short', 'z'.repeat(64), randomBytes(16).toString('hex'), randomBytes(31).toString('base64')]) {
      expect(() => Sealer.open({ SECRETS_KEY: bad }, dir())).toThrow(/SECRETS_KEY must be 32 bytes/);
    }
  });

  it('creates the data folder key file 0600 on first need and reads it thereafter', () => {
    const d = dir();
    const a = Sealer.open({}, d);
    expect(() => statSync(join(d, KEY_FILE))).toThrow();
    const sealed = a.seal('from-file');
    const text = readFileSync(join(d, KEY_FILE), 'utf8');
    expect(statSync(join(d, KEY_FILE)).mode & 0o777).toBe(0o600);
    const b = Sealer.open({}, d);
    expect(b.open(sealed)).toBe('from-file');
    b.seal('again');
    expect(readFileSync(join(d, KEY_FILE), 'utf8')).toBe(text);
  });

  it('creates the data folder itself when it does not exist yet (a database elsewhere leaves it unmade)', () => {
    const d = join(dir(), 'data', 'not-yet');
    const sealed = Sealer.open({}, d).seal('first');
    expect(statSync(join(d, KEY_FILE)).mode & 0o777).toBe(0o600);
    expect(Sealer.open({}, d).open(sealed)).toBe('first');
  });

  it('fails with a 503 secret_unreadable, not the cipher error, under another key or on a changed value', () => {
    const sealed = Sealer.open({ SECRETS_KEY: HEX }, dir()).seal('x');
    const other = Sealer.open({ SECRETS_KEY: randomBytes(32).toString('hex') }, dir());
    const err = (() => {
      try {
        other.open(sealed);
      } catch (e) {
        return e;
      }
    })();
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).kind).toBe('unavailable');
    expect((err as AppError).key).toBe('secret_unreadable');
    const same = Sealer.open({ SECRETS_KEY: HEX }, dir());
    expect(() => same.open(sealed.slice(0, -2) + (sealed.endsWith('A') ? 'BB' : 'AA'))).toThrow(AppError);
    expect(() => same.open('sealed:v1:nonsense')).toThrow(AppError);
  });
});
