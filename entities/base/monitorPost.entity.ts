import { defineEntity, l } from '../../server/core/api';

/**
 * A post the X monitor fetched (server/modules/site/monitor/monitor-fetch.service.ts): one row per X
 * post id (`postId`, unique), so fetching the same post again never adds a second row. The public
 * `monitor/twitterData` call answers these rows' public fields, newest first.
 */
export default defineEntity({
  module: 'base',
  name: 'monitorPost',
  table: 'base_monitor_post',
  label: l('X post', 'X 帖子', 'X 貼文'),
  description:
    'Added by us (issue 21): posts fetched by the task monitor.fetch from the X API v2 (recent search ' +
    "and user timelines). postId is X's id (unique: a re-fetch adds nothing); postedAt is X's created_at; " +
    'metrics is its public_metrics (likes, reposts, replies, quotes...) as first fetched; source is the ' +
    'account (@name) or keyword that found it. The public call monitor/twitterData answers postId, ' +
    'author, text, url, createdAt (postedAt) and metrics; the rows themselves are for administrators.',
  fields: {
    postId: { type: 'string', length: 32, required: true, unique: true, nullable: false, label: l('Post id', '帖子 ID', '貼文 ID') },
    authorId: { type: 'string', length: 32, label: l('Author id', '作者 ID', '作者 ID') },
    authorUsername: { type: 'string', length: 100, index: true, label: l('Author username', '作者用户名', '作者使用者名稱') },
    authorName: { type: 'string', length: 100, label: l('Author name', '作者名称', '作者名稱') },
    text: { type: 'text', label: l('Text', '内容', '內容') },
    url: { type: 'string', length: 300, label: l('Link', '链接', '連結') },
    postedAt: { type: 'datetime', index: true, label: l('Posted at', '发布时间', '發布時間') },
    metrics: { type: 'json', jsonType: 'object', label: l('Metrics', '互动数据', '互動數據') },
    source: { type: 'string', length: 600, label: l('Found by', '来源', '來源') },
  },
  actions: ['info', 'page', 'delete'],
  search: { keyword: ['text', 'authorUsername', 'authorName'], equal: ['postId', 'authorUsername'] },
  order: { field: 'postedAt', sort: 'desc' },
  // No access declaration: administrators only (twitterData reads the public fields for everyone).
});
