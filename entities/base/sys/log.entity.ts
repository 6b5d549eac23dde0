import { defineEntity, l } from '../../../server/core/entity/define';

export default defineEntity({
  module: 'base',
  name: 'sys/log',
  table: 'base_sys_log',
  label: l('Request log', '请求日志', '請求日誌'),
  note: 'Written by the server for each request; read-only in the console (page only), newest first.',
  fields: {
    userId: { type: 'int', index: true, label: l('User', '用户', '使用者') },
    action: { type: 'string', length: 200, label: l('Action', '行为', '行為') },
    ip: { type: 'string', length: 50, label: l('IP', 'IP', 'IP') },
    params: { type: 'text', label: l('Parameters', '参数', '參數') },
  },
  actions: ['page'],
  search: { keyword: ['action', 'ip'], equal: ['userId'] },
  order: { field: 'id', sort: 'desc' },
  // The request log grows without bound: its unfiltered total comes from the database's statistics.
  total: 'estimated',
});
