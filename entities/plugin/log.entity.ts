import { defineEntity, l, keyHolders } from '../../server/core/api';

export default defineEntity({
  module: 'plugin',
  name: 'log',
  table: 'plugin_log',
  system: 'pluginLogs',
  label: l('Plugin log', '插件日志', '外掛日誌'),
  description:
    'Ours (issue 19): what plugins write through host.log (a webhook delivery, a failure) and what the ' +
    'product records of them (installed, enabled, disabled, load failed, deleted). keyName names the plugin; ' +
    'level info or error; a short message and a JSON detail. Written by the system only; older rows are purged ' +
    'by the system task pluginLog.purge.',
  fields: {
    keyName: { type: 'string', length: 64, index: true, label: l('Plugin key', '插件标识', '外掛標識') },
    level: {
      type: 'string',
      length: 10,
      label: l('Level', '级别', '級別'),
      enum: [
        { value: 'info', label: l('Info', '信息', '資訊') },
        { value: 'error', label: l('Error', '错误', '錯誤') },
      ],
    },
    message: { type: 'string', label: l('Message', '消息', '訊息') },
    detail: { type: 'json', jsonType: 'object', label: l('Detail', '详情', '詳情') },
  },
  actions: ['page', 'info'],
  search: { keyword: ['message'], equal: ['keyName', 'level'] },
  order: { field: 'id', sort: 'desc' },
  access: keyHolders,
});
