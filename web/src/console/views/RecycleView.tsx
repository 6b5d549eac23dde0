/**
 * Deleted-data recovery (recycle/data): every delete recorded with where it came from, who did it and
 * what it removed; a record's detail shows the deleted rows, and Restore brings them back.
 */
import type { ActionType, ProColumns } from '@ant-design/pro-components';
import { Button, Descriptions, Modal, Space, Tag, Typography } from 'antd';
import { useRef, useState } from 'react';
import { calls, type Row } from '../../app/data';
import { useCan } from '../../app/auth';
import { useI18n } from '../../i18n';
import CrudTable from '../crud/CrudTable';
import type { Row as CrudRow } from '../crud/table-columns';
import EntityGate from './data/EntityGate';
import JsonPreview from './data/JsonPreview';
import { formatTime, type EntityMeta } from './data/entity';
import { useAppApi } from '../../app/app-api';

/** A recycle record; `entityInfo` and `data` are JSON the row type leaves open. */
type RecycleRow = Omit<Row<'recycle/data'>, 'entityInfo' | 'data'> & {
  entityInfo?: { module?: string; entity?: string; table?: string; soft?: string | null } | null;
  data?: Array<Record<string, unknown>> | null;
};
const record = (r: CrudRow) => r as unknown as RecycleRow;

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
  const { modal } = useAppApi();
  const ref = useRef<ActionType>(undefined);
  const [detail, setDetail] = useState<RecycleRow | null>(null);

  const restore = (row: RecycleRow) =>
    modal.confirm({
      title: t('common.tip'),
      content: t('viewsData.recycle.confirmRestore'),
      onOk: () =>
        calls.recycle.data.restore({ ids: [row.id] }, { successMessage: t('common.operationSuccess') }).then(() => {
          setDetail(null);
          void ref.current?.reload();
        }),
    });

  const columns: ProColumns<CrudRow>[] = [
    { title: t('viewsData.id'), dataIndex: 'id', width: 70, search: false },
    {
      title: t('viewsData.recycle.entity'),
      key: 'entity',
      search: false,
      render: (_, r) => (
        <Space direction="vertical" size={0}>
          <Tag color="blue">{entityName(record(r))}</Tag>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {record(r).entityInfo?.table ?? ''}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: t('viewsData.recycle.summary'),
      key: 'summary',
      search: false,
      ellipsis: true,
      render: (_, r) => summaryOf(record(r)),
    },
    { title: meta.label('count'), dataIndex: 'count', width: 90, search: false },
    { title: meta.label('userName'), dataIndex: 'userName', width: 140, search: false },
    { title: meta.label('url'), dataIndex: 'url', search: false, ellipsis: true },
    { title: t('viewsData.recycle.deletedAt'), dataIndex: 'createTime', width: 170, search: false, render: (_, r) => formatTime(r.createTime) },
  ];

  const rowActions = (r: RecycleRow) => (
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
  );

  return (
    <>
      <div data-testid="recycle-screen">
        <CrudTable
          entry={meta.entry}
          entityKey="recycle/data"
          actionRef={ref}
          keywordPlaceholder={t('viewsData.recycle.searchPlaceholder')}
          tools={{ import: false, export: false, select: false }}
          table={() => ({ scroll: { x: 1000 }, options: { reload: true, density: false, setting: true } })}
          slots={{ columns, toolbar: (items) => [items.keyword], rowActionsWidth: 150, rowActions: (r) => rowActions(record(r)) }}
        />
      </div>
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
