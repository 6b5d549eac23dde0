import { describe, expect, it } from 'vitest';
import { EMPTY_PAGED, mergePage, type Paged } from '../../web/src/workspace/store/paging';

const rows = (...ids: number[]) => ids.map((id) => ({ id, title: `g${id}` }));
const answer = (page: number, size: number, total: number, ...ids: number[]) => ({ list: rows(...ids), pagination: { page, size, total } });

describe('store paging', () => {
  it('appends pages in order and knows when the list ends', () => {
    let p: Paged<{ id: number }> = EMPTY_PAGED;
    p = mergePage(p, answer(1, 3, 8, 8, 7, 6));
    expect(p).toMatchObject({ page: 1, total: 8, hasMore: true });
    p = mergePage(p, answer(2, 3, 8, 5, 4, 3));
    p = mergePage(p, answer(3, 3, 8, 2, 1));
    expect(p.items.map((g) => g.id)).toEqual([8, 7, 6, 5, 4, 3, 2, 1]);
    expect(p.hasMore).toBe(false);
  });
  it('keeps a goods once when a new listing pushed it onto the next page', () => {
    let p = mergePage(EMPTY_PAGED, answer(1, 3, 8, 8, 7, 6));
    // goods 9 was listed meanwhile: page 2 now starts with 6
    p = mergePage(p, answer(2, 3, 9, 6, 5, 4));
    expect(p.items.map((g) => g.id)).toEqual([8, 7, 6, 5, 4]);
    expect(p.total).toBe(9);
    expect(p.hasMore).toBe(true);
  });
  it('starts over with page 1 (a new filter or a reload)', () => {
    const p = mergePage(mergePage(EMPTY_PAGED, answer(1, 2, 4, 1, 2)), answer(1, 2, 1, 9));
    expect(p.items.map((g) => g.id)).toEqual([9]);
    expect(p.hasMore).toBe(false);
  });
  it('stops on a short or empty page even when the total says more', () => {
    expect(mergePage(EMPTY_PAGED, answer(1, 3, 10, 1, 2)).hasMore).toBe(false);
    const p = mergePage(mergePage(EMPTY_PAGED, answer(1, 2, 10, 1, 2)), answer(2, 2, 10));
    expect(p.hasMore).toBe(false);
    expect(p.items).toHaveLength(2);
  });
  it('answers an empty store as ended', () => {
    expect(mergePage(EMPTY_PAGED, answer(1, 12, 0))).toMatchObject({ items: [], hasMore: false, total: 0 });
  });
});
