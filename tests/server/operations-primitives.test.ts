/**
 * The write primitives of the operations (server/core/crud): conditional update, increment with a
 * floor, insert-if-absent, the locking read, per-scope sequence numbers, the bulk purge, and one
 * transaction of several operations; each with its race, on every database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { startApp, type TestApp } from '../helpers/app';
import { databaseKinds } from '../helpers/databases';
import { SYSTEM } from '../../server/core/entity/access';
import { and, eq, lt } from '../../server/core/condition';
import { AppError } from '../../server/core/errors';
import type { AuthUser } from '../../server/core/entity/define';
import type { Entity } from '../../server/core/entity/model';
import type { Db } from '../../server/core/db/db';
import type { Row } from '../../server/core/entity/define';

const kinds = await databaseKinds();

async function refusal(p: Promise<unknown>): Promise<AppError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

describe.each(kinds)('write primitives of the operations on %s', (kind) => {
  let t: TestApp;
  let goods: Entity;
  const entity = (key: string) => t.core.model.byKey.get(key)!;
  const tag = () => randomBytes(4).toString('hex');
  const newGoods = async (stock: number) => ((await t.core.ops.add(goods, { title: `g ${tag()}`, stock }, SYSTEM)) as { id: number }).id;
  const stockOf = async (id: number) => Number((await t.core.ops.info(goods, id, SYSTEM)).stock);

  beforeAll(async () => {
    t = await startApp(kind);
    goods = entity('demo/goods');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lets exactly as many of 20 concurrent decrements through as there is stock, and stops at the floor', async () => {
    const id = await newGoods(5);
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () => t.core.ops.transaction(SYSTEM, (tx) => tx.increment(goods, id, 'stock', -1, { floor: 0 }))),
    );
    const done = results.filter((r) => r.status === 'fulfilled') as PromiseFulfilledResult<number>[];
    expect(done).toHaveLength(5);
    expect(done.map((r) => r.value).sort()).toEqual([0, 1, 2, 3, 4]);
    for (const r of results) if (r.status === 'rejected') expect((r.reason as AppError).kind).toBe('conflict');
    expect(await stockOf(id)).toBe(0);
  });

  it('refuses an increment past the ceiling with 409 and keeps the value', async () => {
    const id = await newGoods(9);
    const err = await refusal(t.core.ops.transaction(SYSTEM, (tx) => tx.increment(goods, id, 'stock', 2, { ceiling: 10 })));
    expect(err.kind).toBe('conflict');
    expect(await stockOf(id)).toBe(9);
  });

  it('changes the rows of a conditional update when the expected count matches', async () => {
    const id = await newGoods(3);
    const n = await t.core.ops.transaction(SYSTEM, (tx) => tx.updateWhere(goods, and(eq('id', id), eq('stock', 3)), { stock: 7 }, { expect: 1 }));
    expect(n).toBe(1);
    expect(await stockOf(id)).toBe(7);
  });

  it('answers a conditional update whose count does not match with 409 and writes nothing', async () => {
    const a = await newGoods(1);
    const b = await newGoods(2);
    const err = await refusal(
      t.core.ops.transaction(SYSTEM, async (tx) => {
        await tx.update(goods, { id: a, stock: 50 });
        return tx.updateWhere(goods, { field: 'id', in: [a, b] }, { stock: 0 }, { expect: 3 });
      }),
    );
    expect(err.kind).toBe('conflict');
    expect([await stockOf(a), await stockOf(b)]).toEqual([1, 2]);
  });

  it('applies a state change once when two callers race on the same condition', async () => {
    const id = await newGoods(0);
    const step = () => t.core.ops.transaction(SYSTEM, (tx) => tx.updateWhere(goods, and(eq('id', id), eq('status', 1)), { status: 0 }, { expect: 1 }));
    const results = await Promise.allSettled(Array.from({ length: 10 }, step));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
  });

  it("narrows a member's conditional update to the rows the update rule gives them", async () => {
    const info = entity('goods/info');
    const member = (id: number): AuthUser => ({ id, username: `m${id}`, roleIds: [], departmentId: null, isAdmin: false, scope: [] }) as AuthUser;
    const title = `narrow ${tag()}`;
    await t.core.ops.add(info, { title, status: 1 }, member(9001));
    await t.core.ops.add(info, { title, status: 1 }, member(9002));
    const n = await t.core.ops.transaction(member(9001), (tx) => tx.updateWhere(info, eq('title', title), { status: 0 }));
    expect(n).toBe(1);
    const rows = await t.core.ops.list(info, { keyWord: title }, SYSTEM);
    expect(rows.map((r) => [r.userId, r.status]).sort()).toEqual([
      [9001, 0],
      [9002, 1],
    ]);
  });

  it('inserts one row for 10 concurrent insert-if-absent calls of one key and gives the others its id', async () => {
    const links = entity('base/shortLink');
    const shortKey = tag();
    const results = await Promise.all(
      Array.from({ length: 10 }, () => t.core.ops.transaction(SYSTEM, (tx) => tx.addIfAbsent(links, { shortKey, url: 'https://example.com/' }, ['shortKey']))),
    );
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(new Set(results.map((r) => r.id)).size).toBe(1);
    expect(await t.core.ops.list(links, { keyWord: shortKey }, SYSTEM)).toHaveLength(1);
  });

  it('undoes a lost insert-if-absent attempt and lets the transaction go on', async () => {
    const links = entity('base/shortLink');
    const shortKey = tag();
    const out = await t.core.ops.transaction(SYSTEM, async (tx) => {
      const first = await tx.addIfAbsent(links, { shortKey, url: 'https://example.com/a' }, ['shortKey']);
      const again = await tx.addIfAbsent(links, { shortKey, url: 'https://example.com/b' }, ['shortKey']);
      const stock = await tx.addOne(goods, { title: `after ${shortKey}`, stock: 1 });
      return { first, again, stock };
    });
    expect(out.first.created).toBe(true);
    expect(out.again).toEqual({ id: out.first.id, created: false });
    expect((await t.core.ops.info(links, out.first.id, SYSTEM)).url).toBe('https://example.com/a');
    expect(await stockOf(out.stock)).toBe(1);
  });

  it('keeps the page total right when an insert-if-absent attempt is rolled back after its INSERT answered the row', async () => {
    const links = entity('base/shortLink');
    const url = `https://example.com/${tag()}`;
    const total = async () => (await t.core.ops.page(links, { keyWord: url }, SYSTEM)).pagination;
    expect(await total()).toMatchObject({ total: 0 }); // now cached
    const hook = links.hooks.afterChange;
    // The INSERT lands (and answers its row), then a hook fails: the attempt is rolled back to its savepoint.
    links.hooks.afterChange = async () => {
      throw new Error('hook failed');
    };
    try {
      await t.core.ops.transaction(SYSTEM, async (tx) => {
        await expect(tx.addIfAbsent(links, { shortKey: tag(), url }, ['shortKey'])).rejects.toThrow('hook failed');
        await tx.addOne(goods, { title: `goes on ${tag()}` });
      });
    } finally {
      links.hooks.afterChange = hook;
    }
    expect(await t.core.ops.list(links, { keyWord: url }, SYSTEM)).toHaveLength(0);
    expect(await total()).toMatchObject({ total: 0 });
  });

  it('gives unique, gapless sequence numbers to 20 concurrent allocations in one scope', async () => {
    const scope = `test:conv:${tag()}`;
    const numbers = await Promise.all(Array.from({ length: 20 }, () => t.core.ops.transaction(SYSTEM, (tx) => tx.nextNumber(scope))));
    expect([...numbers].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    const other = await t.core.ops.transaction(SYSTEM, (tx) => tx.nextNumber(`${scope}:other`));
    expect(other).toBe(1);
  });

  it('hands out runs of numbers at once, unique and gapless beside single ones, also concurrently', async () => {
    const scope = `test:runs:${tag()}`;
    expect(await t.core.ops.transaction(SYSTEM, (tx) => tx.nextNumbers(scope, 3))).toBe(1);
    expect(await t.core.ops.transaction(SYSTEM, (tx) => tx.nextNumber(scope))).toBe(4);
    const sizes = [5, 1, 2, 7, 1, 4];
    const firsts = await Promise.all(sizes.map((n) => t.core.ops.transaction(SYSTEM, (tx) => tx.nextNumbers(scope, n))));
    const taken = firsts.flatMap((first, i) => Array.from({ length: sizes[i] }, (_, k) => first + k)).sort((a, b) => a - b);
    expect(taken).toEqual(Array.from({ length: 20 }, (_, i) => i + 5));
    await expect(t.core.ops.transaction(SYSTEM, (tx) => tx.nextNumbers(scope, 0))).rejects.toThrow(/count/);
  });

  it('gives a rolled-back sequence number to the next allocation', async () => {
    const scope = `test:rollback:${tag()}`;
    await t.core.ops.transaction(SYSTEM, (tx) => tx.nextNumber(scope));
    await refusal(
      t.core.ops.transaction(SYSTEM, async (tx) => {
        await tx.nextNumber(scope);
        throw new AppError('conflict', 'duplicate');
      }),
    );
    expect(await t.core.ops.transaction(SYSTEM, (tx) => tx.nextNumber(scope))).toBe(2);
  });

  it('takes a numbered field right before its INSERT: once for a stored row, never for a refused one', async () => {
    const scope = `test:numbered:${tag()}`;
    const taken: number[] = [];
    const numbered = (tx: { nextNumber(s: string): Promise<number> }) => ({
      field: 'stock',
      take: async () => {
        const n = await tx.nextNumber(scope);
        taken.push(n);
        return n;
      },
    });
    const id = await t.core.ops.transaction(SYSTEM, (tx) => tx.addOne(goods, { title: `n ${tag()}` }, { numbered: numbered(tx) }));
    expect(taken).toEqual([1]);
    expect(await stockOf(id)).toBe(1);
    // A row the validation refuses (no title) is refused before any number is taken.
    const err = await refusal(t.core.ops.transaction(SYSTEM, (tx) => tx.addOne(goods, { stock: 3 }, { numbered: numbered(tx) })));
    expect(err.kind).toBe('validation');
    expect(taken).toEqual([1]);
    // One number per row: a batch cannot be numbered.
    await expect(t.core.ops.transaction(SYSTEM, (tx) => tx.add(goods, [{ title: 'a' }, { title: 'b' }], { numbered: numbered(tx) }))).rejects.toThrow(
      /one row/,
    );
    expect(await t.core.ops.transaction(SYSTEM, (tx) => tx.nextNumber(scope))).toBe(2);
  });

  it('holds a locked row until the transaction ends, so a concurrent increment sees its write', async () => {
    const id = await newGoods(5);
    let locked!: () => void;
    const isLocked = new Promise<void>((r) => (locked = r));
    const first = t.core.ops.transaction(SYSTEM, async (tx) => {
      const [row] = await tx.lock(goods, id);
      locked();
      await new Promise((r) => setTimeout(r, 150));
      await tx.updateWhere(goods, id, { stock: Number(row.stock) + 5 });
    });
    await isLocked;
    const second = t.core.ops.transaction(SYSTEM, (tx) => tx.increment(goods, id, 'stock', 1));
    await Promise.all([first, second]);
    expect(await stockOf(id)).toBe(11);
  });

  it('leaves nothing of a transaction of several operations that fails half way', async () => {
    const id = await newGoods(1);
    const title = `half ${tag()}`;
    const err = await refusal(
      t.core.ops.transaction(SYSTEM, async (tx) => {
        await tx.add(goods, { title, stock: 1 });
        await tx.increment(goods, id, 'stock', -1, { floor: 0 });
        await tx.increment(goods, id, 'stock', -1, { floor: 0 });
      }),
    );
    expect(err.kind).toBe('conflict');
    expect(await stockOf(id)).toBe(1);
    expect(await t.core.ops.list(goods, { keyWord: title }, SYSTEM)).toHaveLength(0);
  });

  it('joins an operation called through core.ops inside a transaction to that transaction', async () => {
    const title = `joined ${tag()}`;
    await refusal(
      t.core.ops.transaction(SYSTEM, async () => {
        await t.core.ops.add(goods, { title, stock: 1 }, SYSTEM);
        throw new AppError('conflict', 'duplicate');
      }),
    );
    expect(await t.core.ops.list(goods, { keyWord: title }, SYSTEM)).toHaveLength(0);
  });

  it('drops cached page totals once a transaction has written', async () => {
    const title = `totals ${tag()}`;
    const total = async () => (await t.core.ops.page(goods, { keyWord: title }, SYSTEM)).pagination.total;
    expect(await total()).toBe(0);
    await t.core.ops.transaction(SYSTEM, async (tx) => {
      await tx.add(goods, { title, stock: 1 });
      await tx.add(goods, { title, stock: 2 });
    });
    expect(await total()).toBe(2);
  });

  it('purges the matching rows with no recycle record, and refuses an entity with a beforeDelete hook', async () => {
    const log = entity('base/sys/log');
    const recycle = entity('recycle/data');
    const action = `/purge/${tag()}`;
    await t.core.ops.add(
      log,
      [
        { action, ip: '127.0.0.1' },
        { action, ip: '127.0.0.2' },
      ],
      SYSTEM,
    );
    const binBefore = (await t.core.ops.page(recycle, {}, SYSTEM)).pagination.total;
    const gone = await t.core.ops.transaction(SYSTEM, (tx) => tx.purge(log, and(eq('action', action), lt('id', Number.MAX_SAFE_INTEGER))));
    expect(gone).toBe(2);
    expect(await t.core.ops.list(log, { keyWord: action }, SYSTEM)).toHaveLength(0);
    expect((await t.core.ops.page(recycle, {}, SYSTEM)).pagination.total).toBe(binBefore);
    await expect(t.core.ops.transaction(SYSTEM, (tx) => tx.purge(entity('base/sys/user'), eq('id', 0)))).rejects.toThrow(/beforeDelete/);
  });

  it('hands a row written in the transaction to afterCommitRow as info answers it, and nothing on a rollback', async () => {
    const got: Array<unknown> = [];
    const id = await t.core.ops.transaction(SYSTEM, async (tx) => {
      const added = await tx.addOne(goods, { title: `read back ${tag()}`, stock: 3 });
      await tx.increment(goods, added, 'stock', 4);
      tx.afterCommitRow(goods, added, (row) => void got.push(row));
      tx.afterCommitRow(goods, added + 1_000_000, (row) => void got.push(row));
      return added;
    });
    expect(got).toHaveLength(2);
    expect(got[0]).toEqual(await t.core.ops.info(goods, id, SYSTEM));
    expect((got[0] as { stock: number }).stock).toBe(7);
    expect(got[1]).toBeNull();
    // An entity whose reads run an afterRead hook is read again by the caller, not handed over.
    const users = entity('base/sys/user');
    expect(users.hooks.afterRead).toBeTypeOf('function');
    await t.core.ops.transaction(SYSTEM, async (tx) => {
      await tx.update(users, { id: 1, remark: `rb ${tag()}` });
      tx.afterCommitRow(users, 1, (row) => void got.push(row));
    });
    expect(got[2]).toBeNull();
    const rolled: unknown[] = [];
    await expect(
      t.core.ops.transaction(SYSTEM, async (tx) => {
        const added = await tx.addOne(goods, { title: `rolled ${tag()}`, stock: 1 });
        tx.afterCommitRow(goods, added, (row) => void rolled.push(row));
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(rolled).toEqual([]);
  });

  it('takes a row as its INSERT answered it (RETURNING) or as its locked update left it, without reading it back; a plain update is read', async () => {
    // Both test databases answer rows from an INSERT (SQLite 3.35+, MariaDB 10.5+).
    expect(t.core.db.returning).toBe(true);
    const got: Row[] = [];
    const reads: string[] = [];
    // The statements of the transaction, seen on its own handle.
    const db = t.core.db as { transaction: Db['transaction'] };
    const original = db.transaction;
    db.transaction = <T>(fn: (tx: Db) => Promise<T>) =>
      original.call(t.core.db, (tx: Db) =>
        fn({ ...tx, query: (sql: string, params?: unknown[]) => (reads.push(sql), tx.query(sql, params)) } as Db),
      ) as Promise<T>;
    const plain = await newGoods(1);
    let ids: { only: number; again: number; priced: number };
    try {
      ids = await t.core.ops.transaction(SYSTEM, async (tx) => {
        const only = await tx.addOne(goods, { title: `returned ${tag()}`, stock: 2 });
        const again = await tx.addOne(goods, { title: `again ${tag()}`, stock: 2 });
        await tx.increment(goods, again, 'stock', 5);
        const priced = await tx.addOne(goods, { title: `priced ${tag()}`, stock: 1 });
        await tx.updateWhere(goods, priced, { price: 12.345, title: `renamed ${tag()}` });
        await tx.increment(goods, priced, 'stock', -1, { floor: 0 });
        // The update operation reads its row without a lock: what it leaves is read back.
        await tx.update(goods, { id: plain, stock: 9 });
        for (const id of [only, again, priced, plain]) tx.afterCommitRow(goods, id, (row) => void got.push(row!));
        return { only, again, priced };
      });
    } finally {
      db.transaction = original;
    }
    expect(got[0]).toEqual(await t.core.ops.info(goods, ids.only, SYSTEM));
    expect(got[1]).toEqual(await t.core.ops.info(goods, ids.again, SYSTEM));
    expect(got[1].stock).toBe(7);
    expect(got[2]).toEqual(await t.core.ops.info(goods, ids.priced, SYSTEM));
    expect(got[2]).toMatchObject({ stock: 0, price: 12.35 });
    expect(got[3]).toEqual(await t.core.ops.info(goods, plain, SYSTEM));
    expect(got[3].stock).toBe(9);
    // One read-back, of the row the plain update wrote; none of the rows inserted or updated locked.
    const readBacks = reads.filter((sql) => sql.startsWith('SELECT') && / IN \(/.test(sql));
    expect(readBacks).toHaveLength(1);
    expect(readBacks[0]).toMatch(/ IN \(\?\)$/);
  });
});
