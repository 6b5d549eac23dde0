import { defineEntity, l } from '../../server/core/api';

export default defineEntity({
  module: 'base',
  name: 'searchTerm',
  table: 'base_search_term',
  area: 'workspace',
  label: l('Search term', '搜索词条', '搜尋詞條'),
  description:
    'The full-text search index (server/modules/chat/search): one row per term of an indexed text. ' +
    'source names what was indexed (message: a chat message) and sourceId its row; scope is the ' +
    'set a search may be narrowed to (for messages the conversation key g:{groupId} or p:{low}:{high}); ' +
    'term is a word or, in CJK text, a pair of characters (and the last character of a run), normalized ' +
    'and lower-cased (search/terms.ts), compared code point by code point; hits counts its occurrences ' +
    'in the text. Written by the server only (a text is re-indexed when it changes and removed when it ' +
    'is recalled), never by members, who search through message/search; the console may page it. A row ' +
    'with source mark keeps how far the background indexing of existing rows has come (sourceId: the ' +
    'last id covered; term: the source it covers).',
  fields: {
    source: { type: 'string', length: 16, required: true, nullable: false, label: l('Source', '来源', '來源') },
    sourceId: { type: 'int', required: true, nullable: false, label: l('Source record', '来源记录', '來源紀錄') },
    scope: { type: 'string', length: 40, nullable: false, default: '', label: l('Scope', '范围', '範圍') },
    term: { type: 'string', length: 32, required: true, nullable: false, collation: 'binary', label: l('Term', '词条', '詞條') },
    hits: { type: 'int', nullable: false, default: 1, label: l('Occurrences', '出现次数', '出現次數') },
  },
  actions: ['page'],
  // No filters: each would add a page index to a table written on every message.
  order: { field: 'id', sort: 'desc' },
  // A search reads (term, scope) and needs sourceId: the index answers it without the rows.
  indexes: [{ fields: ['term', 'scope', 'source', 'sourceId'] }, { fields: ['source', 'sourceId', 'term'], unique: true }],
  // Many rows per message: the unfiltered total of the console's page comes from the statistics.
  total: 'estimated',
});
