import { defineEntity, eq, l } from '../../server/core/api';

/** Where a tool call stands: a write waits for the asker (pending), then runs once; a read is recorded done or failed. */
export const TOOL_CALL_STATE = { pending: 0, running: 1, done: 2, failed: 3, refused: 4, cancelled: 5 } as const;

export default defineEntity({
  module: 'ai',
  name: 'toolCall',
  table: 'ai_tool_call',
  area: 'ai',
  label: l('AI tool call', 'AI 工具调用', 'AI 工具呼叫'),
  description:
    'A call an AI member made as the member who asked it (server/modules/ai/tools): a write is stored here as a proposal ' +
    '(state pending) and runs only when that member confirms it (ai/tool/confirm), once: the confirm moves it pending -> ' +
    'running in one conditional update, so two confirms on any instances run it once. tool is the tool name offered to the ' +
    'model, input the arguments it gave, result what the call answered (data, or code and message). runId and messageId ' +
    "tie it to the AI member's run and the chat message that shows it. The asker reads their own rows; administrators all.",
  fields: {
    runId: { type: 'int', index: true, label: l('Run', '运行', '執行') },
    conversation: { type: 'string', length: 64, index: true, label: l('Conversation', '会话', '會話') },
    askerId: { type: 'int', required: true, nullable: false, index: true, label: l('Asked by', '提问者', '提問者') },
    aiUserId: { type: 'int', required: true, nullable: false, label: l('AI member', 'AI 成员', 'AI 成員') },
    tool: { type: 'string', length: 64, required: true, nullable: false, label: l('Tool', '工具', '工具') },
    input: { type: 'json', jsonType: 'object', label: l('Input', '输入', '輸入') },
    effect: {
      type: 'string',
      length: 8,
      required: true,
      nullable: false,
      default: 'write',
      label: l('Effect', '作用', '作用'),
      enum: [
        { value: 'read', label: l('Read', '读取', '讀取') },
        { value: 'write', label: l('Write', '写入', '寫入') },
      ],
    },
    state: {
      type: 'int',
      default: TOOL_CALL_STATE.pending,
      nullable: false,
      label: l('State', '状态', '狀態'),
      enum: [
        { value: TOOL_CALL_STATE.pending, label: l('Waiting for confirmation', '待确认', '待確認') },
        { value: TOOL_CALL_STATE.running, label: l('Running', '执行中', '執行中') },
        { value: TOOL_CALL_STATE.done, label: l('Done', '已完成', '已完成') },
        { value: TOOL_CALL_STATE.failed, label: l('Failed', '失败', '失敗') },
        { value: TOOL_CALL_STATE.refused, label: l('Refused', '被拒绝', '被拒絕') },
        { value: TOOL_CALL_STATE.cancelled, label: l('Cancelled', '已取消', '已取消') },
      ],
    },
    result: { type: 'json', label: l('Result', '结果', '結果') },
    messageId: { type: 'int', label: l('Chat message', '聊天消息', '聊天訊息') },
  },
  actions: ['info', 'page'],
  search: { equal: ['runId', 'conversation', 'state', 'askerId'] },
  order: { field: 'id', sort: 'desc' },
  access: {
    read: ({ user }) => user && eq('askerId', user.id),
    members: ['info', 'page'],
  },
});
