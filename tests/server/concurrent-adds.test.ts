/**
 * Concurrent adds that take locks on the same unique indexes (accounts: username, e-mail, role links)
 * must all succeed: on MariaDB such inserts deadlock now and then, and the operations run the
 * victim's transaction again instead of answering 500 (seen failing before the retry: 3 of 20 adds
 * answered 1003 "Deadlock found when trying to get lock").
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../helpers/app';
import { databaseKinds } from '../helpers/databases';
import { person, rows } from '../helpers/group-members';

const kinds = await databaseKinds();

describe.each(kinds)('concurrent adds on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('creates 30 accounts at once, each exactly once', async () => {
    const results = await Promise.allSettled(Array.from({ length: 30 }, (_, i) => person(t, `burst${i}`)));
    expect(results.filter((r) => r.status === 'rejected').map((r) => String((r as PromiseRejectedResult).reason))).toEqual([]);
    const made = await rows(t, 'base_sys_user', "`username` LIKE 'burst%'");
    expect(made).toHaveLength(30);
    expect(new Set(made.map((u) => u.username)).size).toBe(30);
  });
});
