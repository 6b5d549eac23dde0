/** Envelope messages of scheduled tasks: the checks of a task row and the task calls. */
import { registerMessages } from '../i18n/messages';

export const TASK = registerMessages({
  en: {
    field_task_cron: 'must be a cron expression of six fields, second minute hour day month weekday (UTC)',
    field_task_service: 'names no task handler of this server',
    field_task_schedule: 'is required: a cron expression, or an interval in milliseconds',
    field_task_every: 'must be a whole number of milliseconds, at least {min}',
    field_task_end: 'must not be before the start date',
    field_task_limit: 'must be a whole number from 1, or empty for no limit',
    field_task_timeout: 'must be a whole number of milliseconds from {min} to {max}',
  },
  'zh-cn': {
    field_task_cron: '必须是六段的 cron 表达式：秒 分 时 日 月 周（UTC）',
    field_task_service: '不是本服务器已注册的任务处理程序',
    field_task_schedule: '必填：cron 表达式或以毫秒计的执行间隔',
    field_task_every: '必须是不小于 {min} 的整数毫秒',
    field_task_end: '不能早于开始时间',
    field_task_limit: '必须是从 1 开始的整数，留空表示不限次数',
    field_task_timeout: '必须是 {min} 到 {max} 之间的整数毫秒',
  },
  'zh-tw': {
    field_task_cron: '必須是六段的 cron 表達式：秒 分 時 日 月 週（UTC）',
    field_task_service: '不是本伺服器已註冊的任務處理程式',
    field_task_schedule: '必填：cron 表達式或以毫秒計的執行間隔',
    field_task_every: '必須是不小於 {min} 的整數毫秒',
    field_task_end: '不能早於開始時間',
    field_task_limit: '必須是從 1 開始的整數，留空表示不限次數',
    field_task_timeout: '必須是 {min} 到 {max} 之間的整數毫秒',
  },
});
