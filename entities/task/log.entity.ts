import { defineEntity, l, keyHolders } from '../../server/core/api';

export default defineEntity({
  module: 'task',
  name: 'log',
  table: 'task_log',
  system: 'taskLogs',
  label: l('Task log', '任务日志', '任務日誌'),
  description:
    'The spec names the task log without fields; we chose the task it belongs to, the outcome (0 failed, ' +
    '1 succeeded, 2 running) and a short detail text, and, for the scheduler: claimKey, the claim of one ' +
    'run (t:<tick ISO> for a scheduled tick, once:<uuid> for a run asked for), unique with taskId, so a tick ' +
    'delivered twice (two instances, a retried job) runs once; tick (the scheduled time, empty for once), ' +
    'startTime, duration (ms) and instance (which server ran it). Written by the scheduler; page and info ' +
    "serve the console, task/info/log pages one task's runs.",
  fields: {
    taskId: { type: 'int', index: true, label: l('Task', '任务', '任務') },
    status: {
      type: 'int',
      label: l('Result', '结果', '結果'),
      enum: [
        { value: 0, label: l('Failed', '失败', '失敗') },
        { value: 1, label: l('Succeeded', '成功', '成功') },
        { value: 2, label: l('Running', '执行中', '執行中') },
      ],
    },
    detail: { type: 'text', label: l('Detail', '详情', '詳情') },
    claimKey: { type: 'string', length: 64, label: l('Claim', '执行标识', '執行標識') },
    tick: { type: 'datetime', label: l('Scheduled for', '计划时间', '排定時間') },
    startTime: { type: 'datetime', label: l('Started', '开始时间', '開始時間') },
    duration: { type: 'int', label: l('Duration (ms)', '耗时（毫秒）', '耗時（毫秒）') },
    instance: { type: 'string', length: 100, label: l('Instance', '执行实例', '執行實例') },
  },
  indexes: [{ fields: ['taskId', 'claimKey'], unique: true }],
  actions: ['page', 'info'],
  search: { equal: ['taskId', 'status'] },
  order: { field: 'id', sort: 'desc' },
  access: keyHolders,
});
