import { defineEntity, l, eq, inRows, or, fail } from '../../server/core/api';

/** `type` of a group (issue 15). */
export const GROUP_TYPE = { private: 0, public: 1, team: 2 } as const;

/** The highest `aiReplyCap` a group may set: a loop of AI members costs its starter a reply each time. */
export const MAX_AI_REPLY_CAP = 20;
/** The bounds of a group's board, rows and cols alike. */
export const BOARD_SIZE = { min: 1, max: 12 } as const;
/** The cap of a group that never set one. */
export const DEFAULT_AI_REPLY_CAP = 3;

/** What anyone may see of a group that is not theirs: a team's card (teamsByUserId, canJoin). */
const PUBLIC_FIELDS = ['id', 'name', 'avatar', 'remark', 'type'];

/** A budget in tokens (server/modules/ai/budgets.ts): empty or 0 is none. */
const budget = (label: ReturnType<typeof l>) => ({ type: 'decimal', precision: 18, scale: 4, min: 0, label, unit: l('tokens', '代币', '代幣') }) as const;

export default defineEntity({
  module: 'base',
  name: 'group',
  table: 'base_group',
  area: 'workspace',
  label: l('Group', '群组', '群組'),
  description:
    'type: 0 private group, 1 public group (its members and messages readable without a token), 2 team ' +
    '(joined by its key, revenue sharing through allocationRatio 0..1 and rewardPool). ' +
    'Roles live in one place each: the owner is the member row with isOwner 1 (exactly one per group), ' +
    "deputies are the user ids in onwerIds (the spec's spelling), everyone else is a member. " +
    "userId always equals the owner's user id: group/add fills it with the caller (who gets the owner " +
    'member row in the same transaction) and setTeamMemberRole moves it on a handover, so the update and ' +
    'delete rules below follow the owner. It is not an owner field of the core (an owner field can never ' +
    'change), it is admin-only instead. key is made by the server for teams (10 characters, base62), never ' +
    'taken from a body, and unique; every member of a team sees it (members invite). type, key, onwerIds, ' +
    'rewardPool and allocationRatio change only through the group calls (admin-only for the generic update). ' +
    'add and delete are hand-written (server/modules/workspace/groups): add makes the owner row, delete (owner ' +
    "only, soft) takes the members' sockets out of the group's room after the commit. rows x cols is the " +
    "group's board (1 to 12 each, defaults 2 x 2). aiReplyCap caps AI members' replies in a row (the AI messages at " +
    'the end of the conversation; 0 to 20, default 3; 0: AI members never answer in this group); ' +
    'the owner changes it with update. aiBudgetDay / aiBudgetMonth (tokens; empty or 0: none) cap what AI runs in ' +
    "the group's conversation may take per day and per month, whoever pays (a team's are its own conversation's: " +
    'groups do not belong to teams); the owner sets them with update (server/modules/ai/budgets.ts).',
  fields: {
    name: { type: 'string', required: true, nullable: false, label: l('Name', '名称', '名稱') },
    remark: { type: 'string', label: l('Remark', '备注', '備註') },
    avatar: { type: 'string', label: l('Avatar', '头像', '頭像') },
    userId: { type: 'int', index: true, label: l('Owner', '群主', '群主') },
    type: {
      type: 'int',
      default: GROUP_TYPE.private,
      nullable: false,
      label: l('Type', '类型', '類型'),
      enum: [
        { value: GROUP_TYPE.private, label: l('Private group', '私有群组', '私人群組') },
        { value: GROUP_TYPE.public, label: l('Public group', '公开群组', '公開群組') },
        { value: GROUP_TYPE.team, label: l('Team', '团队', '團隊') },
      ],
    },
    onwerIds: {
      type: 'json',
      jsonType: 'array',
      items: 'integer',
      label: l('Deputy leaders', '副群主', '副群主'),
    },
    allocationRatio: {
      type: 'decimal',
      precision: 12,
      scale: 4,
      label: l('Allocation ratio', '分配比例', '分配比例'),
    },
    rewardPool: {
      type: 'decimal',
      precision: 18,
      scale: 4,
      label: l('Reward pool', '奖励池', '獎勵池'),
    },
    key: { type: 'string', length: 64, unique: true, label: l('Join key', '加入密钥', '加入金鑰') },
    rows: { type: 'int', default: 2, nullable: false, min: BOARD_SIZE.min, max: BOARD_SIZE.max, label: l('Rows', '行数', '列數') },
    cols: { type: 'int', default: 2, nullable: false, min: BOARD_SIZE.min, max: BOARD_SIZE.max, label: l('Columns', '列数', '欄數') },
    onBoard: { type: 'int', default: 1, nullable: false, label: l('On board', '上板', '上板') },
    channelId: { type: 'string', label: l('Channel', '频道', '頻道') },
    position: { type: 'int', label: l('Position', '位置', '位置') },
    aiReplyCap: {
      type: 'int',
      default: DEFAULT_AI_REPLY_CAP,
      nullable: false,
      label: l('AI replies in a row (at most)', 'AI 连续回复上限', 'AI 連續回覆上限'),
    },
    aiBudgetDay: budget(l('AI budget per day', '每日 AI 预算', '每日 AI 預算')),
    aiBudgetMonth: budget(l('AI budget per month', '每月 AI 预算', '每月 AI 預算')),
    delete: { type: 'int', default: 0, nullable: false, label: l('Deleted', '已删除', '已刪除') },
  },
  actions: ['update', 'info', 'list', 'page'],
  search: { equal: ['id', 'userId', 'type'] },
  softDelete: 'delete',
  access: {
    members: 'all',
    // The owner and the group's members read it; only the owner changes or removes it.
    read: ({ user }) => user && or(eq('userId', user.id), inRows('id', 'base/groupMember', 'groupId', eq('userId', user.id))),
    update: ({ user }) => user && eq('userId', user.id),
    delete: ({ user }) => user && eq('userId', user.id),
    create: ({ user }) => user !== null,
    adminOnly: ['userId', 'type', 'key', 'onwerIds', 'rewardPool', 'allocationRatio'],
    visible: { anonymous: PUBLIC_FIELDS, member: PUBLIC_FIELDS },
  },
  hooks: {
    // A whole number in range, or the write is refused (the type is checked before hooks run).
    beforeChange({ data }) {
      const cap = data.aiReplyCap;
      if (cap === undefined) return;
      if (typeof cap !== 'number' || !Number.isInteger(cap) || cap < 0 || cap > MAX_AI_REPLY_CAP) {
        throw fail.invalid([{ field: 'aiReplyCap', rule: 'range', params: { min: 0, max: MAX_AI_REPLY_CAP } }]);
      }
    },
  },
});
