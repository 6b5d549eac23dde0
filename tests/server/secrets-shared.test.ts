/**
 * Generated secrets shared by construction (issue 24 item 1), on SQLite and MariaDB: two cores on
 * one database, each with a data folder of its own (as two containers would have), accept each
 * other's tokens and hash mail codes with one key; a rotation keeps the previous key's tokens valid
 * on both (the other instance learns the new key from the first token that names it), and a rotation
 * that drops the previous keys ends them; JWT_SECRET in the environment wins; an earlier version's
 * data/secrets.json is imported once, so its tokens stay valid after the upgrade and a key rotated
 * out is not brought back by the file. A second instance without REDIS_URL is warned about.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { startCore, type Started } from '../../server/core/app';
import { readConfig } from '../../server/core/core';
import { JwtCodec } from '../../server/core/auth/jwt';
import { rotateSigningKey } from '../../server/core/auth/key-ring';
import { ADMIN_PASSWORD } from '../helpers/app';
import { createTestDb, databaseKinds, type TestDb } from '../helpers/databases';

const kinds = await databaseKinds();

/** The environment of an instance with its own data folder and no JWT_SECRET (unless given). */
function envOf(dataDir: string, extra: Record<string, string> = {}): Record<string, string | undefined> {
  const { JWT_SECRET: _ignored, ...rest } = process.env;
  mkdirSync(dataDir, { recursive: true });
  return { ...rest, DATA_DIR: dataDir, ...extra };
}

function claimsOf(token: string): { uid: number; pv: number; sid: string } {
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8'));
}

function kidOfToken(token: string): string | undefined {
  return (JSON.parse(Buffer.from(token.split('.')[0], 'base64url').toString('utf8')) as { kid?: string }).kid;
}

describe.each(kinds)('shared secrets on %s', (kind) => {
  const tag = randomBytes(3).toString('hex');
  const dir = (name: string) => join(process.env.DATA_DIR!, `secrets-${kind}-${tag}-${name}`);
  const running: Started[] = [];
  const dbs: TestDb[] = [];

  const boot = async (db: TestDb, env: Record<string, string | undefined>, warnings: string[] = []) => {
    const s = await startCore(
      { ...readConfig(process.env), databaseUrl: db.url, adminPassword: ADMIN_PASSWORD, captcha: false, redisUrl: undefined, env },
      undefined,
      (line) => warnings.push(line),
    );
    running.push(s);
    return s;
  };
  const stop = async (s: Started) => {
    running.splice(running.indexOf(s), 1);
    await s.close();
  };
  const newDb = async () => {
    const db = await createTestDb(kind);
    dbs.push(db);
    return db;
  };
  const admin = (s: Started) => s.core.auth.login('admin', ADMIN_PASSWORD);
  const who = async (s: Started, token: string) => (await s.core.auth.authenticate(token))?.id ?? null;

  afterAll(async () => {
    for (const s of [...running].reverse()) await s.close();
    for (const db of dbs) await db.drop();
  });

  it("two instances with their own data folders accept each other's tokens and share the mail-code key", async () => {
    const db = await newDb();
    const a = await boot(db, envOf(dir('a')));
    const warnings: string[] = [];
    const b = await boot(db, envOf(dir('b')), warnings);

    const fromA = await admin(a);
    const fromB = await admin(b);
    expect(await who(b, fromA.token)).toBe(claimsOf(fromA.token).uid);
    expect(await who(a, fromB.token)).toBe(claimsOf(fromB.token).uid);
    // A refresh token of one instance is spent on the other.
    const next = await b.core.auth.refresh(fromA.refreshToken);
    expect(await who(a, next.token)).toBe(claimsOf(fromA.token).uid);

    expect(a.core.secrets.derive('mail-code').equals(b.core.secrets.derive('mail-code'))).toBe(true);
    // Nothing was generated into the data folders.
    expect(existsSync(join(dir('a'), 'secrets.json'))).toBe(false);
    expect(existsSync(join(dir('b'), 'secrets.json'))).toBe(false);
    // The second instance, without Redis, says loudly what the two do not share.
    expect(warnings.filter((w) => w.includes('REDIS_URL is not set'))).toHaveLength(1);
    expect(warnings.join('\n')).toMatch(/sign-outs \(token revocations\), captcha answers, rate limits/);

    // A rotation made through the database (npm run secrets:rotate): the previous key's tokens stay valid on both.
    const old = await admin(a);
    const rotated = await rotateSigningKey(a.core.db, { refreshTtl: a.core.config.refreshTtl });
    expect(rotated.kept).toContain(kidOfToken(old.token));
    expect(await a.core.secrets.refresh(true)).toBe(true);
    const fresh = await admin(a);
    expect(kidOfToken(fresh.token)).toBe(rotated.kid);
    expect(kidOfToken(fresh.token)).not.toBe(kidOfToken(old.token));
    // B has not read the ring again yet: the first token naming the new key makes it do so.
    expect(await who(b, fresh.token)).toBe(claimsOf(fresh.token).uid);
    for (const s of [a, b]) expect(await who(s, old.token)).toBe(claimsOf(old.token).uid);
    expect(await who(a, (await b.core.auth.refresh(old.refreshToken)).token)).toBe(claimsOf(old.token).uid);

    // After a leak: a rotation that drops the previous keys ends their tokens everywhere.
    await rotateSigningKey(a.core.db, { refreshTtl: a.core.config.refreshTtl, dropPrevious: true });
    for (const s of [a, b]) await s.core.secrets.refresh(true);
    for (const s of [a, b]) {
      expect(await who(s, old.token)).toBeNull();
      expect(await who(s, fresh.token)).toBeNull();
    }
    expect(await who(b, (await admin(a)).token)).not.toBeNull();
  });

  it('lets JWT_SECRET in the environment win: it alone signs and checks, and keys the mail codes', async () => {
    const db = await newDb();
    const a = await boot(db, envOf(dir('env-a')));
    const secret = `env-secret-${tag}`;
    const c = await boot(db, envOf(dir('env-c'), { JWT_SECRET: secret }));
    const fromA = await admin(a);
    const fromC = await admin(c);
    expect(await who(c, fromA.token)).toBeNull();
    expect(await who(a, fromC.token)).toBeNull();
    // A token signed with the plain secret (no key id, as before this release) is C's.
    const { uid, pv } = claimsOf(fromC.token);
    const plain = new JwtCodec(secret).sign({ uid, pv, typ: 'access', sid: 'env-session' }, 600).token;
    expect(await who(c, plain)).toBe(uid);
    expect(await who(a, plain)).toBeNull();
    expect(c.core.secrets.derive('mail-code')).toEqual(createHash('sha256').update(`cosmac-mail-code:${secret}`).digest());
    expect(c.core.secrets.derive('mail-code').equals(a.core.secrets.derive('mail-code'))).toBe(false);
    // C changed nothing in the database: A still accepts its own tokens after reading the ring again.
    await a.core.secrets.refresh(true);
    expect(await who(a, fromA.token)).toBe(uid);
  });

  it("imports an earlier version's data/secrets.json once: its tokens stay valid, on every instance", async () => {
    const db = await newDb();
    const legacy = `legacy-${tag}-${randomBytes(24).toString('base64url')}`;
    const dirL = dir('legacy');
    mkdirSync(dirL, { recursive: true });
    const file = join(dirL, 'secrets.json');
    writeFileSync(file, JSON.stringify({ jwt: legacy }, null, 2), { mode: 0o600 });
    const warnings: string[] = [];
    let l = await boot(db, envOf(dirL), warnings);
    expect(warnings.some((w) => w.includes('was imported into the database'))).toBe(true);

    // A session the earlier version signed (no key id) is still good, here and on an instance without the file.
    const { uid, pv } = claimsOf((await admin(l)).token);
    const before = new JwtCodec(legacy);
    const token = before.sign({ uid, pv, typ: 'access', sid: 'before-upgrade' }, 3600).token;
    const refresh = before.sign({ uid, pv, typ: 'refresh', sid: 'before-upgrade' }, 3600).token;
    const m = await boot(db, envOf(dir('legacy-m')));
    expect(await who(l, token)).toBe(uid);
    expect(await who(m, token)).toBe(uid);
    expect(await who(l, (await m.core.auth.refresh(refresh)).token)).toBe(uid);
    // Mail codes mailed before the upgrade still check: the same key as before.
    const key = createHash('sha256').update(`cosmac-mail-code:${legacy}`).digest();
    expect(l.core.secrets.derive('mail-code')).toEqual(key);
    expect(m.core.secrets.derive('mail-code')).toEqual(key);

    // Once only: after a rotation that drops the old key, the file (still there) does not bring it back.
    await rotateSigningKey(l.core.db, { refreshTtl: l.core.config.refreshTtl, dropPrevious: true });
    await stop(l);
    const again: string[] = [];
    l = await boot(db, envOf(dirL), again);
    expect(again.some((w) => w.includes('was imported'))).toBe(false);
    expect(await who(l, token)).toBeNull();
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ jwt: legacy });
  });
});
