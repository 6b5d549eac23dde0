/**
 * Scheduled tasks (task/info) with their logs: status as a badge, the schedule (cron or interval),
 * the service, the next run and a remark; add, edit, delete, and a drawer of each task's runs.
 * Start, stop and run-now come with their own issue.
 */
import {
  ModalForm,
  ProFormDateTimePicker,
  ProFormDependency,
  ProFormDigit,
  ProFormRadio,
  ProFormText,
  ProFormTextArea,
  type ProColumns,
  type ProFormInstance,
} from '@ant-design/pro-components';
import { Badge, Button, Space, Tag, Typography } from 'antd';
import { useRef, useState } from 'react';
import type { Row } from '../../app/data';
import { useCan } from '../../app/auth';
import { useI18n } from '../../i18n';
import CrudTable from '../crud/CrudTable';
import type { FormTarget } from '../crud/crud-slots';
import type { Row as CrudRow } from '../crud/table-columns';
import EntityGate from './data/EntityGate';
import TaskLogs from './data/TaskLogs';
import { formatTime, saveRow, useEntities, type EntityMeta } from './data/entity';
import RowActions from '../../components/RowActions';

type TaskRow = Row<'task/info'>;
const task = (r: CrudRow) => r as unknown as TaskRow;

const FORM_FIELDS = ['name', 'taskType', 'cron', 'every', 'limit', 'startDate', 'endDate', 'service', 'data', 'remark'] as const;

function Screen({ meta }: { meta: EntityMeta }) {
  const { t } = useI18n();
  const logs = useEntities(['task/log']);
  const logMeta = logs ? logs[0] : null;
  const can = useCan();
  const formRef = useRef<ProFormInstance>(undefined);
  const [logsOf, setLogsOf] = useState<TaskRow | null>(null);
  const optionLabel = (field: string, v: unknown) => meta.options(field).find((o) => o.value === v)?.label ?? '';
  const canLogs = logMeta !== null && can('task:log:page');

  const schedule = (r: TaskRow) =>
    r.taskType === 1 ? (
      <Space size={4}>
        <Tag>{optionLabel('taskType', 1)}</Tag>
        <span>{t('viewsData.task.everyMs', { n: r.every ?? 0 })}</span>
      </Space>
    ) : (
      <Space size={4}>
        <Tag color="geekblue">{optionLabel('taskType', 0)}</Tag>
        <Typography.Text code>{r.cron ?? ''}</Typography.Text>
      </Space>
    );

  const columns: ProColumns<CrudRow>[] = [
    { title: meta.label('name'), dataIndex: 'name', width: 170, ellipsis: true },
    {
      title: meta.label('status'),
      dataIndex: 'status',
      width: 100,
      render: (_, r) => <Badge status={task(r).status === 1 ? 'processing' : 'default'} text={optionLabel('status', r.status)} />,
    },
    { title: t('viewsData.task.schedule'), key: 'schedule', width: 210, render: (_, r) => schedule(task(r)) },
    { title: meta.label('service'), dataIndex: 'service', width: 120, ellipsis: true },
    { title: meta.label('nextRunTime'), dataIndex: 'nextRunTime', width: 170, render: (_, r) => formatTime(r.nextRunTime) },
    { title: meta.label('remark'), dataIndex: 'remark', ellipsis: true },
  ];

  const form = (target: FormTarget, onClose: () => void, onSaved: () => void) => {
    const editing = target === null ? null : target === 'add' ? 'new' : task(target.row ?? {});
    const initial = editing && editing !== 'new' ? Object.fromEntries(FORM_FIELDS.map((f) => [f, editing[f] ?? undefined])) : { taskType: 0 };
    return (
      <ModalForm<Record<string, unknown>>
        key={editing === 'new' ? 'new' : (editing?.id ?? 'closed')}
        formRef={formRef}
        title={editing === 'new' ? t('common.add') : t('common.edit')}
        open={editing !== null}
        width={680}
        grid
        rowProps={{ gutter: 16 }}
        modalProps={{ destroyOnHidden: true, onCancel: onClose }}
        initialValues={initial}
        submitter={{ submitButtonProps: { 'data-testid': 'form-submit' } }}
        onFinish={async (values) => {
          const body: Record<string, unknown> = { ...values };
          for (const k of ['cron', 'every', 'limit', 'startDate', 'endDate'] as const) if (body[k] === undefined || body[k] === '') body[k] = null;
          if (body.taskType === 1) body.cron = null;
          else body.every = null;
          const id = editing && editing !== 'new' ? editing.id : undefined;
          const ok = await saveRow(meta, body, id, formRef.current, t('common.saveSuccess'));
          if (ok) onSaved();
          return ok;
        }}
      >
        <ProFormText name="name" label={meta.label('name')} rules={[{ required: true }]} fieldProps={{ maxLength: 255 }} />
        <ProFormRadio.Group
          name="taskType"
          label={meta.label('taskType')}
          radioType="button"
          colProps={{ span: 10 }}
          options={meta.options('taskType').map((o) => ({ value: o.value, label: o.label }))}
        />
        <ProFormDependency name={['taskType']}>
          {({ taskType }: { taskType?: number }) =>
            taskType === 1 ? (
              <ProFormDigit name="every" label={meta.label('every')} min={1} colProps={{ span: 14 }} rules={[{ required: true }]} fieldProps={{ precision: 0 }} />
            ) : (
              <ProFormText
                name="cron"
                label={meta.label('cron')}
                colProps={{ span: 14 }}
                rules={[{ required: true }]}
                placeholder={t('viewsData.task.cronPlaceholder')}
                fieldProps={{ maxLength: 255 }}
              />
            )
          }
        </ProFormDependency>
        <ProFormDigit name="limit" label={meta.label('limit')} min={1} colProps={{ span: 12 }} placeholder={t('viewsData.task.unlimited')} fieldProps={{ precision: 0 }} />
        <ProFormText name="service" label={meta.label('service')} colProps={{ span: 12 }} fieldProps={{ maxLength: 255 }} />
        <ProFormDateTimePicker name="startDate" label={meta.label('startDate')} colProps={{ span: 12 }} fieldProps={{ style: { width: '100%' } }} />
        <ProFormDateTimePicker name="endDate" label={meta.label('endDate')} colProps={{ span: 12 }} fieldProps={{ style: { width: '100%' } }} />
        <ProFormTextArea name="data" label={meta.label('data')} fieldProps={{ rows: 3 }} />
        <ProFormText name="remark" label={meta.label('remark')} fieldProps={{ maxLength: 255 }} />
      </ModalForm>
    );
  };

  return (
    <>
      <CrudTable
        entry={meta.entry}
        entityKey="task/info"
        keywordPlaceholder={t('viewsData.task.searchPlaceholder')}
        tools={{ import: false, export: false, select: false }}
        table={() => ({ scroll: { x: 1100 }, options: { reload: true, density: false, setting: true } })}
        slots={{
          columns,
          toolbar: (items) => [items.keyword, items.add],
          rowActionsWidth: 170,
          rowActions: (r, d) => (
            <RowActions icons={false} onEdit={d.edit && (() => d.edit!())} onDelete={d.remove}>
              {canLogs ? (
                <Button type="link" size="small" onClick={() => setLogsOf(task(r))} data-testid="task-logs-open">
                  {t('viewsData.task.logs')}
                </Button>
              ) : null}
            </RowActions>
          ),
          form: ({ target, onClose, onSaved }) => form(target, onClose, onSaved),
        }}
      />
      {canLogs && logMeta ? <TaskLogs meta={logMeta} task={logsOf} onClose={() => setLogsOf(null)} /> : null}
    </>
  );
}

export default function TaskView() {
  return <EntityGate keys={['task/info']}>{([meta]) => <Screen meta={meta} />}</EntityGate>;
}
