import { defineEntity, l } from '../../server/core/entity/define';
import { and, eq, inRows, or } from '../../server/core/entity/access';

export default defineEntity({
  module: 'base',
  name: 'message',
  table: 'base_message',
  label: l('Message', '消息', '訊息'),
  note:
    'toId and toType are required: toType 0 sends to a user, 1 to a group. content is JSON; ' +
    'at lists the mentioned user ids. fromId is the sender, taken from the token. Newest first.',
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
  },
  search: { equal: ['fromId', 'toId', 'toType', 'type', 'status', 'appId'] },
  // The sender is the caller, always (a message never claims another sender).
  owner: 'fromId',
  order: { field: 'id', sort: 'desc' },
  access: {
    members: ['add', 'info', 'list', 'page'],
    // A private message is read by its sender and its receiver, a group message by the group's
    // members; only the sender changes or removes it, and only a member writes into a group.
    read: ({ user }) => user && or(
      and(eq('toType', 0), or(eq('fromId', user.id), eq('toId', user.id))),
      and(eq('toType', 1), inRows('toId', 'base/groupMember', 'groupId', eq('userId', user.id))),
    ),
    update: ({ user }) => user && eq('fromId', user.id),
    delete: ({ user }) => user && eq('fromId', user.id),
    create: async ({ user, data, exists }) => {
      if (!user) return false;
      if (data.toType !== 1) return true;
      return typeof data.toId === 'number' && exists('base/groupMember', and(eq('groupId', data.toId), eq('userId', user.id)));
    },
  },
});
