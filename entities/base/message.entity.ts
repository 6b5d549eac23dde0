import { defineEntity, l } from '../../server/core/entity/define';

export default defineEntity({
  module: 'base',
  name: 'message',
  table: 'base_message',
  label: l('Message', '消息', '訊息'),
  note:
    'toId and toType are required: toType 0 sends to a user, 1 to a group. content is JSON; ' +
    'at lists the mentioned user ids. Newest first.',
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
  order: { field: 'id', sort: 'desc' },
});
