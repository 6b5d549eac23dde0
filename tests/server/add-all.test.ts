/**
 * The bulk add (server/core/crud/add-all.ts, `t.addAll`): many rows in a few multi-row INSERTs, each
 * checked as the add operation checks it, all or nothing with its transaction, on every database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../helpers/app';
import { databaseKinds } from '../helpers/databases';
import { chunkSizes } from '../../server/core/crud/add-all';
import { AppError } from '../../server/core/errors';
import { SYSTEM } from '../../server/core/entity/access';
import { eq } from '../../server/core/condition';

const kinds = await databaseKinds();

describe('bulk add chunks', () => {
  it('cuts rows into full chunks and powers of two, so few statement shapes are prepared', () => {
    expect(chunkSizes(0)).toEqual([]);
    expect(chunkSizes(29)).toEqual([16, 8, 4, 1]);
    expect(chunkSizes(600)).toEqual([256, 256, 64, 16, 8]);
  });
});

describe.each(kinds)('bulk add on %s', (kind) => {
  let t: TestApp;
  const key = 'base/messageRead';
  const count = async (conversation: string) => {
    const db = t.core.db;
    const e = t.core.model.byKey.get(key)!;
    const [r] = await db.query<{ n: number | string }>(`SELECT COUNT(*) AS ${db.q('n')} FROM ${db.q(e.table)} WHERE ${db.q('conversation')} = ?`, [
      conversation,
    ]);
    return Number(r.n);
  };
  const rows = (conversation: string, n: number, from = 1) => Array.from({ length: n }, (_, i) => ({ userId: from + i, conversation, seq: i }));

  beforeAll(async () => {
    t = await startApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('adds every row, with its declared defaults and times', async () => {
    const added = await t.core.ops.transaction(SYSTEM, (tx) => tx.addAll(key, rows('g:bulk', 300)));
    expect(added).toBe(300);
    expect(await count('g:bulk')).toBe(300);
    const [row] = await t.core.ops.reads(SYSTEM).find(key, eq('conversation', 'g:bulk'));
    expect(row.createTime).toBeTruthy();
  });

  it('refuses a bad row with 1002 and writes none of the others', async () => {
    const bad = [...rows('g:bad', 5), { userId: 9, conversation: 'x'.repeat(41), seq: 1 }];
    const err = await t.core.ops.transaction(SYSTEM, (tx) => tx.addAll(key, bad)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).kind).toBe('validation');
    expect(await count('g:bad')).toBe(0);
  });

  it('answers a repeated unique key with 409 and rolls the transaction back', async () => {
    const err = await t.core.ops
      .transaction(SYSTEM, async (tx) => {
        await tx.addAll(key, rows('g:twice', 3));
        await tx.addAll(key, rows('g:twice', 1));
      })
      .catch((e: unknown) => e);
    expect((err as AppError).kind).toBe('conflict');
    expect(await count('g:twice')).toBe(0);
  });

  it('refuses an entity whose rows need their hooks or owner', async () => {
    await expect(t.core.ops.transaction(SYSTEM, (tx) => tx.addAll('base/message', [{ toId: 1, toType: 0 }]))).rejects.toThrow(/add operation/);
  });
});
