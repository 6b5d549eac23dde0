import { defineEntity, l, eq, or, ownRows, fail, registerMessages } from '../../server/core/api';
import type { HookTransaction, Row } from '../../server/core/api';

const COMMENT = registerMessages({
  en: { comment_not_allowed: 'The seller has turned comments off for this goods', comment_no_goods: 'No goods on sale to comment on' },
  'zh-cn': { comment_not_allowed: '卖家已关闭该商品的评论', comment_no_goods: '没有可评论的在售商品' },
  'zh-tw': { comment_not_allowed: '賣家已關閉此商品的評論', comment_no_goods: '沒有可評論的在售商品' },
});

/** Moderation states of a comment. */
export const COMMENT_STATUS = { pending: 0, visible: 1, hidden: 2 } as const;

/** What other members see of a visible comment. */
const SHOWN = ['id', 'content', 'goodsId', 'workflowId', 'userId', 'status', 'createTime', 'updateTime'];

function positiveId(value: unknown): number | null {
  const id = Number(value);
  return value !== null && Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** What the checks below read of a live listing. */
const SALE_FIELDS: Array<'status' | 'isDisplay' | 'isCommentAllowed'> = ['status', 'isDisplay', 'isCommentAllowed'];

/** A live listing is on sale: on shelf and shown. */
const onSale = (row: Row) => Number(row.status) === 1 && Number(row.isDisplay) === 1;

/**
 * Refuses a member's comment on goods `goodsId` unless it is on sale (on shelf, shown, not removed: 404,
 * as the store answers such goods) and its seller allows comments (isCommentAllowed 1: 409 otherwise).
 */
async function checkGoodsCommentable(t: HookTransaction, goodsId: number): Promise<void> {
  const [row] = await t.system.find('goods/info', eq('id', goodsId), { fields: SALE_FIELDS });
  if (!row || !onSale(row)) throw fail.notFound(COMMENT.comment_no_goods);
  if (row.isCommentAllowed === null || Number(row.isCommentAllowed) !== 1) throw fail.conflict(COMMENT.comment_not_allowed);
}

/**
 * A comment keyed by workflow alone (before issue 35): refused unless a goods selling workflow
 * `workflowId` is on sale (404 otherwise) and no live listing of it has comments turned off
 * (isCommentAllowed 0: 409; any such listing refuses).
 */
async function checkWorkflowCommentable(t: HookTransaction, workflowId: number): Promise<void> {
  const rows = await t.system.find('goods/info', eq('workflowId', workflowId), { fields: SALE_FIELDS });
  if (!rows.some(onSale)) throw fail.notFound(COMMENT.comment_no_goods);
  if (rows.some((r) => r.isCommentAllowed !== null && Number(r.isCommentAllowed) === 0)) throw fail.conflict(COMMENT.comment_not_allowed);
}

export default defineEntity({
  module: 'base',
  name: 'comment',
  table: 'base_comment',
  area: 'commerce',
  label: l('Comment', '评论', '評論'),
  description:
    'content and one of goodsId or workflowId are required; userId is the author, taken from the token on add. ' +
    "Comments on a goods are keyed by its id (goodsId, issue 35: a listing need not sell a workflow); a member's " +
    'comment on a goods that is not on sale is refused (404), and on one whose isCommentAllowed is not 1 (409). ' +
    "Comments keyed by workflowId alone (the spec's field, and how goods comments were keyed before issue 35) stay " +
    "readable by workflowId; a member's one on a workflow that no goods on sale sells is refused (404), and on one " +
    'whose live listing has isCommentAllowed 0 (409). Moderation is after the fact, ' +
    'a choice of ours: status 1 (visible) is the default, only administrators set status (0 pending, 2 hidden), ' +
    'and members read visible comments plus their own.',
  fields: {
    content: { type: 'text', required: true, nullable: false, label: l('Content', '内容', '內容') },
    goodsId: { type: 'int', index: true, label: l('Goods', '商品', '商品') },
    // 0 when the comment is on a goods only: installations made before issue 35 keep the column NOT NULL.
    workflowId: {
      type: 'int',
      default: 0,
      nullable: false,
      index: true,
      label: l('Workflow', '工作流', '工作流程'),
    },
    userId: { type: 'int', index: true, label: l('Author', '评论者', '評論者') },
    status: {
      type: 'int',
      default: COMMENT_STATUS.visible,
      nullable: false,
      label: l('Status', '状态', '狀態'),
      enum: [
        { value: COMMENT_STATUS.pending, label: l('Pending review', '待审核', '待審核') },
        { value: COMMENT_STATUS.visible, label: l('Visible', '已显示', '已顯示') },
        { value: COMMENT_STATUS.hidden, label: l('Hidden', '已隐藏', '已隱藏') },
      ],
    },
  },
  search: { keyword: ['content'], equal: ['id', 'userId', 'goodsId', 'workflowId'] },
  owner: 'userId',
  access: {
    ...ownRows,
    read: ({ user }) => user && or(eq('status', COMMENT_STATUS.visible), eq('userId', user.id)),
    adminOnly: ['status'],
    visible: { member: SHOWN },
    members: ['add', 'update', 'delete', 'info', 'page'],
  },
  hooks: {
    async beforeChange({ t, data, user, action }) {
      const goodsId = positiveId(data.goodsId);
      const workflowId = positiveId(data.workflowId);
      if (action === 'add' && goodsId === null && workflowId === null) {
        throw fail.invalid([{ field: 'goodsId', rule: 'required', params: {} }]);
      }
      if (action === 'add' && workflowId === null) data.workflowId = 0;
      if (user?.isAdmin) return;
      // On add, and on an update that moves the comment to other goods or another workflow.
      if (goodsId !== null) await checkGoodsCommentable(t, goodsId);
      else if (workflowId !== null) await checkWorkflowCommentable(t, workflowId);
    },
  },
});
