import { defineEntity, l } from '../../server/core/api';

export default defineEntity({
  module: 'ai',
  name: 'summary',
  table: 'ai_summary',
  area: 'ai',
  label: l('Conversation memory', '会话记忆', '對話記憶'),
  description:
    'Added by us (issue 41): the rolling summary of one conversation that its AI members read before its latest turns ' +
    "(server/modules/ai/memory/). conversation is the chat's key (g:{groupId}, p:{low}:{high}), one row each; text is what the " +
    "summary model wrote from the previous summary and the turns that no longer fitted an AI member's window; upToSeq the " +
    'newest message seq it covers; runId the base/run (kind 2) that wrote it, paid by the member whose question made the ' +
    'window overflow. Written only by that run, in the transaction that settles it, and only when upToSeq grows (two ' +
    'instances never move it back). Members of the conversation read it through ai/summary/read; the generic actions are ' +
    'for administrators.',
  fields: {
    conversation: {
      type: 'string',
      length: 40,
      required: true,
      nullable: false,
      unique: true,
      label: l('Conversation', '会话', '對話'),
    },
    text: { type: 'text', required: true, nullable: false, label: l('Summary', '摘要', '摘要') },
    upToSeq: {
      type: 'int',
      default: 0,
      nullable: false,
      min: 0,
      label: l('Covers messages up to', '涵盖至消息序号', '涵蓋至訊息序號'),
    },
    runId: { type: 'int', label: l('Written by run', '生成运行', '生成執行') },
  },
  search: { keyword: ['conversation', 'text'], equal: ['conversation', 'runId'] },
  order: { field: 'updateTime', sort: 'desc' },
});
