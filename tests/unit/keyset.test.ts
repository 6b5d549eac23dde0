/** Page boundaries for forward paging: when a stored boundary may be used, and the SQL that seeks after it. */
import { describe, expect, it } from 'vitest';
import { defineEntity, l } from '../../server/core/entity/define';
import { normalizeEntity } from '../../server/core/entity/normalize';
import { MemoryStore } from '../../server/core/cache/store';
import { quoteIdent as q } from '../../server/core/db/db';
import { parseQuery } from '../../server/core/crud/query';
import { afterClause, PageBoundaries, seekColumn } from '../../server/core/crud/keyset';

const e = normalizeEntity(
  defineEntity({
    module: 'demo',
    name: 'seek',
    table: 'demo_seek',
    label: l('Seek', '寻'),
    fields: {
      status: { type: 'int', default: 1, label: l('Status', '状态') },
      rank: { type: 'int', default: 0, label: l('Rank', '序') },
      loose: { type: 'int', label: l('Nullable', '空') },
      price: { type: 'decimal', default: 0, label: l('Price', '价') },
    },
    search: { equal: ['status'] },
  }),
);
const pq = (body: Record<string, unknown>) => parseQuery(e, { size: 2, ...body }, 'page', q);
const rows = (...ids: number[]) => ids.map((id) => ({ id, createTime: `2026-01-01 00:00:0${id}.000` }));

describe('page boundaries', () => {
  it('seeks after page n only while the generation page n was served under is current', async () => {
    const b = new PageBoundaries(new MemoryStore());
    const first = await b.seek(e, pq({ page: 1 }), '*');
    expect(first).toMatchObject({ after: null, known: false });
    await b.remember(e, pq({ page: 1 }), '*', first!, 'createTime', rows(9, 8));
    expect((await b.seek(e, pq({ page: 2 }), '*'))!.after).toEqual(['2026-01-01 00:00:08.000', 8]);
    expect((await b.seek(e, pq({ page: 1 }), '*'))!.known).toBe(true);
    await b.bump(e);
    expect((await b.seek(e, pq({ page: 2 }), '*'))!.after).toBeNull();
  });

  it('keeps boundaries apart per caller scope, filter and size, and stores none for a short last page', async () => {
    const b = new PageBoundaries(new MemoryStore());
    await b.remember(e, pq({ page: 1, status: 1 }), '7:3', (await b.seek(e, pq({ page: 1, status: 1 }), '7:3'))!, 'createTime', rows(5, 4));
    expect((await b.seek(e, pq({ page: 2, status: 1 }), '7:3'))!.after).not.toBeNull();
    expect((await b.seek(e, pq({ page: 2, status: 1 }), '*'))!.after).toBeNull();
    expect((await b.seek(e, pq({ page: 2, status: 0 }), '7:3'))!.after).toBeNull();
    expect((await b.seek(e, pq({ page: 2, status: 1, size: 3 }), '7:3'))!.after).toBeNull();
    await b.remember(e, pq({ page: 2, status: 1 }), '7:3', (await b.seek(e, pq({ page: 2, status: 1 }), '7:3'))!, 'createTime', rows(3));
    expect((await b.seek(e, pq({ page: 3, status: 1 }), '7:3'))!.after).toBeNull();
  });

  it('uses no boundaries inside a write transaction', async () => {
    expect(await PageBoundaries.none.seek(e, pq({ page: 2 }), '*')).toBeNull();
  });

  it('seeks only on order columns that are never null and compare exactly', () => {
    expect(seekColumn(e, pq({}))).toBe('createTime');
    expect(seekColumn(e, pq({ order: 'rank' }))).toBe('rank');
    expect(seekColumn(e, pq({ order: 'id' }))).toBe('id');
    expect(seekColumn(e, pq({ order: 'loose' }))).toBeNull();
    expect(seekColumn(e, pq({ order: 'price' }))).toBeNull();
  });

  it('writes "after the boundary" as one range on the order column, ties broken by id', () => {
    expect(afterClause(pq({}), ['T', 8], q)).toEqual({ sql: '`createTime` <= ? AND (`createTime` < ? OR `id` < ?)', params: ['T', 'T', 8] });
    expect(afterClause(pq({ order: 'rank', sort: 'asc' }), [3, 8], q)).toEqual({ sql: '`rank` >= ? AND (`rank` > ? OR `id` > ?)', params: [3, 3, 8] });
    expect(afterClause(pq({ order: 'id', sort: 'asc' }), [8, 8], q)).toEqual({ sql: '`id` > ?', params: [8] });
  });
});
