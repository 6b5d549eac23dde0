import { describe, expect, it } from 'vitest';
import { goodsIdOf, isFiltered, readQuery, toFilter, writeQuery } from '../../web/src/workspace/store/store-query';
import { keywordNames, pinnedOf, shownTypes } from '../../web/src/workspace/store/store-meta';
import { mediaOf } from '../../web/src/workspace/store/gallery';
import type { GoodsType, SearchKeyword, StoreGoods } from '../../web/src/workspace/store/store-calls';

describe('store address', () => {
  it('reads the filter from the address, ignoring what is not valid', () => {
    expect(readQuery(new URLSearchParams('q=%20logo%20&type=4&kw=translate&sort=priceAsc'))).toEqual({ q: 'logo', type: 4, kw: 'translate', sort: 'priceAsc' });
    expect(readQuery(new URLSearchParams('type=abc&sort=evil'))).toEqual({ q: '', type: undefined, kw: '', sort: 'sortNum' });
    expect(readQuery(new URLSearchParams('type=-3'))).toMatchObject({ type: undefined });
  });
  it('writes only what differs from the defaults, and round-trips', () => {
    expect(writeQuery({ q: '', kw: '', sort: 'sortNum' }).toString()).toBe('');
    const q = { q: 'a b', type: 2, kw: 'logo', sort: 'createTime' as const };
    expect(readQuery(writeQuery(q))).toEqual(q);
  });
  it('turns it into the openList filter', () => {
    expect(toFilter({ q: 'x', type: 3, kw: 'k', sort: 'sortNum' })).toEqual({ keyWord: 'x', typeId: 3, searchKeyword: 'k' });
    expect(toFilter({ q: '', kw: '', sort: 'priceAsc' })).toEqual({ order: 'price', sort: 'asc' });
    expect(toFilter({ q: '', kw: '', sort: 'priceDesc' })).toEqual({ order: 'price', sort: 'desc' });
    expect(toFilter({ q: '', kw: '', sort: 'likeCount' })).toEqual({ order: 'likeCount', sort: 'desc' });
  });
  it('knows a narrowed list from the whole store (the sort does not narrow)', () => {
    expect(isFiltered({ q: '', kw: '', sort: 'createTime' })).toBe(false);
    expect(isFiltered({ q: '', kw: '', type: 1, sort: 'sortNum' })).toBe(true);
  });
  it('reads a goods id from the address', () => {
    expect(goodsIdOf('12')).toBe(12);
    for (const bad of [undefined, '', '0', 'abc', '1e3', '-1', '12x', '99999999999999999']) expect(goodsIdOf(bad)).toBeNull();
  });
});

describe('store front', () => {
  const type = (id: number, name: string, extra: Partial<GoodsType> = {}) => ({ id, name, parentId: null, sortNum: 0, status: 1, ...extra }) as GoodsType;
  it('shows enabled top-level types in their order', () => {
    const rows = [
      type(3, 'Data', { sortNum: 2 }),
      type(1, 'Writing'),
      type(2, 'Images', { sortNum: 1 }),
      type(4, 'Sub', { parentId: 1 }),
      type(5, 'Off', { status: 0 }),
    ];
    expect(shownTypes(rows).map((t) => t.name)).toEqual(['Writing', 'Images', 'Data']);
  });
  it('lists each suggested keyword once', () => {
    const kw = (id: number, name: string, sortNum = 0) => ({ id, name, sortNum }) as SearchKeyword;
    expect(keywordNames([kw(2, 'logo', 1), kw(1, 'translate'), kw(3, ' translate '), kw(4, '')])).toEqual(['translate', 'logo']);
  });
  it('takes the pinned goods for the featured row', () => {
    const g = (id: number, isPinned: 0 | 1) => ({ id, isPinned }) as StoreGoods;
    expect(pinnedOf([g(1, 0), g(2, 1), g(3, 1), g(4, 1)], 2).map((x) => x.id)).toEqual([2, 3]);
    expect(pinnedOf([g(1, 0)])).toEqual([]);
  });
});

describe('goods media', () => {
  it('puts the video first with the main picture as its poster, each picture once, unsafe ones left out', () => {
    expect(mediaOf({ video: '/upload/v.mp4', mainPic: '/upload/a.png', pics: ['/upload/a.png', '/upload/b.png', 'javascript:x'] })).toEqual([
      { kind: 'video', src: '/upload/v.mp4', poster: '/upload/a.png' },
      { kind: 'image', src: '/upload/a.png' },
      { kind: 'image', src: '/upload/b.png' },
    ]);
    expect(mediaOf({ video: null, mainPic: null, pics: null })).toEqual([]);
  });
});
