/**
 * Models (ai/model, issue 39): the generic table and form, with the provider and the fallback model
 * by name instead of their ids, capabilities and defaults as translated tags and multi-selects, and
 * the prices per million tokens side by side.
 */
import { useState } from 'react';
import type { ProColumns } from '@ant-design/pro-components';
import { Select, Space, Tag, Typography } from 'antd';
import { useI18n } from '../../../i18n';
import { formatTokens } from '../../../app/money';
import RowActions from '../../../components/RowActions';
import CrudTable from '../../crud/CrudTable';
import type { Row } from '../../crud/table-columns';
import EntityGate from '../data/EntityGate';
import type { EntityMeta } from '../data/entity';
import { useList } from '../system/use-list';
import { CAPABILITIES, ListTags, PURPOSES, listField, modelName } from './model-fields';

function Screen({ meta }: { meta: EntityMeta }) {
  const { t, lang } = useI18n();
  const providers = useList('ai/provider');
  const models = useList('ai/model');
  // The model being edited, so that its fallback cannot be itself (null: a new model).
  const [editing, setEditing] = useState<number | null>(null);
  const providerName = (id: unknown) => providers.rows.find((p) => p.id === Number(id))?.name ?? String(id ?? '');
  const fallbackOf = (id: unknown) => models.rows.find((m) => m.id === Number(id));
  const option = (field: string, v: unknown) => meta.options(field).find((o) => o.value === v)?.label ?? String(v ?? '');
  const none = <Typography.Text type="secondary">-</Typography.Text>;

  const columns: ProColumns<Row>[] = [
    { title: meta.label('providerId'), dataIndex: 'providerId', width: 130, render: (_, r) => providerName(r.providerId) },
    {
      title: meta.label('name'),
      dataIndex: 'name',
      width: 190,
      render: (_, r) => (
        <Space direction="vertical" size={0}>
          <Typography.Text strong>{modelName(r)}</Typography.Text>
          {r.name && r.name !== r.modelId ? (
            <Typography.Text type="secondary" code style={{ fontSize: 12 }}>
              {String(r.modelId ?? '')}
            </Typography.Text>
          ) : null}
        </Space>
      ),
    },
    {
      title: meta.label('capabilities'),
      dataIndex: 'capabilities',
      width: 170,
      render: (_, r) => <ListTags value={r.capabilities} group="capability" t={t} />,
    },
    {
      title: meta.label('defaultFor'),
      dataIndex: 'defaultFor',
      width: 190,
      render: (_, r) => <ListTags value={r.defaultFor} group="purpose" t={t} color="gold" />,
    },
    {
      title: t('viewsAi.model.prices'),
      key: 'prices',
      width: 150,
      align: 'right',
      render: (_, r) => t('viewsAi.model.perMillion', { input: formatTokens(r.priceInput, lang) || '0', output: formatTokens(r.priceOutput, lang) || '0' }),
    },
    {
      title: meta.label('fallbackModelId'),
      dataIndex: 'fallbackModelId',
      width: 140,
      render: (_, r) => {
        const f = r.fallbackModelId ? fallbackOf(r.fallbackModelId) : undefined;
        return f ? modelName(f) : r.fallbackModelId ? `#${String(r.fallbackModelId)}` : none;
      },
    },
    {
      title: meta.label('status'),
      dataIndex: 'status',
      width: 100,
      render: (_, r) => <Tag color={Number(r.status) === 1 ? 'processing' : 'default'}>{option('status', r.status)}</Tag>,
    },
  ];

  const fields = {
    providerId: {
      control: (
        <Select
          aria-label={meta.label('providerId')}
          options={providers.rows.map((p) => ({ value: p.id, label: p.name }))}
          loading={providers.loading}
          data-testid="model-provider-select"
        />
      ),
    },
    capabilities: listField(CAPABILITIES, 'capability', t, meta.label('capabilities'), ''),
    defaultFor: listField(PURPOSES, 'purpose', t, meta.label('defaultFor'), t('viewsAi.model.defaultForHelp')),
    fallbackModelId: {
      control: (
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          aria-label={meta.label('fallbackModelId')}
          placeholder={t('viewsAi.model.noFallback')}
          options={models.rows.filter((m) => m.id !== editing).map((m) => ({ value: m.id, label: `${modelName(m)} · ${providerName(m.providerId)}` }))}
        />
      ),
    },
  };

  return (
    <div data-testid="model-screen">
      <CrudTable
        entry={meta.entry}
        entityKey="ai/model"
        tools={{ import: false }}
        table={() => ({ scroll: { x: 1200 }, onLoad: () => void models.reload() })}
        slots={{
          columns,
          fields,
          toolbar: (items) => [
            items.keyword,
            items.add ? (
              <span key="add" onClickCapture={() => setEditing(null)}>
                {items.add}
              </span>
            ) : null,
            items.export,
            items.delete,
          ],
          rowActionsWidth: 90,
          rowActions: (r, d) => (
            <RowActions
              iconsOnly
              onEdit={
                d.edit &&
                (() => {
                  setEditing(Number(r.id));
                  d.edit!();
                })
              }
              onDelete={d.remove}
            />
          ),
        }}
      />
    </div>
  );
}

export default function ModelView() {
  return <EntityGate keys={['ai/model']}>{([meta]) => <Screen meta={meta} />}</EntityGate>;
}
