import { defineEntity, l, keyHolders } from '../../server/core/api';

export default defineEntity({
  module: 'base',
  name: 'shortLink',
  table: 'base_short_link',
  label: l('Short link', '短链接', '短網址'),
  description:
    'The spec names this entity without fields. shortKey (unique) and url are required; ' +
    'GET s/{shortKey} redirects to url and counts the visit. add and delete are hand-written ' +
    '(docs/decisions/spec-departures.md: delete needs the deleteKey that add returned, stored hidden); the ' +
    'console only reads. userId is the signed-in creator, if any.',
  fields: {
    shortKey: {
      type: 'string',
      length: 32,
      required: true,
      unique: true,
      nullable: false,
      label: l('Short key', '短码', '短碼'),
    },
    url: { type: 'text', required: true, nullable: false, format: 'uri', label: l('Target URL', '目标地址', '目標網址') },
    deleteKey: { type: 'string', length: 128, hidden: true, label: l('Delete key', '删除密钥', '刪除金鑰') },
    userId: { type: 'int', index: true, label: l('Creator', '创建者', '建立者') },
    visitCount: { type: 'int', default: 0, nullable: false, label: l('Visits', '访问次数', '造訪次數') },
    expireTime: { type: 'datetime', label: l('Expires', '过期时间', '到期時間') },
  },
  actions: ['page', 'info'],
  search: { keyword: ['shortKey', 'url'], equal: ['userId'] },
  order: { field: 'id', sort: 'desc' },
  access: {
    ...keyHolders,
    // Whoever holds a short key is sent to its url (s/{shortKey}): that pair is public by design.
    visible: { anonymous: ['shortKey', 'url'], member: ['shortKey', 'url'] },
  },
});
