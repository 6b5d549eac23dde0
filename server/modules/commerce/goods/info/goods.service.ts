/**
 * Who sees which goods, and the view counter.
 *
 * Decisions the spec leaves open (issue 17):
 * - Goods are on sale ("listed") when on shelf (status 1), shown in the showcase (isDisplay 1) and not
 *   removed. Everyone sees listed goods; the seller and the administrator also see the seller's live
 *   goods that are not listed (a preview). Anything else is a 404, so nobody learns it exists.
 * - A view counts once per visitor and goods per {@link VIEW_PERIOD_SECONDS} (30 minutes). The visitor
 *   is the user when signed in, else the caller's IP address. The seen-marks live in the cache store
 *   (Redis with REDIS_URL, so every instance shares them); the counter moves with `increment`
 *   (`touch: false`: a view is no edit of the listing). The seller's views of their own goods are
 *   not counted.
 */
import { SYSTEM, fail, id, int, nullableText, oneOf } from '../../../../core/api';
import { SELLS } from '../../../../../entities/goods/purchase.entity';
import type { Core, AuthUser } from '../../../../core/api';
import { PAGE } from '../goods.answers';
import { GOODS } from './goods.messages';
import { goodsById, goodsEntity, typeAndDescendants, type GoodsInfo, type ListedFilter } from './goods.queries';

/** How long one visitor's view of one goods counts once. */
export const VIEW_PERIOD_SECONDS = 30 * 60;

/** Orders a listing page may be sorted by; default sortNum then id, newest first. */
export const LIST_ORDERS = ['id', 'createTime', 'price', 'sold', 'likeCount', 'viewCount', 'sortNum'] as const;

/** Whether the row is on sale. */
export function isListed(g: Pick<GoodsInfo, 'status' | 'isDisplay' | 'delete'>): boolean {
  return g.status === 1 && g.isDisplay === 1 && g.delete === 0;
}

/** Whether `caller` may see the live row `g`: listed, or theirs, or the caller is an administrator. */
export function maySee(g: Pick<GoodsInfo, 'status' | 'isDisplay' | 'delete' | 'userId'>, caller: AuthUser | null): boolean {
  if (g.delete !== 0) return false;
  return isListed(g) || !!caller?.isAdmin || (!!caller && g.userId === caller.id);
}

/** Goods `id` as stored (every field) when `caller` may see it; 404 otherwise. */
export async function visibleGoods(core: Core, id: number, caller: AuthUser | null): Promise<GoodsInfo> {
  const g = await goodsById(core, id);
  if (!g || !maySee(g, caller)) throw fail.notFound(GOODS.goods_not_found);
  return g;
}

/** The input of openList and allGoods. */
export const LIST_INPUT = {
  keyWord: nullableText({ max: 200 }),
  searchKeyword: nullableText({ max: 200 }),
  typeId: id().optional(),
  userId: id().optional(),
  relateType: int({ min: SELLS.nothing, max: SELLS.files }).optional(),
  ...PAGE,
  order: oneOf(LIST_ORDERS).optional(),
  sort: oneOf(['asc', 'desc'] as const).optional(),
};

/** The filter of openList/allGoods from their input. */
export async function listFilter(
  core: Core,
  input: {
    keyWord?: string | null;
    searchKeyword?: string | null;
    typeId?: number;
    userId?: number;
    relateType?: number;
    page?: number;
    size?: number;
    order?: string;
    sort?: 'asc' | 'desc';
  },
): Promise<ListedFilter> {
  return {
    keyWord: input.keyWord || undefined,
    searchKeyword: input.searchKeyword || undefined,
    typeIds: input.typeId === undefined ? undefined : await typeAndDescendants(core, input.typeId),
    userId: input.userId,
    relateType: input.relateType,
    order: input.order ?? 'sortNum',
    sort: input.sort ?? 'desc',
    page: input.page ?? 1,
    size: input.size ?? 20,
  };
}

/**
 * Counts a view of goods `g` by the caller (the user, else the address `ip`) unless this viewer was
 * counted within the period, or is its seller; answers whether it counted and the view count after.
 * The mark is set first (an atomic increment in the cache store), so of concurrent views by one
 * viewer exactly one counts.
 */
export async function countView(
  core: Core,
  g: Pick<GoodsInfo, 'id' | 'userId' | 'viewCount'>,
  caller: AuthUser | null,
  ip: string,
): Promise<{ counted: boolean; viewCount: number }> {
  const id = g.id;
  if (caller && g.userId === caller.id) return { counted: false, viewCount: g.viewCount };
  const viewer = caller ? `u${caller.id}` : `ip:${ip}`;
  const seen = await core.cache.incr(`goods:view:${id}:${viewer}`, VIEW_PERIOD_SECONDS);
  if (seen > 1) return { counted: false, viewCount: g.viewCount };
  const viewCount = await core.ops.transaction(SYSTEM, (s) => s.increment(goodsEntity(core), id, 'viewCount', 1, { touch: false }));
  return { counted: true, viewCount };
}
