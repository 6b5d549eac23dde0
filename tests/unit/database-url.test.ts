import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseDatabaseUrl } from '../../server/core/db/open';
import { DATA_DIR, PROJECT_ROOT } from '../../server/core/paths';

describe('DATABASE_URL', () => {
  it('defaults to cosmac.sqlite inside DATA_DIR', () => {
    expect(parseDatabaseUrl(undefined)).toEqual({ dialect: 'sqlite', file: join(DATA_DIR, 'cosmac.sqlite') });
    expect(parseDatabaseUrl('sqlite:')).toEqual({ dialect: 'sqlite', file: join(DATA_DIR, 'cosmac.sqlite') });
  });
  it('resolves a given SQLite path against the project and keeps :memory:', () => {
    expect(parseDatabaseUrl('sqlite:var/x.sqlite').file).toBe(resolve(PROJECT_ROOT, 'var/x.sqlite'));
    expect(parseDatabaseUrl('sqlite:/tmp/y.sqlite').file).toBe('/tmp/y.sqlite');
    expect(parseDatabaseUrl('sqlite::memory:').file).toBe(':memory:');
  });
  it('reads MySQL addresses and refuses other protocols', () => {
    expect(parseDatabaseUrl('mysql://u:p%40ss@db:3307/app').mysql).toEqual({ host: 'db', port: 3307, user: 'u', password: 'p@ss', database: 'app' });
    expect(() => parseDatabaseUrl('postgres://x/y')).toThrow(/unsupported protocol/);
  });
});
