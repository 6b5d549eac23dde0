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

describe('estimated totals', () => {
  const estimated = { key: 'base/sys/log', table: 'base_sys_log', total: 'estimated' } as Entity;
  const unfiltered = { filtered: false, filterKey: '["",[]]' } as ParsedQuery;
  const statsSay = (n: number | null) => ({ dialect: 'mysql', query: async () => [{ n }] }) as unknown as Db;

  it('answers from the statistics for a large table, without counting', async () => {
    let counted = 0;
    const totals = new Totals(new MemoryStore(), statsSay(250_000));
    expect(await totals.total(estimated, unfiltered, '*', async () => ++counted)).toBe(250_000);
    expect(counted).toBe(0);
  });

  it('counts a small or new table exactly, whose statistics may lag', async () => {
    const totals = new Totals(new MemoryStore(), statsSay(0));
    expect(await totals.total(estimated, unfiltered, '*', async () => 3)).toBe(3);
    const none = new Totals(new MemoryStore(), statsSay(null));
    expect(await none.total(estimated, unfiltered, '*', async () => 4)).toBe(4);
  });
});

describe('Totals: the marks of the writes of a transaction', () => {
  const other = { key: 'demo/other', total: 'cached' } as Entity;

  it('marks an entity once however often it is marked, and reports a failed mark when the commit waits for it', async () => {
    const totals = new Totals(new MemoryStore(), noDb);
    const store = (totals as unknown as { store: { begin: (...a: unknown[]) => Promise<Map<string, string>> } }).store;
    const begun: string[] = [];
    const original = store.begin.bind(store);
    store.begin = async (key: unknown, ...rest: unknown[]) => {
      begun.push(String(key));
      if (key === other.key) throw new Error('cache away');
      return original(key, ...rest);
    };
    const ticket = totals.newTicket();
    totals.mark(ticket, [entity]);
    totals.mark(ticket, [entity]);
    await totals.settle(ticket);
    expect(begun).toEqual([entity.key]);
    expect(ticket.registries.has(entity.key)).toBe(true);
    totals.mark(ticket, [entity, other]);
    await expect(totals.settle(ticket)).rejects.toThrow('cache away');
    expect(begun).toEqual([entity.key, other.key]);
  });

  it('ends a mark still travelling when the transaction ends, so it does not outlive it', async () => {
    const totals = new Totals(new MemoryStore(), noDb);
    const store = (totals as unknown as { store: Record<string, (...a: unknown[]) => Promise<unknown>> }).store;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const original = { begin: store.begin.bind(store), end: store.end.bind(store) };
    const events: string[] = [];
    store.begin = async (...a: unknown[]) => {
      await gate;
      events.push('begun');
      return original.begin(...a);
    };
    store.end = async (...a: unknown[]) => {
      events.push('ended');
      return original.end(...a);
    };
    const ticket = totals.newTicket();
    totals.mark(ticket, [entity]);
    const ending = totals.end(ticket);
    await new Promise((r) => setTimeout(r, 10));
    expect(events).toEqual([]);
    release();
    await ending;
    expect(events).toEqual(['begun', 'ended']);
  });
});
