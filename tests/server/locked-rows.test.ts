/**
 * Rows a transaction holds locked (op-context.ts LockedRows): a second locking read by id of a row
 * the same transaction locked, and has not written since, is answered without the database; a
 * write drops it, so the next read sees the write. On every database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { startApp, type TestApp } from '../helpers/app';
import { databaseKinds } from '../helpers/databases';
import { SYSTEM } from '../../server/core/entity/access';
import type { Entity } from '../../server/core/entity/model';
import type { Db } from '../../server/core/db/db';

const kinds = await databaseKinds();

describe.each(kinds)('rows a transaction holds locked, on %s', (kind) => {
  let t: TestApp;
  let goods: Entity;
  /** Statements run inside transactions since the last reset. */
  let seen: string[] = [];
  const reads = () => seen.filter((sql) => sql.startsWith('SELECT') && sql.includes(`FROM \`${goods.table}\``)).length;
  const newGoods = async (stock: number) =>
    ((await t.core.ops.add(goods, { title: `g ${randomBytes(4).toString('hex')}`, stock }, SYSTEM)) as { id: number }).id;

  beforeAll(async () => {
    t = await startApp(kind);
    goods = t.core.model.byKey.get('demo/goods')!;
    const db = t.core.db;
    const transaction = db.transaction.bind(db);
    db.transaction = <T>(fn: (tx: Db) => Promise<T>) =>
      transaction((tx) => {
        const query = tx.query.bind(tx);
        return fn({ ...tx, query: (sql: string, params?: unknown[]) => (seen.push(sql), query(sql, params)) } as Db);
      });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('reads a row it locked once, until it writes it, and then sees its own write', async () => {
    const id = await newGoods(7);
    seen = [];
    const result = await t.core.ops.transaction(SYSTEM, async (tx) => {
      const [first] = await tx.lock(goods, id);
      const [again] = await tx.lock(goods, id);
      const afterLocks = reads();
      // The increment locks the row too: answered from what the transaction holds.
      const left = await tx.increment(goods, id, 'stock', -2, { floor: 0 });
      const afterIncrement = reads();
      const [now] = await tx.lock(goods, id);
      return { first, again, afterLocks, left, afterIncrement, now, afterWrite: reads() };
    });
    expect(result.afterLocks).toBe(1);
    expect(result.again).toEqual(result.first);
    expect(result.left).toBe(5);
    expect(result.afterIncrement).toBe(1);
    // After the write, the row is read again and shows it.
    expect(result.afterWrite).toBe(2);
    expect(Number(result.now.stock)).toBe(5);
    expect(Number((await t.core.ops.info(goods, id, SYSTEM)).stock)).toBe(5);
  });

  it('reads again in the next transaction, and for a locking read by condition', async () => {
    const id = await newGoods(3);
    seen = [];
    await t.core.ops.transaction(SYSTEM, (tx) => tx.lock(goods, id));
    await t.core.ops.transaction(SYSTEM, async (tx) => {
      await tx.lock(goods, id);
      await tx.lock(goods, { field: 'id', eq: id });
    });
    expect(reads()).toBe(3);
  });

  it('hands out copies: a caller that changes the row it got does not change what the next one gets', async () => {
    const id = await newGoods(4);
    const second = await t.core.ops.transaction(SYSTEM, async (tx) => {
      const [first] = await tx.lock(goods, id);
      first.stock = 999;
      return (await tx.lock(goods, id))[0];
    });
    expect(Number(second.stock)).toBe(4);
  });
});
