/** The runs of one scheduled task (task/log by taskId), newest first, in a drawer. */
import type { ProColumns } from '@ant-design/pro-components';
import { Badge, Drawer, Typography } from 'antd';
import { useI18n } from '../../../i18n';
import CrudTable from '../../crud/CrudTable';
import type { Row } from '../../crud/table-columns';
import { formatTime, type EntityMeta } from './entity';

export interface TaskLogsProps {
  meta: EntityMeta;
  task: { id: number; name?: string | null } | null;
  onClose: () => void;
}

export default function TaskLogs({ meta, task, onClose }: TaskLogsProps) {
  const { t } = useI18n();
  const statusLabel = (v: unknown) => meta.options('status').find((o) => o.value === v)?.label ?? '';
  const columns: ProColumns<Row>[] = [
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
          {String(r.detail ?? '')}
        </Typography.Paragraph>
      ),
    },
    { title: t('viewsData.task.runAt'), dataIndex: 'createTime', width: 170, render: (_, r) => formatTime(r.createTime) },
  ];
  return (
    <Drawer
      open={task !== null}
      width={820}
      title={task ? t('viewsData.task.logsOf', { name: task.name ?? '' }) : ''}
      onClose={onClose}
      destroyOnHidden
      data-testid="task-logs"
    >
      {task ? (
        <CrudTable
          entry={meta.entry}
          entityKey="task/log"
          filters={{ taskId: task.id }}
          tools={{ import: false, export: false, select: false }}
          table={() => ({ toolBarRender: false, pagination: { defaultPageSize: 20 }, scroll: undefined, options: false, cardProps: { bodyStyle: { padding: 0 } } })}
          slots={{ columns }}
        />
      ) : null}
    </Drawer>
  );
}
