import { defineEntity, l, isIn, keyHolders } from '../../../server/core/api';

export default defineEntity({
  module: 'base',
  name: 'sys/log',
  table: 'base_sys_log',
  system: 'requestLog',
  label: l('Request log', '请求日志', '請求日誌'),
  description:
    'Written by the server for each request (server/core/log, batched off the request path); read-only ' +
    'in the console (page only), newest first. userName is derived on read (nickName, else username). ' +
    'createTime is indexed for the purge of rows older than the param logKeep and for the dashboard. ' +
    'reqId is the X-Request-Id of the request (the one a load balancer sent, else one made by the server). ' +
    'apiKey is the name of the API key the request signed in with (base/apiKey), empty for a token.',
  fields: {
    userId: { type: 'int', index: true, label: l('User', '用户', '使用者') },
    action: { type: 'string', length: 200, label: l('Action', '行为', '行為') },
    ip: { type: 'string', length: 50, label: l('IP', 'IP', 'IP') },
    params: { type: 'text', label: l('Parameters', '参数', '參數') },
    reqId: { type: 'string', length: 128, label: l('Request id', '请求 ID', '請求 ID') },
    apiKey: { type: 'string', length: 64, label: l('API key', 'API 密钥', 'API 金鑰') },
    userName: { type: 'string', virtual: true, readOnly: true, label: l('User name', '用户名', '使用者名稱') },
  },
  actions: ['page'],
  search: { keyword: ['action', 'ip', 'apiKey'], equal: ['userId'] },
  order: { field: 'id', sort: 'desc' },
  indexes: [{ fields: ['createTime'] }],
  // The request log grows without bound: its unfiltered total comes from the database's statistics.
  total: 'estimated',
  access: keyHolders,
  hooks: {
    async afterRead({ t, rows }) {
      const ids = [...new Set(rows.map((r) => Number(r.userId)).filter((id) => Number.isSafeInteger(id) && id > 0))];
      const names = new Map<number, string>();
      if (ids.length) {
        const found = await t.system.find('base/sys/user', isIn('id', ids), { fields: ['nickName', 'username'], deleted: true });
        for (const u of found) names.set(Number(u.id), String(u.nickName || u.username || ''));
      }
      for (const r of rows) r.userName = names.get(Number(r.userId)) || null;
    },
  },
});
