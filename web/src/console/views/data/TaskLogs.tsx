/** The runs of one scheduled task (task/log by taskId), newest first, in a drawer. */
import { ProTable, type ProColumns } from '@ant-design/pro-components';
import { Badge, Drawer, Typography } from 'antd';
import { useI18n } from '../../../i18n';
import { fetchPage, formatTime, type EntityMeta, type Row } from './entity';

interface LogRow extends Row {
  taskId: number;
  status?: number | null;
  detail?: string | null;
}

export interface TaskLogsProps {
  meta: EntityMeta;
  task: { id: number; name: string } | null;
  onClose: () => void;
}

export default function TaskLogs({ meta, task, onClose }: TaskLogsProps) {
  const { t } = useI18n();
  const statusLabel = (v: unknown) => meta.options('status').find((o) => o.value === v)?.label ?? '';
  const columns: ProColumns<LogRow>[] = [
    { title: t('viewsData.id'), dataIndex: 'id', width: 70 },
    {
      title: meta.label('status'),
      dataIndex: 'status',
      width: 110,
      render: (_, r) => <Badge status={r.status === 1 ? 'success' : 'error'} text={statusLabel(r.status)} />,
    },
    {
      title: meta.label('detail'),
      dataIndex: 'detail',
      render: (_, r) => (
        <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap' }} ellipsis={{ rows: 3, expandable: true, symbol: t('viewsData.task.more') }}>
          {r.detail ?? ''}
        </Typography.Paragraph>
      ),
    },
    { title: t('viewsData.task.runAt'), dataIndex: 'createTime', width: 170, render: (_, r) => formatTime(r.createTime) },
  ];
  return (
    <Drawer
      open={task !== null}
      width={820}
      title={task ? t('viewsData.task.logsOf', { name: task.name }) : ''}
      onClose={onClose}
      destroyOnHidden
      data-testid="task-logs"
    >
      {task ? (
        <ProTable<LogRow>
          rowKey="id"
          columns={columns}
          search={false}
          toolBarRender={false}
          params={{ taskId: task.id }}
          request={(params) => fetchPage<LogRow>(meta.prefix, { current: params.current, pageSize: params.pageSize }, { taskId: task.id })}
          pagination={{ defaultPageSize: 20 }}
          cardProps={{ bodyStyle: { padding: 0 } }}
        />
      ) : null}
    </Drawer>
  );
}
