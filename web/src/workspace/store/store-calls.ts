/**
 * The store's server calls (issue 17's goods area), typed, over the app's data layer. Public calls
 * send the token when there is one (the server then answers for the member: `liked`, `favorited`).
 * Calls whose failure the screen shows itself are silent; the others let the http client show the
 * server's message.
 */
import { calls, data, shaped, type Row } from '../../app/data';
import type { PageAnswer } from './paging';

/** A listing as the store shows it (the public fields of goods/info, with typeName and userName). */
export type StoreGoods = Pick<
  Row<'goods/info'>,
  | 'id'
  | 'typeId'
  | 'title'
  | 'subTitle'
  | 'mainPic'
  | 'video'
  | 'pics'
  | 'price'
  | 'sold'
  | 'content'
  | 'likeCount'
  | 'isFree'
  | 'tags'
  | 'userId'
  | 'isCommentAllowed'
  | 'isPinned'
  | 'viewCount'
  | 'typeName'
  | 'userName'
  | 'createTime'
  | 'workflowId'
  | 'relateType'
  | 'updatesIncluded'
  | 'runPrice'
>;

/** A spec of a goods as openDetail answers it. */
export interface StoreSpec {
  id: number;
  name: string;
  price: number | null;
  stock: number;
  sortNum?: number | null;
  images?: string[] | null;
}

/** `purchaseId`: the signed-in member's active purchase of it (what it sells is theirs: "Open"), or null. */
/** What a listing delivers, named (goods/info/openDetail `includes`). */
export interface ListingIncludes {
  ai: { name: string } | null;
  group: { name: string; members: number } | null;
  files: Array<{ name: string; size: number | null }>;
}
export type GoodsDetail = StoreGoods & { specs: StoreSpec[]; liked: boolean; favorited: boolean; purchaseId?: number | null; includes?: ListingIncludes };

export type GoodsType = Row<'goods/type'>;
export type SearchKeyword = Row<'goods/searchKeyword'>;
export type GoodsComment = Row<'base/comment'>;

/** The listing filter of openList. */
export interface StoreFilter {
  keyWord?: string;
  searchKeyword?: string;
  typeId?: number;
  userId?: number;
  /** What the listings sell (1 AI members, 2 groups, 3 prompts and documents). */
  relateType?: number;
  order?: 'id' | 'createTime' | 'price' | 'sold' | 'likeCount' | 'viewCount' | 'sortNum';
  sort?: 'asc' | 'desc';
}

/** An order as `place` answers it (the fields the goods page reads). */
export interface PlacedOrder {
  orderNo: string;
  status: number;
  payStatus?: number;
  payAmount?: number | string | null;
}

/** A person's public name and picture (sys/user openDetail). */
export interface PublicPerson {
  id: number;
  nickName?: string | null;
  headImg?: string | null;
  avatar?: string | null;
}

const quiet = { silent: true } as const;

export const storeCalls = {
  /** Goods types, public (GET). */
  types: () => data('goods/type').list({}, quiet) as Promise<GoodsType[]>,
  /** Suggested search keywords: the role needs `goods:searchKeyword:list` (administrators only by default). */
  searchKeywords: () => data('goods/searchKeyword').list({ order: 'sortNum', sort: 'asc' }, quiet) as Promise<SearchKeyword[]>,
  list: (filter: StoreFilter & { page: number; size: number }) => calls.goods.info.openList(filter, quiet) as Promise<PageAnswer<StoreGoods>>,
  /** `visitorId`: a signed-out visitor's id, so that `liked` is theirs. 404 when the goods is not on sale. */
  detail: (id: number, visitorId?: string) => calls.goods.info.openDetail(visitorId ? { id, visitorId } : { id }, quiet) as Promise<GoodsDetail>,
  view: (id: number) => calls.goods.info.view({ id }, quiet) as Promise<{ counted: boolean; viewCount: number }>,
  like: (goodsId: number, visitorId?: string) =>
    calls.goods.like.like(visitorId ? { goodsId, visitorId } : { goodsId }) as Promise<{ liked: boolean; likeCount: number }>,
  addFavorite: (goodsId: number) => calls.goods.favorite.addFavorite({ goodsId }) as Promise<{ id: number; created: boolean }>,
  cancelFavorite: (goodsId: number) => calls.goods.favorite.cancelFavorite({ goodsId }) as Promise<{ count: number }>,
  isPlaced: (goodsId: number) => calls.goods.order.isPlaced({ goodsId }, quiet) as Promise<boolean>,
  place: (body: { goodsId: number; specId?: number; quantity?: number }) => calls.goods.order.place(body) as Promise<PlacedOrder>,
  comments: (goodsId: number, page: number, size: number) =>
    data('base/comment').page({ goodsId, page, size, order: 'createTime', sort: 'desc' }, quiet) as Promise<PageAnswer<GoodsComment>>,
  addComment: (goodsId: number, content: string) => data('base/comment').add({ goodsId, content }),
  person: (id: number) => shaped<PublicPerson>(calls.base.sys.user.openDetail({ id }, quiet)),
  /** The public site info; read for its currency when the server gives one. */
  site: () => calls.base.site.info({}, { ...quiet, skipAuth: true }) as Promise<Record<string, unknown>>,
};
