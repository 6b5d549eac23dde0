import { defineEntity, l } from '../../server/core/entity/define';
import { keyHolders } from '../../server/core/entity/access';

export default defineEntity({
  module: 'task',
  name: 'log',
  table: 'task_log',
  label: l('Task log', '任务日志', '任務日誌'),
  note:
    'The spec names the task log without fields; we chose the task it belongs to, the outcome (0 failed, ' +
    '1 succeeded) and a detail text. Written by the scheduler; page and info serve the console.',
  fields: {
    taskId: { type: 'int', index: true, label: l('Task', '任务', '任務') },
    status: {
      type: 'int',
      label: l('Result', '结果', '結果'),
      enum: [
        { value: 0, label: l('Failed', '失败', '失敗') },
        { value: 1, label: l('Succeeded', '成功', '成功') },
      ],
    },
    detail: { type: 'text', label: l('Detail', '详情', '詳情') },
  },
  actions: ['page', 'info'],
  search: { equal: ['taskId', 'status'] },
  order: { field: 'id', sort: 'desc' },
  access: keyHolders,
});
