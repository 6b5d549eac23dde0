/** The total cache: concurrent misses of one key share one count; a write's generation bump separates them. */
import { describe, expect, it } from 'vitest';
import { Totals } from '../../server/core/crud/totals';
import { MemoryStore } from '../../server/core/cache/store';
import type { Db } from '../../server/core/db/db';
import type { Entity } from '../../server/core/entity/model';
import type { ParsedQuery } from '../../server/core/crud/query';

const entity = { key: 'demo/goods', total: 'cached' } as Entity;
const query = { filtered: true, filterKey: '["x",[]]' } as ParsedQuery;
const noDb = {} as Db;

describe('Totals', () => {
  it('runs one count for many concurrent misses of the same total', async () => {
    const totals = new Totals(new MemoryStore(), noDb);
    let calls = 0;
    const slowCount = async () => {
      calls++;
      await new Promise((r) => setTimeout(r, 30));
      return 42;
    };
    const answers = await Promise.all(Array.from({ length: 20 }, () => totals.total(entity, query, '*', slowCount)));
    expect(answers).toEqual(Array(20).fill(42));
    expect(calls).toBe(1);
    expect(await totals.total(entity, query, '*', slowCount)).toBe(42);
    expect(calls).toBe(1);
  });

  it('counts again after a write, and keeps scopes apart', async () => {
    const totals = new Totals(new MemoryStore(), noDb);
    let n = 1;
    const count = async () => n;
    expect(await totals.total(entity, query, '*', count)).toBe(1);
    n = 2;
    expect(await totals.total(entity, query, '*', count)).toBe(1);
    expect(await totals.total(entity, query, '7:3', count)).toBe(2);
    await totals.bump(entity);
    expect(await totals.total(entity, query, '*', count)).toBe(2);
  });
});
