import { defineEntity, l } from '../../server/core/api';

export default defineEntity({
  module: 'base',
  name: 'messageChange',
  table: 'base_message_change',
  area: 'workspace',
  label: l('Message change', '消息变更', '訊息變更'),
  description:
    'One row per change of a sent message: an edit, a recall, a reaction set or cleared, a pin or an unpin. ' +
    "changeSeq is the change number in its conversation (1, 2, 3, ...), apart from the messages' seq, so " +
    'unread counts and read marks count messages only; a client that was away asks sync for the changes ' +
    'after the last number it holds and gets each once, in order, with the message as it is now. Written ' +
    'by the chat change path only (server/modules/chat/message-change.ts); members never reach these rows ' +
    'directly; the console may page them (who recalled what, when).',
  fields: {
    conversation: { type: 'string', length: 40, required: true, nullable: false, label: l('Conversation', '会话', '對話') },
    changeSeq: { type: 'int', required: true, nullable: false, label: l('Change number', '变更序号', '變更序號') },
    messageId: { type: 'int', required: true, nullable: false, index: true, label: l('Message', '消息', '訊息') },
    kind: {
      type: 'string',
      length: 8,
      required: true,
      nullable: false,
      label: l('Change', '变更', '變更'),
      enum: [
        { value: 'edit', label: l('Edited', '编辑', '編輯') },
        { value: 'recall', label: l('Recalled', '撤回', '收回') },
        { value: 'react', label: l('Reaction', '表情回应', '表情回應') },
        { value: 'pin', label: l('Pinned', '置顶', '釘選') },
        { value: 'unpin', label: l('Unpinned', '取消置顶', '取消釘選') },
      ],
    },
    byId: { type: 'int', label: l('By', '操作人', '操作者') },
    emoji: { type: 'string', length: 16, label: l('Reaction', '表情', '表情') },
  },
  actions: ['page', 'info'],
  search: { equal: ['conversation', 'messageId', 'kind', 'byId'] },
  indexes: [{ fields: ['conversation', 'changeSeq'], unique: true }],
  order: { field: 'id', sort: 'desc' },
});
