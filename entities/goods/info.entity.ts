import { defineEntity, l, isIn, ownRows, dynamicKey, eq, fail } from '../../server/core/api';
import { SELLS } from './purchase.entity';
import { RELATION_FIELDS, relationProblems } from './listing-relation';
import type { AuthUser, HookTransaction, Labels, Row } from '../../server/core/api';

const yesNo = (no: Labels, yes: Labels) => [
  { value: 0, label: no },
  { value: 1, label: yes },
];
const NO = l('No', '否', '否');
const YES = l('Yes', '是', '是');

/** Distinct positive integer ids found in `key` of the rows. */
function idsOf(rows: Row[], key: string): number[] {
  const ids = new Set<number>();
  for (const row of rows) {
    const id = Number(row[key]);
    if (Number.isInteger(id) && id > 0) ids.add(id);
  }
  return [...ids];
}

/** The `fields` of the rows of `entity` among `ids` (removed ones too), keyed by id. */
async function byId(t: HookTransaction, entity: 'goods/type' | 'base/sys/user', fields: string[], ids: number[]): Promise<Map<number, Row>> {
  const found = new Map<number, Row>();
  if (ids.length === 0) return found;
  for (const row of await t.system.find(dynamicKey(entity), isIn('id', ids), { fields, deleted: true })) found.set(Number(row.id), row);
  return found;
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

/** The seller of a listing being written and the listing as it will be (stored fields with `data` applied). */
async function sellerAndRow(t: HookTransaction, user: AuthUser, id: number | undefined, data: Row): Promise<[number, Row]> {
  if (id === undefined) return [user.id, data];
  const [stored] = await t.system.find(dynamicKey('goods/info'), eq('id', id), { fields: ['userId', ...RELATION_FIELDS], deleted: true });
  return [Number(stored?.userId ?? user.id), { ...stored, ...data }];
}

/** What the store shows of a listing to everyone (never contact info, attachments or the workflow). */
const SHOWN = [
  'id',
  'typeId',
  'title',
  'subTitle',
  'mainPic',
  'video',
  'pics',
  'price',
  'sold',
  'content',
  'status',
  'likeCount',
  'useCount',
  'isFree',
  'tags',
  'isDisplay',
  'shareLink',
  'userId',
  'relateType',
  'workflowId',
  'updatesIncluded',
  'runPrice',
  'isCommentAllowed',
  'isPinned',
  'viewCount',
  'copyright',
  'copyrightType',
  'typeName',
  'userName',
  'createTime',
];

export default defineEntity({
  module: 'goods',
  name: 'info',
  table: 'goods_info',
  area: 'commerce',
  label: l('Goods', '商品', '商品'),
  description:
    'Fields of 001 §3 Goods info. The title is required. Removal is logical (delete flag). typeName and ' +
    "userName are derived on read (goods_type.name, the seller's nickName; without one null, the username " +
    'only for administrators, as a username may be an e-mail address) and never written. ' +
    'Counters (sold, likeCount, useCount) and the isPinned flag default to 0, a choice of ours.',
  fields: {
    typeId: { type: 'int', index: true, label: l('Type', '分类', '分類') },
    title: { type: 'string', required: true, nullable: false, label: l('Title', '标题', '標題') },
    subTitle: { type: 'string', label: l('Subtitle', '副标题', '副標題') },
    mainPic: { type: 'string', label: l('Main picture', '主图', '主圖') },
    video: { type: 'string', label: l('Video', '视频', '影片') },
    pics: { type: 'json', jsonType: 'array', items: 'string', label: l('Pictures', '图片', '圖片') },
    price: { type: 'decimal', precision: 12, scale: 2, label: l('Price', '价格', '價格') },
    sold: { type: 'int', default: 0, nullable: false, label: l('Sold', '已售', '已售') },
    content: { type: 'text', label: l('Details', '详情', '詳情') },
    status: {
      type: 'int',
      label: l('Status', '状态', '狀態'),
      enum: [
        { value: 0, label: l('Off shelf', '下架', '下架') },
        { value: 1, label: l('On shelf', '上架', '上架') },
      ],
    },
    sortNum: { type: 'int', default: 0, nullable: false, label: l('Sort', '排序', '排序') },
    likeCount: { type: 'int', default: 0, nullable: false, label: l('Likes', '点赞数', '按讚數') },
    useCount: { type: 'int', default: 0, nullable: false, label: l('Uses', '使用次数', '使用次數') },
    isFree: { type: 'int', label: l('Free', '免费', '免費'), enum: yesNo(NO, YES) },
    tags: { type: 'json', jsonType: 'array', items: 'string', label: l('Tags', '标签', '標籤') },
    isDisplay: {
      type: 'int',
      label: l('Shown in showcase', '橱窗展示', '櫥窗展示'),
      enum: yesNo(NO, YES),
    },
    shareLink: { type: 'string', label: l('Share link', '分享链接', '分享連結') },
    userId: { type: 'int', index: true, label: l('Seller', '发布者', '發布者') },
    // What the listing sells (issue 37): null or 0 nothing delivered (a service, a thing sent by hand).
    relateType: {
      type: 'int',
      label: l('Sells', '出售内容', '出售內容'),
      enum: [
        { value: SELLS.nothing, label: l('Nothing to deliver', '无需交付', '無需交付') },
        { value: SELLS.ai, label: l('AI member', 'AI 成员', 'AI 成員') },
        { value: SELLS.group, label: l('Place in a group', '群组席位', '群組席位') },
        { value: SELLS.files, label: l('Prompts and documents', '提示词与文档', '提示詞與文件') },
      ],
    },
    // The spec's workflow listing: the AI member sold (a base/sys/user of userType 1 the seller owns).
    workflowId: { type: 'int', label: l('AI member (workflow)', 'AI 成员（工作流）', 'AI 成員（工作流程）') },
    // The group or team whose place is sold (relateType 2); a team's listing of any kind shares its revenue.
    groupId: { type: 'int', label: l('Group', '群组', '群組') },
    updatesIncluded: {
      type: 'boolean',
      default: true,
      nullable: false,
      label: l('Updates included', '包含更新', '包含更新'),
      help: l(
        "Buyers' copies follow later changes to the AI member's prompt, model and settings (never its price).",
        '买家的副本会同步 AI 成员之后对提示词、模型和设置的修改（价格除外）。',
        '買家的副本會同步 AI 成員之後對提示詞、模型和設定的修改（價格除外）。',
      ),
    },
    runPrice: {
      type: 'decimal',
      precision: 18,
      scale: 4,
      min: 0,
      label: l('Price per run (tokens)', '每次运行价格（代币）', '每次執行價格（代幣）'),
      help: l(
        'Charged on each run of a bought copy to whoever asks it, beside the sale price.',
        '已购副本每次运行时向提问者收取，另计于售价之外。',
        '已購副本每次執行時向提問者收取，另計於售價之外。',
      ),
    },
    isCommentAllowed: {
      type: 'int',
      label: l('Comments allowed', '允许评论', '允許評論'),
      enum: yesNo(NO, YES),
    },
    contactInfo: { type: 'string', label: l('Contact', '联系方式', '聯絡方式') },
    contributors: { type: 'json', jsonType: 'array', label: l('Contributors', '贡献者', '貢獻者') },
    isPinned: {
      type: 'int',
      default: 0,
      nullable: false,
      label: l('Pinned', '置顶', '置頂'),
      enum: yesNo(l('Not pinned', '未置顶', '未置頂'), l('Pinned', '已置顶', '已置頂')),
    },
    viewCount: { type: 'int', default: 0, nullable: false, label: l('Views', '浏览量', '瀏覽量') },
    attachments: { type: 'json', jsonType: 'array', label: l('Attachments', '附件', '附件') },
    delete: {
      type: 'int',
      default: 0,
      nullable: false,
      label: l('Removed', '已删除', '已刪除'),
      enum: yesNo(NO, YES),
    },
    copyright: { type: 'text', label: l('Copyright', '版权', '版權') },
    copyrightType: { type: 'int', default: 0, nullable: false, label: l('Copyright type', '版权类型', '版權類型') },
    typeName: { type: 'string', virtual: true, readOnly: true, label: l('Type name', '分类名称', '分類名稱') },
    userName: { type: 'string', virtual: true, readOnly: true, label: l('Seller name', '发布者名称', '發布者名稱') },
  },
  search: { keyword: ['title', 'subTitle'], equal: ['status', 'typeId', 'isDisplay', 'id'] },
  owner: 'userId',
  softDelete: 'delete',
  access: {
    members: 'all',
    ...ownRows,
    // Counters move only through the store's calls (view, like, sale), never by the seller's hand.
    // isPinned too: a seller pins through goods/info/updateGoods, which keeps the per-seller limit.
    adminOnly: ['sold', 'likeCount', 'useCount', 'viewCount', 'isPinned'],
    // A listing is public once on the shelf: the store shows these fields to everyone. The generic
    // reads give members their own listings only, and staff of a data scope the whole rows of it.
    visible: { anonymous: SHOWN },
  },
  hooks: {
    // What a member's listing sells is their own (listing-relation.ts); an administrator's write is not limited.
    async beforeChange({ t, id, data, user }) {
      if (!user || user.isAdmin || user.system || !RELATION_FIELDS.some((k) => data[k] !== undefined)) return;
      const errors = await relationProblems(t, ...(await sellerAndRow(t, user, id, data)));
      if (errors.length) throw fail.invalid(errors);
    },
    async afterRead({ t, rows, user }) {
      if (rows.length === 0) return;
      const types = await byId(t, 'goods/type', ['name'], idsOf(rows, 'typeId'));
      const users = await byId(t, 'base/sys/user', ['nickName', 'username'], idsOf(rows, 'userId'));
      for (const row of rows) {
        const type = types.get(Number(row.typeId));
        const seller = users.get(Number(row.userId));
        row.typeName = type ? text(type.name) : null;
        // A username may be an e-mail address and is a sign-in name: only administrators see it.
        row.userName = seller ? (text(seller.nickName) ?? (user?.isAdmin ? text(seller.username) : null)) : null;
      }
    },
  },
});
