import { defineEntity, l } from '../../server/core/api';

/** Where a document's indexing stands (server/modules/ai/knowledge/indexer.ts). */
export const KNOWLEDGE_STATES = ['queued', 'indexing', 'ready', 'failed', 'unsupported'] as const;

export default defineEntity({
  module: 'ai',
  name: 'knowledgeDoc',
  table: 'ai_knowledge_doc',
  area: 'ai',
  label: l('Knowledge document', '知识文档', '知識文件'),
  description:
    "A file of a group's knowledge (issue 41, server/modules/ai/knowledge): groupId and fileId (a space/info row, " +
    'one document per group and file), its name and mime as added, the indexing state (queued, indexing, ready, ' +
    'failed, unsupported), progress 0-100, chunkCount, error (a short code: too_large, too_many_chunks, unreadable, ' +
    'empty, missing), messageIds (the file messages of the group chat that brought it: a recall takes one away, and ' +
    'the document goes with the last one unless addedBy, the owner or deputy who added it from the file list, keeps ' +
    'it) and leaseUntil (until when the instance indexing it holds it: a document left indexing past it is taken up ' +
    "again; claim names that indexing run, so a run that lost its hold stops). Written only by the server; members read their groups' documents through ai/knowledge/list; " +
    'administrators read every row here.',
  fields: {
    groupId: { type: 'int', required: true, nullable: false, index: true, label: l('Group', '群组', '群組') },
    fileId: { type: 'int', required: true, nullable: false, label: l('File', '文件', '檔案') },
    name: { type: 'string', length: 255, nullable: false, default: '', label: l('Name', '名称', '名稱') },
    mime: { type: 'string', length: 100, nullable: false, default: '', label: l('Type', '类型', '類型') },
    state: {
      type: 'string',
      length: 12,
      nullable: false,
      default: 'queued',
      label: l('State', '状态', '狀態'),
      enum: [
        { value: 'queued', label: l('Queued', '排队中', '排隊中') },
        { value: 'indexing', label: l('Indexing', '索引中', '索引中') },
        { value: 'ready', label: l('Ready', '就绪', '就緒') },
        { value: 'failed', label: l('Failed', '失败', '失敗') },
        { value: 'unsupported', label: l('Unsupported type', '不支持的类型', '不支援的類型') },
      ],
    },
    progress: { type: 'int', nullable: false, default: 0, min: 0, max: 100, label: l('Progress', '进度', '進度'), unit: l('%', '%', '%') },
    chunkCount: { type: 'int', nullable: false, default: 0, label: l('Chunks', '分块数', '分塊數') },
    error: { type: 'string', length: 40, label: l('Error', '错误', '錯誤') },
    messageIds: { type: 'json', jsonType: 'array', items: 'integer', example: [], label: l('File messages', '文件消息', '檔案訊息') },
    addedBy: { type: 'int', label: l('Added by', '添加者', '新增者') },
    leaseUntil: { type: 'datetime', label: l('Held until', '占用至', '占用至') },
    claim: { type: 'string', length: 32, label: l('Held by', '占用者', '占用者') },
  },
  actions: ['info', 'list', 'page'],
  indexes: [{ fields: ['groupId', 'fileId'], unique: true }, { fields: ['state'] }],
  search: { keyword: ['name'], equal: ['groupId', 'fileId', 'state'] },
  order: { field: 'id', sort: 'desc' },
});
