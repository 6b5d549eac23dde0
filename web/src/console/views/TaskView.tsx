/**
 * Scheduled tasks (task/info, issue 19): name, handler, schedule (cron, or "every N" for an interval),
 * status, next and last run in the browser's local time (the API's times are UTC), runs against the
 * limit; start, stop and run once (each confirmed, then a success message), add and edit in a form with
 * a preview of the next runs (tasks/TaskForm.tsx), and each task's runs in a drawer (tasks/TaskLogDrawer.tsx).
 */
import { useRef, useState } from 'react';
import type { ActionType, ProColumns } from '@ant-design/pro-components';
import { Button, Space, Tag, Typography } from 'antd';
import { CaretRightOutlined, PauseOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { calls, type Row } from '../../app/data';
import { useCan } from '../../app/auth';
import { useI18n } from '../../i18n';
import RowActions from '../../components/RowActions';
import CrudTable from '../crud/CrudTable';
import type { Row as CrudRow } from '../crud/table-columns';
import { mayUse } from '../crud/fields';
import EntityGate from './data/EntityGate';
import { formatTime, useEntities, type EntityMeta } from './data/entity';
import TaskForm from './tasks/TaskForm';
import TaskLogDrawer from './tasks/TaskLogDrawer';
import { TASK_TYPE, everyParts, runsText } from './tasks/task-form';
import { useAppApi } from '../../app/app-api';

type TaskRow = Row<'task/info'>;
const task = (r: CrudRow) => r as unknown as TaskRow;

type TaskCall = 'start' | 'stop' | 'once';

/** Each task call's question and success message. */
const CALLS: Record<TaskCall, { confirm: string; done: string }> = {
  start: { confirm: 'viewsTasks.task.confirmStart', done: 'viewsTasks.task.started' },
  stop: { confirm: 'viewsTasks.task.confirmStop', done: 'viewsTasks.task.stopped' },
  once: { confirm: 'viewsTasks.task.confirmOnce', done: 'viewsTasks.task.onceStarted' },
};

function Screen({ meta }: { meta: EntityMeta }) {
  const { t } = useI18n();
  const { modal } = useAppApi();
  const can = useCan();
  const table = useRef<ActionType>(undefined);
  const logs = useEntities(['task/log']);
  const logMeta = logs ? logs[0] : null;
  const [logsOf, setLogsOf] = useState<TaskRow | null>(null);
  const optionLabel = (field: string, v: unknown) => meta.options(field).find((o) => o.value === v)?.label ?? '';
  const may = (action: string) => mayUse(meta.entry, action, can);
  const canLogs = logMeta !== null && may('log');

  const ask = (call: TaskCall, r: TaskRow) =>
    modal.confirm({
      title: t('common.tip'),
      content: t(CALLS[call].confirm, { name: r.name ?? '' }),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: () =>
        calls.task.info[call]({ id: r.id }, { successMessage: t(CALLS[call].done) }).then(
          () => void table.current?.reload(),
          () => undefined, // the client showed the server's message
        ),
    });

  const schedule = (r: TaskRow) => {
    if (r.taskType === TASK_TYPE.interval || (!r.cron && r.every)) {
      const p = everyParts(Number(r.every ?? 0));
      return (
        <Space size={4}>
          <Tag>{optionLabel('taskType', TASK_TYPE.interval)}</Tag>
          <span>{t(`viewsTasks.task.every.${p.unit}`, { n: p.n })}</span>
        </Space>
      );
    }
    return (
      <Space size={4}>
        <Tag color="geekblue">{optionLabel('taskType', TASK_TYPE.cron)}</Tag>
        <Typography.Text code>{r.cron ?? ''}</Typography.Text>
      </Space>
    );
  };

  const columns: ProColumns<CrudRow>[] = [
    {
      title: meta.label('name'),
      dataIndex: 'name',
      width: 200,
      render: (_, r) => (
        <Space direction="vertical" size={0}>
          <Typography.Text strong>{task(r).name}</Typography.Text>
          {task(r).remark ? (
            <Typography.Text type="secondary" ellipsis style={{ fontSize: 12, maxWidth: 190 }}>
              {task(r).remark}
            </Typography.Text>
          ) : null}
        </Space>
      ),
    },
    { title: meta.label('service'), dataIndex: 'service', width: 160, render: (_, r) => <Typography.Text code>{task(r).service ?? ''}</Typography.Text> },
    { title: t('viewsTasks.task.schedule'), key: 'schedule', width: 220, render: (_, r) => schedule(task(r)) },
    {
      title: meta.label('status'),
      dataIndex: 'status',
      width: 110,
      render: (_, r) => (
        <Tag color={task(r).status === 1 ? 'processing' : 'default'} data-testid="task-status" data-status={String(task(r).status)}>
          {optionLabel('status', task(r).status)}
        </Tag>
      ),
    },
    { title: meta.label('nextRunTime'), dataIndex: 'nextRunTime', width: 170, render: (_, r) => formatTime(task(r).nextRunTime) || '-' },
    { title: meta.label('lastExecuteTime'), dataIndex: 'lastExecuteTime', width: 170, render: (_, r) => formatTime(task(r).lastExecuteTime) || '-' },
    { title: t('viewsTasks.task.runs'), key: 'runs', width: 110, render: (_, r) => runsText(task(r).runCount, task(r).limit) },
  ];

  const rowActions = (r: TaskRow, edit?: () => void, remove?: () => void) => (
    <RowActions icons={false} onEdit={edit} onDelete={remove}>
      {may('once') ? (
        <Button type="link" size="small" icon={<ThunderboltOutlined />} onClick={() => ask('once', r)} data-testid="task-once">
          {t('viewsTasks.task.once')}
        </Button>
      ) : null}
      {r.status === 1
        ? may('stop') && (
            <Button type="link" size="small" icon={<PauseOutlined />} onClick={() => ask('stop', r)} data-testid="task-stop">
              {t('viewsTasks.task.stop')}
            </Button>
          )
        : may('start') && (
            <Button type="link" size="small" icon={<CaretRightOutlined />} onClick={() => ask('start', r)} data-testid="task-start">
              {t('viewsTasks.task.start')}
            </Button>
          )}
      {canLogs ? (
        <Button type="link" size="small" onClick={() => setLogsOf(r)} data-testid="task-logs-open">
          {t('viewsTasks.task.logs')}
        </Button>
      ) : null}
    </RowActions>
  );

  return (
    <div data-testid="task-screen">
      <CrudTable
        entry={meta.entry}
        entityKey="task/info"
        actionRef={table}
        keywordPlaceholder={t('viewsTasks.task.searchPlaceholder')}
        tools={{ import: false, export: false, select: false }}
        table={() => ({ scroll: { x: 1500 }, options: { reload: true, density: false, setting: true } })}
        slots={{
          columns,
          toolbar: (items) => [items.keyword, items.add],
          rowActionsWidth: 360,
          rowActions: (r, d) => rowActions(task(r), d.edit && (() => d.edit!()), d.remove),
          form: ({ target, onClose, onSaved }) => (
            <TaskForm meta={meta} target={target === null ? null : target === 'add' ? 'new' : task(target.row ?? {})} onClose={onClose} onSaved={onSaved} />
          ),
        }}
      />
      {canLogs && logMeta ? <TaskLogDrawer meta={logMeta} task={logsOf} onClose={() => setLogsOf(null)} /> : null}
    </div>
  );
}

export default function TaskView() {
  return <EntityGate keys={['task/info']}>{([meta]) => <Screen meta={meta} />}</EntityGate>;
}
