import { defineEntity, l, and, eq, inRows, or, SYSTEM, type Where } from '../../server/core/api';

const MEMBERS = 'base/groupMember';

/**
 * Who takes part in a group's conversation: the user's live member row of the group. Said once, here:
 * the rules below ask it, and so do the chat's checks (server/modules/chat/chat-access.ts),
 * which ask the create rule itself before a send and a member's read of a group's history.
 */
export function groupMembership(groupId: number, userId: number): { entity: string; where: Where } {
  return { entity: MEMBERS, where: and(eq('groupId', groupId), eq('userId', userId)) };
}

/** Fields that place a message in its conversation: fixed once it is stored. */
const PLACEMENT = ['toId', 'toType', 'conversation', 'seq', 'clientId'];
/** A message's state after it was sent: set by the chat's change path (server/modules/chat/message-change.ts) only. */
const CHANGE_STATE = ['replyTo', 'editTime', 'recallTime', 'recalledBy', 'reactions', 'pinTime', 'pinnedBy', 'changeSeq'];

export default defineEntity({
  module: 'base',
  name: 'message',
  table: 'base_message',
  area: 'workspace',
  label: l('Message', '消息', '訊息'),
  description:
    'toId and toType are required: toType 0 sends to a user, 1 to a group. content is JSON; ' +
    'at lists the mentioned user ids. fromId is the sender, taken from the token. Newest first. ' +
    'conversation names the chat (g:{groupId}, or p:{lowId}:{highId} for two users) and seq is the ' +
    "message's number in it (1, 2, 3, ...), both set by the send path (server/modules/chat), " +
    "never taken from a body; clientId is the sender's idempotency key (a retry with the same key " +
    'stores nothing new). add is hand-written (one send path for HTTP and the socket). Members read ' +
    'their conversations and send; replyTo names the message one answers. A sent message changes only ' +
    'through the change calls (message/edit, recall, react, pin; server/modules/chat/message-change.ts), ' +
    'each a numbered change of its conversation (base/messageChange; changeSeq is the latest one): ' +
    'editTime, recallTime and recalledBy, reactions (name -> member ids), pinTime and pinnedBy are set ' +
    'there only. delete is hand-written too: the console recalls a message for everyone (its number ' +
    'stays, its content goes). type 1 is an image and 2 a file of the file space; 9 a team notice ' +
    '(message/sendTeamNotice only).',
  fields: {
    fromId: { type: 'int', index: true, label: l('Sender', '发送者', '傳送者') },
    toId: { type: 'int', required: true, nullable: false, index: true, label: l('Receiver', '接收者', '接收者') },
    toType: {
      type: 'int',
      required: true,
      nullable: false,
      label: l('Receiver type', '接收类型', '接收類型'),
      enum: [
        { value: 0, label: l('Private', '私聊', '私訊') },
        { value: 1, label: l('Group', '群聊', '群組') },
      ],
    },
    type: { type: 'int', label: l('Type', '类型', '類型') },
    content: { type: 'json', label: l('Content', '内容', '內容') },
    status: { type: 'int', label: l('Status', '状态', '狀態') },
    at: {
      type: 'json',
      jsonType: 'array',
      items: 'integer',
      label: l('Mentions', '@用户', '@使用者'),
    },
    relateId: { type: 'int', label: l('Related record', '关联记录', '關聯紀錄') },
    appId: { type: 'int', label: l('App', '应用', '應用') },
    extraInfo: { type: 'json', label: l('Extra info', '附加信息', '附加資訊') },
    platform: { type: 'string', label: l('Platform', '平台', '平台') },
    conversation: { type: 'string', length: 40, nullable: false, index: true, label: l('Conversation', '会话', '對話') },
    seq: { type: 'int', nullable: false, label: l('Sequence number', '序号', '序號') },
    clientId: { type: 'string', length: 64, label: l('Client message id', '客户端消息标识', '用戶端訊息識別碼') },
    replyTo: { type: 'int', label: l('Reply to', '回复消息', '回覆訊息') },
    editTime: { type: 'datetime', label: l('Edited at', '编辑时间', '編輯時間') },
    recallTime: { type: 'datetime', label: l('Recalled at', '撤回时间', '收回時間') },
    recalledBy: { type: 'int', label: l('Recalled by', '撤回人', '收回者') },
    reactions: { type: 'json', label: l('Reactions', '表情回应', '表情回應') },
    pinTime: { type: 'datetime', label: l('Pinned at', '置顶时间', '釘選時間') },
    pinnedBy: { type: 'int', label: l('Pinned by', '置顶人', '釘選者') },
    changeSeq: { type: 'int', default: 0, label: l('Change number', '变更序号', '變更序號') },
  },
  actions: ['update', 'info', 'list', 'page'],
  search: { equal: ['fromId', 'toId', 'toType', 'type', 'status', 'appId', 'conversation'] },
  indexes: [
    { fields: ['conversation', 'seq'], unique: true },
    { fields: ['fromId', 'clientId'], unique: true },
  ],
  // The sender is the caller, always (a message never claims another sender).
  owner: 'fromId',
  order: { field: 'id', sort: 'desc' },
  access: {
    members: ['info', 'list', 'page'],
    // A private message is read by its sender and its receiver, a group message by the group's
    // members (groupMembership, as a list of the caller's groups); only a member writes into a
    // group. Changes of a sent message go through the chat's change path (message-change.ts).
    read: ({ user }) =>
      user &&
      or(and(eq('toType', 0), or(eq('fromId', user.id), eq('toId', user.id))), and(eq('toType', 1), inRows('toId', MEMBERS, 'groupId', eq('userId', user.id)))),
    update: ({ user }) => user && eq('fromId', user.id),
    // The send path asks this rule before its transaction (chat-access.ts) and vouches for the
    // rows it found there (OpMeta.known), so the INSERT's own check does not read them again.
    create: async ({ user, data, exists }) => {
      if (!user) return false;
      if (data.toType !== 1) return true;
      if (typeof data.toId !== 'number') return false;
      const m = groupMembership(data.toId, user.id);
      return exists(m.entity, m.where);
    },
    // Set by the send path only (it passes them as checked); a member's values are dropped.
    adminOnly: ['conversation', 'seq', 'clientId', ...CHANGE_STATE],
  },
  hooks: {
    // An edit (the console's) changes what a message says, never where it sits: moving it would
    // break the conversation's numbering that clients sync by.
    // Its state after sending changes through the chat's change path only (it writes as the system).
    beforeChange({ action, data, user }) {
      if (action !== 'update') return;
      for (const k of [...PLACEMENT, ...(user === SYSTEM ? [] : CHANGE_STATE)]) delete data[k];
    },
  },
});
