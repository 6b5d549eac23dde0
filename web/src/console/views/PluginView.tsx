/**
 * Plugins (plugin/info): name, key, version, author, status and description, the details of each
 * (readme, manifest, configuration) in a drawer, and delete. Installing comes with its own issue.
 */
import { AppstoreOutlined } from '@ant-design/icons';
import type { ProColumns } from '@ant-design/pro-components';
import { Avatar, Badge, Button, Descriptions, Drawer, Space, Typography } from 'antd';
import { useState } from 'react';
import type { Row } from '../../app/data';
import { useI18n } from '../../i18n';
import CrudTable from '../crud/CrudTable';
import type { Row as CrudRow } from '../crud/table-columns';
import EntityGate from './data/EntityGate';
import JsonPreview from './data/JsonPreview';
import { formatTime, type EntityMeta } from './data/entity';
import RowActions from '../../components/RowActions';

type PluginRow = Row<'plugin/info'>;
const plugin = (r: CrudRow) => r as unknown as PluginRow;

/** The logo is a data url (base64) or an address; anything else shows the default icon. */
function logoSrc(logo: string | null | undefined): string | undefined {
  if (!logo) return undefined;
  if (/^data:image\/(png|jpe?g|gif|webp|svg\+xml);base64,/i.test(logo) || /^(https?:)?\//i.test(logo)) return logo;
  if (/^[A-Za-z0-9+/=\s]+$/.test(logo)) return `data:image/png;base64,${logo.replace(/\s/g, '')}`;
  return undefined;
}

function Screen({ meta }: { meta: EntityMeta }) {
  const { t } = useI18n();
  const [detail, setDetail] = useState<PluginRow | null>(null);
  const statusLabel = (v: unknown) => meta.options('status').find((o) => o.value === v)?.label ?? '';
  const status = (r: PluginRow) => <Badge status={r.status === 1 ? 'success' : 'default'} text={statusLabel(r.status)} />;

  const columns: ProColumns<CrudRow>[] = [
    {
      title: meta.label('name'),
      dataIndex: 'name',
      width: 220,
      render: (_, r) => (
        <Space>
          <Avatar shape="square" src={logoSrc(plugin(r).logo)} icon={<AppstoreOutlined />} />
          <Typography.Text strong>{plugin(r).name}</Typography.Text>
        </Space>
      ),
    },
    { title: meta.label('keyName'), dataIndex: 'keyName', width: 160, render: (_, r) => <Typography.Text code>{plugin(r).keyName}</Typography.Text> },
    { title: meta.label('version'), dataIndex: 'version', width: 100 },
    { title: meta.label('author'), dataIndex: 'author', width: 130 },
    { title: meta.label('status'), dataIndex: 'status', width: 110, render: (_, r) => status(plugin(r)) },
    { title: meta.label('description'), dataIndex: 'description', ellipsis: true },
  ];

  return (
    <>
      <CrudTable
        entry={meta.entry}
        entityKey="plugin/info"
        keywordPlaceholder={t('viewsData.plugin.searchPlaceholder')}
        tools={{ import: false, export: false, select: false }}
        table={() => ({ scroll: { x: 1000 }, options: { reload: true, density: false, setting: true } })}
        slots={{
          columns,
          // Installing comes with its own issue: no add here.
          toolbar: (items) => [items.keyword],
          rowActionsWidth: 140,
          rowActions: (r, d) => (
            <RowActions icons={false} onDelete={d.remove}>
              <Button type="link" size="small" onClick={() => setDetail(plugin(r))} data-testid="plugin-detail">
                {t('common.detail')}
              </Button>
            </RowActions>
          ),
        }}
      />
      <Drawer open={detail !== null} width={640} title={detail?.name ?? ''} onClose={() => setDetail(null)} destroyOnHidden data-testid="plugin-drawer">
        {detail ? (
          <>
            <Descriptions size="small" column={1} bordered>
              <Descriptions.Item label={meta.label('keyName')}>{detail.keyName}</Descriptions.Item>
              <Descriptions.Item label={meta.label('version')}>{detail.version ?? ''}</Descriptions.Item>
              <Descriptions.Item label={meta.label('author')}>{detail.author ?? ''}</Descriptions.Item>
              <Descriptions.Item label={meta.label('status')}>{status(detail)}</Descriptions.Item>
              <Descriptions.Item label={meta.label('hook')}>{detail.hook ?? ''}</Descriptions.Item>
              <Descriptions.Item label={meta.label('description')}>{detail.description ?? ''}</Descriptions.Item>
              <Descriptions.Item label={t('viewsData.updatedAt')}>{formatTime(detail.updateTime)}</Descriptions.Item>
            </Descriptions>
            {detail.readme ? (
              <>
                <Typography.Title level={5} style={{ marginTop: 20 }}>
                  {meta.label('readme')}
                </Typography.Title>
                <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{detail.readme}</Typography.Paragraph>
              </>
            ) : null}
            <Typography.Title level={5} style={{ marginTop: 20 }}>
              {meta.label('pluginJson')}
            </Typography.Title>
            <JsonPreview value={detail.pluginJson ?? {}} maxHeight={240} />
            <Typography.Title level={5} style={{ marginTop: 20 }}>
              {meta.label('config')}
            </Typography.Title>
            <JsonPreview value={detail.config ?? {}} maxHeight={240} />
          </>
        ) : null}
      </Drawer>
    </>
  );
}

export default function PluginView() {
  return <EntityGate keys={['plugin/info']}>{([meta]) => <Screen meta={meta} />}</EntityGate>;
}
