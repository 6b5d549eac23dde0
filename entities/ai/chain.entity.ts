import { defineEntity, l } from '../../server/core/api';

/** How a chain of AI replies stands (server/modules/ai/chains/chain.ts). */
export const CHAIN_STATE = { running: 0, done: 1, stopped: 2, capped: 3, loop: 4 } as const;

export default defineEntity({
  module: 'ai',
  name: 'chain',
  table: 'ai_chain',
  area: 'ai',
  label: l('AI reply chain', 'AI 回复链', 'AI 回覆鏈'),
  description:
    "AI members answering one member's message (issue 41, server/modules/ai/chains/): rootId is that message, the " +
    'replies it started (the mentioned AI members, then those their replies mention, and so on) are its steps, ' +
    'each a run of kind 1 naming the chain in chainId, all paid by payerId, the member who wrote rootId. state ' +
    '0 running; 1 done (nobody left to answer); 2 stopped by the payer (stoppedBy), the answer streaming then ended ' +
    "and charged for what the model used; 3 capped (the group's aiReplyCap of AI messages in a row reached); 4 loop " +
    '(two AI members kept answering each other: loopIds names them). steps counts the replies started. Written only ' +
    'by the reply path; members read a chain of their conversation through ai/chain/thread; administrators read every chain.',
  fields: {
    rootId: { type: 'int', required: true, nullable: false, unique: true, label: l('Asking message', '提问消息', '提問訊息') },
    conversation: { type: 'string', length: 40, required: true, nullable: false, index: true, label: l('Conversation', '会话', '對話') },
    groupId: { type: 'int', label: l('Group', '群组', '群組') },
    payerId: { type: 'int', required: true, nullable: false, index: true, label: l('Asked and pays', '提问并付费的会员', '提問並付費的會員') },
    state: {
      type: 'int',
      default: 0,
      nullable: false,
      label: l('State', '状态', '狀態'),
      enum: [
        { value: 0, label: l('Answering', '回答中', '回答中') },
        { value: 1, label: l('Done', '已完成', '已完成') },
        { value: 2, label: l('Stopped', '已停止', '已停止') },
        { value: 3, label: l('Reply cap reached', '达到连续回复上限', '達到連續回覆上限') },
        { value: 4, label: l('Loop stopped', '已阻止循环', '已阻止循環') },
      ],
    },
    steps: { type: 'int', default: 0, nullable: false, label: l('Replies', '回复数', '回覆數') },
    loopIds: { type: 'json', label: l('Looping AI members', '循环的 AI 成员', '循環的 AI 成員') },
    stoppedBy: { type: 'int', label: l('Stopped by', '停止者', '停止者') },
    endTime: { type: 'datetime', label: l('Ended', '结束时间', '結束時間') },
  },
  actions: ['info', 'list', 'page'],
  search: { equal: ['conversation', 'payerId', 'state'] },
  order: { field: 'id', sort: 'desc' },
});
