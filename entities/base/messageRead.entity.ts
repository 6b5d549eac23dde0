import { defineEntity, l } from '../../server/core/api';

export default defineEntity({
  module: 'base',
  name: 'messageRead',
  table: 'base_message_read',
  area: 'workspace',
  label: l('Read mark', '已读标记', '已讀標記'),
  description:
    'One row per user and conversation: seq is the number of the last message the user has read ' +
    'there (it only moves forward). Written by the chat read call (message/read, socket read), ' +
    'read by message/conversations to count unread messages. muted 1: the user muted the conversation ' +
    '(message/mute): no toast, sound or bell for its ordinary messages, the badge still counts.  Members never reach these rows ' +
    'directly (their read state comes back through those calls); the console may page them.',
  fields: {
    userId: { type: 'int', required: true, nullable: false, label: l('User', '用户', '使用者') },
    conversation: { type: 'string', length: 40, required: true, nullable: false, label: l('Conversation', '会话', '對話') },
    seq: { type: 'int', default: 0, nullable: false, label: l('Last read number', '已读序号', '已讀序號') },
    muted: { type: 'int', default: 0, nullable: false, label: l('Muted', '免打扰', '勿擾') },
  },
  actions: ['page', 'info'],
  search: { equal: ['userId', 'conversation'] },
  indexes: [{ fields: ['userId', 'conversation'], unique: true }],
});
