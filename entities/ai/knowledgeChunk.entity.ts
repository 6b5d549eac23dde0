import { defineEntity, l } from '../../server/core/api';

export default defineEntity({
  module: 'ai',
  name: 'knowledgeChunk',
  table: 'ai_knowledge_chunk',
  area: 'ai',
  label: l('Knowledge chunk', '知识分块', '知識分塊'),
  description:
    "A piece of a group's knowledge document (ai/knowledgeDoc, server/modules/ai/knowledge): docId, groupId, seq " +
    '(its order in the document), place (where it is: p. 3 for a PDF page, ¶ 4 for a paragraph, with the heading ' +
    'it falls under), text (about 800 to 1200 characters, a little overlapping the one before), and, when the model ' +
    "registry has an embeddings model, vector (the text's embedding as a JSON list) and vectorModel (which model made " +
    'it: vectors of another model are not compared). Its words are in the search index (base/searchTerm, source ' +
    'kchunk, scope g:{groupId}). Written only by the indexing; administrators read it.',
  fields: {
    docId: { type: 'int', required: true, nullable: false, index: true, label: l('Document', '文档', '文件') },
    groupId: { type: 'int', required: true, nullable: false, index: true, label: l('Group', '群组', '群組') },
    seq: { type: 'int', nullable: false, default: 0, label: l('Order', '顺序', '順序') },
    place: { type: 'string', length: 120, nullable: false, default: '', label: l('Place', '位置', '位置') },
    text: { type: 'text', label: l('Text', '文本', '文字') },
    vector: { type: 'text', hidden: true, label: l('Vector', '向量', '向量') },
    vectorModel: { type: 'string', length: 191, label: l('Vector model', '向量模型', '向量模型') },
  },
  actions: ['info', 'list', 'page'],
  search: { keyword: ['place'], equal: ['docId', 'groupId'] },
  order: { field: 'id', sort: 'asc' },
});
