import { defineEntity, l, eq, keyHolders, fail, settleTaskChange, taskRowErrors, touchesSchedule } from '../../server/core/api';

export default defineEntity({
  module: 'task',
  name: 'info',
  table: 'task_info',
  system: 'tasks',
  label: l('Scheduled task', '定时任务', '排程任務'),
  description:
    'Fields of 001 §3 Scheduled task; the name is required. limit empty means unlimited runs; every is an ' +
    'interval in milliseconds, ignored when cron is set (six fields with seconds, UTC). service names a task ' +
    'handler registered in code (defineTask) and data is a JSON object its schema accepts: both are checked on ' +
    'add and update (1002, nothing saved). start, stop, once and log are custom calls. Ours: runCount (runs ' +
    "since the last start, against limit) and timeout (a run's time limit in ms; empty: the handler's, or " +
    "TASK_TIMEOUT_MS). nextRunTime, lastExecuteTime and runCount are the scheduler's (read-only). " +
    'lockExpireTime is kept for the spec but unused: a claim per (task, tick) in task/log replaces the lock.',
  fields: {
    jobId: { type: 'string', label: l('Job id', '任务标识', '任務標識') },
    repeatConf: { type: 'string', length: 1000, label: l('Repeat settings', '重复配置', '重複設定') },
    name: { type: 'string', required: true, nullable: false, label: l('Name', '名称', '名稱') },
    cron: { type: 'string', example: '0 0 3 * * *', label: l('Cron expression', 'Cron 表达式', 'Cron 表達式') },
    limit: { type: 'int', nullable: true, label: l('Max runs', '最多执行次数', '最多執行次數') },
    every: { type: 'int', nullable: true, example: 60000, label: l('Interval (ms)', '执行间隔（毫秒）', '執行間隔（毫秒）') },
    remark: { type: 'string', label: l('Remark', '备注', '備註') },
    status: {
      type: 'int',
      default: 1,
      nullable: false,
      label: l('Status', '状态', '狀態'),
      enum: [
        { value: 0, label: l('Stopped', '已停止', '已停止') },
        { value: 1, label: l('Running', '运行中', '執行中') },
      ],
    },
    startDate: { type: 'datetime', label: l('Start date', '开始时间', '開始時間') },
    endDate: { type: 'datetime', label: l('End date', '结束时间', '結束時間') },
    data: { type: 'text', example: '{}', label: l('Data', '数据', '資料') },
    service: { type: 'string', example: 'requestLog.purge', label: l('Service instance', '执行服务', '執行服務') },
    // 0: seeded by a task handler at start-up (seed-tasks.ts); 1: made by a person. Set by the server.
    type: {
      type: 'int',
      default: 0,
      nullable: false,
      readOnly: true,
      label: l('Type', '类型', '類型'),
      enum: [
        { value: 0, label: l('System', '系统', '系統') },
        { value: 1, label: l('User', '用户', '使用者') },
      ],
    },
    nextRunTime: { type: 'datetime', readOnly: true, label: l('Next run', '下次执行时间', '下次執行時間') },
    taskType: {
      type: 'int',
      default: 0,
      nullable: false,
      label: l('Schedule kind', '调度方式', '排程方式'),
      enum: [
        { value: 0, label: l('Cron', 'Cron', 'Cron') },
        { value: 1, label: l('Interval', '时间间隔', '時間間隔') },
      ],
    },
    lastExecuteTime: { type: 'datetime', readOnly: true, label: l('Last run', '上次执行时间', '上次執行時間') },
    lockExpireTime: { type: 'datetime', label: l('Lock expires', '锁过期时间', '鎖過期時間') },
    runCount: { type: 'int', default: 0, nullable: false, readOnly: true, label: l('Runs', '已执行次数', '已執行次數') },
    timeout: { type: 'int', nullable: true, example: 60000, label: l('Time limit (ms)', '超时（毫秒）', '逾時（毫秒）') },
  },
  actions: ['add', 'update', 'delete', 'page', 'info'],
  search: { keyword: ['name'], equal: ['status', 'type'] },
  access: keyHolders,
  hooks: {
    async beforeChange({ t, id, data, action }) {
      // Every add is a person's task; a module's own task is set to 0 afterwards (monitor-settings.service.ts).
      if (action === 'add') data.type = 1;
      if (!touchesSchedule(data)) return;
      let stored: Record<string, unknown> | null = null;
      if (action === 'update' && id !== undefined) {
        [stored] = await t.system.find('task/info', eq('id', id));
      }
      settleTaskChange(data, stored);
      const errors = taskRowErrors({ ...(stored ?? {}), ...data });
      if (errors.length) throw fail.invalid(errors);
    },
  },
});
