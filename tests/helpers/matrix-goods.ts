/**
 * Permission-matrix fixtures of the goods store's hand-written calls (goods/info specials, likes,
 * favorites), each aimed at member A's goods (`w.goodsId`, on sale): member B and anonymous callers
 * may read its public fields, like it and count a view of it, and must never update, remove, restore
 * or pin it, nor read A's contact info, removed goods, favorites or sales figures.
 */
import type { Fixture } from './matrix-generic';
import type { World } from './matrix-seed';
import { del, read, write } from './matrix-fixture';

export const GOODS_FIXTURES: Record<string, (w: World) => Fixture> = {
  // Public listing and detail of A's goods: public fields only (never contactInfo, attachments...).
  'POST /admin/goods/info/openList': (w) => read({ body: {} }, { body: { userId: w.a.id, order: 'viewCount' } }, { body: { keyWord: w.a.username } }),
  'POST /admin/goods/info/openDetail': (w) => read({ body: { id: w.goodsId } }, { body: { id: w.goodsId, visitorId: 'matrix-visitor-0001' } }),
  'POST /admin/goods/info/allGoods': (w) => read({ body: { userId: w.a.id } }),
  // The caller's own pins and removed goods: B has none, and A's must not show.
  'POST /admin/goods/info/pinnedList': () => read({ body: {} }),
  'POST /admin/goods/info/pinnedGoodsCount': () => read({ body: {} }),
  'POST /admin/goods/info/removedList': () => read({ body: {} }),
  // The caller's own figures: A's sale (sellerId A) must not be summed for B.
  'POST /admin/goods/info/totalView': () => read({ body: {} }),
  'POST /admin/goods/info/totalSold': () => read({ body: {} }, { body: { by: 'day' } }),
  'POST /admin/goods/info/totalRevenue': () => read({ body: { by: 'day' } }),
  'POST /admin/goods/info/totalEarnedTokens': () => read({ body: {} }),
  // Counts a view of A's goods: viewCount moves by design (matrix-snapshot BUMPED), nothing else.
  'POST /admin/goods/info/view': (w) => write({ body: { id: w.goodsId } }),
  // A's goods is not B's to edit, pin, re-price, zero its stock or bump its counters.
  'POST /admin/goods/info/updateGoods': (w) =>
    write(
      { body: { id: w.goodsId, title: 'B took it', price: 0.01 } },
      { body: { id: w.goodsId, isPinned: 1 } },
      { body: { id: w.goodsId, specs: [] } },
      { body: { id: w.goodsId, specs: [{ id: w.rows.get('goods/spec')?.[0] ?? 1, stock: 0 }] } },
      { body: { id: w.goodsId, likeCount: 999, sold: 999, viewCount: 999 } },
    ),
  // A's goods is live: B can neither remove it nor "restore" it.
  'POST /admin/goods/info/restore': (w) => write({ body: { id: w.goodsId } }),
  'POST /admin/goods/info/remove': (w) => del({ body: { id: w.goodsId } }),

  // Likes are public: B's (or a visitor's) own like row; likeCount of A's goods moves by design.
  'POST /admin/goods/like/like': (w) => write({ body: { goodsId: w.goodsId } }, { body: { goodsId: w.goodsId, visitorId: 'matrix-visitor-0001' } }),
  'POST /admin/goods/like/liked': (w) => read({ body: { goodsId: w.goodsId } }, { body: { goodsId: w.goodsId, visitorId: 'matrix-visitor-0001' } }),
  'POST /admin/goods/like/total': (w) => read({ body: { goodsId: w.goodsId } }),

  // B's own favorite of A's goods; cancelling must not touch A's own favorite row.
  'POST /admin/goods/favorite/addFavorite': (w) => write({ body: { goodsId: w.goodsId } }),
  'POST /admin/goods/favorite/cancelFavorite': (w) => write({ body: { goodsId: w.goodsId } }),
  'POST /admin/goods/favorite/myFavorites': () => read({ body: {} }),
};
