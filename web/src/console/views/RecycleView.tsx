/**
 * Deleted-data recovery (recycle/data): every delete recorded with where it came from, who did it and
 * what it removed; a record's detail shows the deleted rows, and Restore brings them back.
 */
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { App, Button, Descriptions, Modal, Space, Tag, Typography } from 'antd';
import { useRef, useState } from 'react';
import { api } from '../../app/api';
import { useCan } from '../../app/auth';
import { useI18n } from '../../i18n';
import EntityGate from './data/EntityGate';
import JsonPreview from './data/JsonPreview';
import { fetchPage, formatTime, type EntityMeta, type Row } from './data/entity';

interface RecycleRow extends Row {
  entityInfo?: { module?: string; entity?: string; table?: string; soft?: string | null } | null;
  data?: Array<Record<string, unknown>> | null;
  url?: string;
  params?: unknown;
  count?: number;
  userId?: number | null;
  userName?: string | null;
}

const NAME_FIELDS = ['name', 'title', 'nickName', 'username', 'keyName', 'key', 'label'];

/** A short line naming the deleted rows: their names where they have one, else their ids. */
export function summaryOf(row: RecycleRow): string {
  const rows = Array.isArray(row.data) ? row.data : [];
  const names = rows.slice(0, 3).map((r) => {
    const f = NAME_FIELDS.find((k) => typeof r[k] === 'string' && r[k]);
    return f ? String(r[f]) : `#${String(r.id ?? '?')}`;
  });
  return names.join(', ') + (rows.length > 3 ? ` …` : '');
}

function entityName(row: RecycleRow): string {
  const e = row.entityInfo;
  return e?.module && e.entity ? `${e.module}/${e.entity}` : '';
}

function Screen({ meta }: { meta: EntityMeta }) {
  const { t } = useI18n();
  const can = useCan();
  const { modal } = App.useApp();
  const ref = useRef<ActionType>(null);
  const [detail, setDetail] = useState<RecycleRow | null>(null);

  const restore = (row: RecycleRow) =>
    modal.confirm({
      title: t('common.tip'),
      content: t('viewsData.recycle.confirmRestore'),
      onOk: () =>
        api.post(`${meta.prefix}/restore`, { ids: [row.id] }, { successMessage: t('common.operationSuccess') }).then(() => {
          setDetail(null);
          void ref.current?.reload();
        }),
    });

  const columns: ProColumns<RecycleRow>[] = [
    { title: t('viewsData.id'), dataIndex: 'id', width: 70, search: false },
    {
      title: t('viewsData.recycle.entity'),
      key: 'entity',
      search: false,
      render: (_, r) => (
        <Space direction="vertical" size={0}>
          <Tag color="blue">{entityName(r)}</Tag>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {r.entityInfo?.table ?? ''}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: t('viewsData.recycle.summary'),
      key: 'summary',
      search: false,
      ellipsis: true,
      render: (_, r) => summaryOf(r),
    },
    { title: meta.label('count'), dataIndex: 'count', width: 90, search: false },
    { title: meta.label('userName'), dataIndex: 'userName', width: 140, search: false },
    { title: meta.label('url'), dataIndex: 'url', search: false, ellipsis: true },
    { title: t('viewsData.recycle.deletedAt'), dataIndex: 'createTime', width: 170, search: false, render: (_, r) => formatTime(r.createTime) },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 150,
      search: false,
      fixed: 'right',
      render: (_, r) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setDetail(r)} data-testid="recycle-detail">
            {t('common.detail')}
          </Button>
          {can('recycle:data:restore') ? (
            <Button type="link" size="small" onClick={() => restore(r)} data-testid="recycle-restore">
              {t('viewsData.recycle.restore')}
            </Button>
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <>
      <ProTable<RecycleRow>
        data-testid="recycle-screen"
        rowKey="id"
        actionRef={ref}
        columns={columns}
        search={false}
        headerTitle={meta.entry.label}
        options={{ reload: true, density: false, setting: true, search: { placeholder: t('viewsData.recycle.searchPlaceholder'), allowClear: true } }}
        request={(params) => fetchPage<RecycleRow>(meta.prefix, params)}
        pagination={{ defaultPageSize: 20, showSizeChanger: true }}
        scroll={{ x: 1000 }}
      />
      <Modal
        open={detail !== null}
        title={t('viewsData.recycle.detailTitle')}
        width={760}
        onCancel={() => setDetail(null)}
        footer={(_, { CancelBtn }) => (
          <>
            <CancelBtn />
            {detail && can('recycle:data:restore') ? (
              <Button type="primary" onClick={() => restore(detail)}>
                {t('viewsData.recycle.restore')}
              </Button>
            ) : null}
          </>
        )}
      >
        {detail ? (
          <>
            <Descriptions size="small" column={2} style={{ marginBottom: 12 }}>
              <Descriptions.Item label={t('viewsData.recycle.entity')}>{entityName(detail)}</Descriptions.Item>
              <Descriptions.Item label={meta.label('count')}>{detail.count}</Descriptions.Item>
              <Descriptions.Item label={meta.label('userName')}>{detail.userName ?? ''}</Descriptions.Item>
              <Descriptions.Item label={t('viewsData.recycle.deletedAt')}>{formatTime(detail.createTime)}</Descriptions.Item>
              <Descriptions.Item label={meta.label('url')} span={2}>
                {detail.url ?? ''}
              </Descriptions.Item>
            </Descriptions>
            <Typography.Text strong>{meta.label('data')}</Typography.Text>
            <div style={{ marginTop: 6 }}>
              <JsonPreview value={detail.data ?? []} />
            </div>
          </>
        ) : null}
      </Modal>
    </>
  );
}

export default function RecycleView() {
  return <EntityGate keys={['recycle/data']}>{([meta]) => <Screen meta={meta} />}</EntityGate>;
}
