/**
 * The runs of one task in a drawer, newest first, paged by `task/info/log` (`?id=&page=&size=&status=`):
 * result, start (local time), scheduled tick or "run once", duration, instance and detail; a filter by
 * result and a refresh (a run asked for with "Run once" shows as running until it ends).
 * Full width on a phone; the table scrolls sideways.
 */
import { useState } from 'react';
import { ReloadOutlined } from '@ant-design/icons';
import type { ProColumns } from '@ant-design/pro-components';
import { Button, Drawer, Grid, Select, Tag, Typography } from 'antd';
import { calls } from '../../../app/data';
import { useI18n } from '../../../i18n';
import CrudTable from '../../crud/CrudTable';
import type { Row } from '../../crud/table-columns';
import { formatTime, type EntityMeta } from '../data/entity';
import { durationParts } from './task-form';

/** task/log status -> tag colour: 0 failed, 1 succeeded, 2 running. */
const STATUS_COLORS: Record<number, string> = { 0: 'error', 1: 'success', 2: 'processing' };

export interface TaskLogDrawerProps {
  /** task/log, for its labels and result options. */
  meta: EntityMeta;
  task: { id?: number; name?: string | null } | null;
  onClose: () => void;
}

export default function TaskLogDrawer({ meta, task, onClose }: TaskLogDrawerProps) {
  const { t } = useI18n();
  const screens = Grid.useBreakpoint();
  const [status, setStatus] = useState<number | undefined>(undefined);
  const statuses = meta.options('status');
  const taskId = task?.id;

  const duration = (ms: unknown) => {
    const d = durationParts(typeof ms === 'number' ? ms : null);
    return d ? t(`viewsTasks.log.${d.unit}`, { n: d.n }) : '';
  };

  const columns: ProColumns<Row>[] = [
    {
      title: meta.label('status'),
      dataIndex: 'status',
      width: 110,
      render: (_, r) => (
        <Tag color={STATUS_COLORS[Number(r.status)] ?? 'default'} data-testid="task-log-status" data-status={String(r.status)}>
          {statuses.find((o) => o.value === r.status)?.label ?? String(r.status ?? '')}
        </Tag>
      ),
    },
    { title: meta.label('startTime'), dataIndex: 'startTime', width: 170, render: (_, r) => formatTime(r.startTime ?? r.createTime) },
    {
      title: t('viewsTasks.log.scheduledFor'),
      dataIndex: 'tick',
      width: 170,
      render: (_, r) => (r.tick ? formatTime(r.tick) : <Tag>{t('viewsTasks.log.runOnce')}</Tag>),
    },
    { title: meta.label('duration'), dataIndex: 'duration', width: 100, align: 'right', render: (_, r) => duration(r.duration) },
    { title: meta.label('instance'), dataIndex: 'instance', width: 160, ellipsis: true },
    {
      title: meta.label('detail'),
      dataIndex: 'detail',
      width: 320,
      render: (_, r) => (
        <Typography.Paragraph
          style={{ margin: 0, whiteSpace: 'pre-wrap', fontSize: 12, fontFamily: 'monospace', wordBreak: 'break-word' }}
          ellipsis={{ rows: 3, expandable: true }}
        >
          {String(r.detail ?? '')}
        </Typography.Paragraph>
      ),
    },
  ];

  return (
    <Drawer
      open={task !== null}
      width={screens.md ? 900 : '100%'}
      title={task ? t('viewsTasks.log.title', { name: task.name ?? '' }) : ''}
      onClose={onClose}
      destroyOnHidden
      afterOpenChange={(open) => !open && setStatus(undefined)}
      data-testid="task-logs"
      styles={{ body: { padding: screens.md ? 24 : 8 } }}
    >
      {taskId !== undefined ? (
        <CrudTable
          entry={meta.entry}
          entityKey="task/log"
          title=""
          filters={status === undefined ? {} : { status }}
          pageCall={(body) =>
            calls.task.info.log({
              id: taskId,
              page: body.page as number | undefined,
              size: body.size as number | undefined,
              ...(status === undefined ? {} : { status }),
            })
          }
          tools={{ import: false, export: false, select: false, inlineEdit: false }}
          table={() => ({
            scroll: { x: 1030 },
            options: false,
            search: false,
            pagination: { defaultPageSize: 20, showSizeChanger: true, size: 'small' },
            cardProps: { bodyStyle: { padding: 0 } },
          })}
          slots={{
            columns,
            toolbar: (_items, ctx) => [
              <Select<number | 'all'>
                key="status"
                data-testid="task-log-filter"
                style={{ minWidth: 140 }}
                value={status ?? 'all'}
                onChange={(v) => setStatus(v === 'all' ? undefined : v)}
                options={[{ value: 'all', label: t('viewsTasks.log.allResults') }, ...statuses.map((o) => ({ value: Number(o.value), label: o.label }))]}
              />,
              <Button key="refresh" icon={<ReloadOutlined />} data-testid="task-log-refresh" onClick={ctx.reload}>
                {t('common.refresh')}
              </Button>,
            ],
          }}
        />
      ) : null}
    </Drawer>
  );
}
