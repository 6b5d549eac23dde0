/**
 * The plugin log (plugin/log, written by the plugins through `host.log`: webhook deliveries, load
 * failures), newest first, paged by its `page` call, searched by message and filtered by plugin and level.
 */
import type { ProColumns } from '@ant-design/pro-components';
import { Button, Select, Tag, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useI18n } from '../../../i18n';
import CrudTable from '../../crud/CrudTable';
import type { Row } from '../../crud/table-columns';
import { formatTime, type EntityMeta } from '../data/entity';

export interface PluginLogTableProps {
  meta: EntityMeta;
  /** The installed plugins' keys, for the filter. */
  keyNames: string[];
  keyName: string | undefined;
  onKeyName: (keyName: string | undefined) => void;
  level: string | undefined;
  onLevel: (level: string | undefined) => void;
}

const LEVEL_COLORS: Record<string, string> = { info: 'blue', error: 'red' };

export default function PluginLogTable({ meta, keyNames, keyName, onKeyName, level, onLevel }: PluginLogTableProps) {
  const { t } = useI18n();
  const levels = meta.options('level');
  const levelText = (v: unknown) => levels.find((o) => o.value === v)?.label ?? String(v ?? '');

  const columns: ProColumns<Row>[] = [
    { title: t('viewsTasks.pluginLog.time'), dataIndex: 'createTime', width: 170, render: (_, r) => formatTime(r.createTime) },
    { title: meta.label('keyName'), dataIndex: 'keyName', width: 150, render: (_, r) => <Typography.Text code>{String(r.keyName ?? '')}</Typography.Text> },
    {
      title: meta.label('level'),
      dataIndex: 'level',
      width: 90,
      render: (_, r) => <Tag color={LEVEL_COLORS[String(r.level)] ?? 'default'}>{levelText(r.level)}</Tag>,
    },
    { title: meta.label('message'), dataIndex: 'message', width: 260, ellipsis: true },
    {
      title: meta.label('detail'),
      dataIndex: 'detail',
      width: 360,
      render: (_, r) =>
        r.detail && typeof r.detail === 'object' && Object.keys(r.detail).length ? (
          <Typography.Paragraph style={{ margin: 0, fontFamily: 'monospace', fontSize: 12, wordBreak: 'break-all' }} ellipsis={{ rows: 2, expandable: true }}>
            {JSON.stringify(r.detail)}
          </Typography.Paragraph>
        ) : (
          ''
        ),
    },
  ];

  const filters: Record<string, unknown> = {};
  if (keyName) filters.keyName = keyName;
  if (level) filters.level = level;

  return (
    <div data-testid="plugin-log">
      <CrudTable
        entry={meta.entry}
        entityKey="plugin/log"
        title=""
        filters={filters}
        tools={{ import: false, export: false, select: false, inlineEdit: false }}
        table={() => ({ scroll: { x: 1030 }, options: false, search: false })}
        slots={{
          columns,
          toolbar: (items, ctx) => [
            items.keyword,
            <Select<string>
              key="keyName"
              allowClear
              showSearch
              style={{ minWidth: 180 }}
              placeholder={t('viewsTasks.pluginLog.allPlugins')}
              value={keyName}
              onChange={(v) => onKeyName(v || undefined)}
              options={keyNames.map((k) => ({ value: k, label: k }))}
              data-testid="plugin-log-key"
            />,
            <Select<string>
              key="level"
              allowClear
              style={{ minWidth: 130 }}
              placeholder={t('viewsTasks.pluginLog.allLevels')}
              value={level}
              onChange={(v) => onLevel(v || undefined)}
              options={levels.map((o) => ({ value: String(o.value), label: o.label }))}
            />,
            <Button key="refresh" icon={<ReloadOutlined />} onClick={ctx.reload}>
              {t('common.refresh')}
            </Button>,
          ],
        }}
      />
    </div>
  );
}
