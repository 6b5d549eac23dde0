/**
 * Model providers (ai/provider, issue 39): the generic table and form, with the key shown only as set
 * or not (the API answers `apiKeySet`, never the key) and a row action "Test" that lists the
 * provider's models and imports the picked ones (ProviderTest.tsx).
 */
import { useState } from 'react';
import type { ProColumns } from '@ant-design/pro-components';
import { Button, Tag, Typography } from 'antd';
import { ApiOutlined } from '@ant-design/icons';
import { useCan } from '../../../app/auth';
import { useI18n } from '../../../i18n';
import RowActions from '../../../components/RowActions';
import CrudTable from '../../crud/CrudTable';
import type { Row } from '../../crud/table-columns';
import { mayUse } from '../../crud/fields';
import EntityGate from '../data/EntityGate';
import type { EntityMeta } from '../data/entity';
import ProviderTest, { type TestTarget } from './ProviderTest';

function Screen({ meta }: { meta: EntityMeta }) {
  const { t } = useI18n();
  const can = useCan();
  const [testing, setTesting] = useState<TestTarget | null>(null);
  const option = (field: string, v: unknown) => meta.options(field).find((o) => o.value === v)?.label ?? String(v ?? '');

  const columns: ProColumns<Row>[] = [
    { title: meta.label('name'), dataIndex: 'name', width: 160, render: (_, r) => <Typography.Text strong>{String(r.name ?? '')}</Typography.Text> },
    { title: meta.label('kind'), dataIndex: 'kind', width: 150, render: (_, r) => option('kind', r.kind) },
    { title: meta.label('baseUrl'), dataIndex: 'baseUrl', width: 260, ellipsis: true },
    {
      title: meta.label('apiKey'),
      dataIndex: 'apiKeySet',
      width: 100,
      render: (_, r) => (r.apiKeySet ? <Tag color="success">{t('viewsAi.provider.keySet')}</Tag> : <Tag>{t('viewsAi.provider.keyNotSet')}</Tag>),
    },
    {
      title: meta.label('status'),
      dataIndex: 'status',
      width: 100,
      render: (_, r) => <Tag color={Number(r.status) === 1 ? 'processing' : 'default'}>{option('status', r.status)}</Tag>,
    },
  ];

  return (
    <div data-testid="provider-screen">
      <CrudTable
        entry={meta.entry}
        entityKey="ai/provider"
        tools={{ import: false, export: false, select: false }}
        table={() => ({ scroll: { x: 900 } })}
        slots={{
          columns,
          toolbar: (items) => [items.keyword, items.add],
          rowActionsWidth: 200,
          rowActions: (r, d) => (
            <RowActions onEdit={d.edit && (() => d.edit!())} onDelete={d.remove} iconsOnly>
              {mayUse(meta.entry, 'test', can) ? (
                <Button
                  type="link"
                  size="small"
                  icon={<ApiOutlined />}
                  onClick={() => setTesting({ id: Number(r.id), name: String(r.name ?? '') })}
                  data-testid="provider-test-open"
                >
                  {t('viewsAi.provider.test')}
                </Button>
              ) : null}
            </RowActions>
          ),
        }}
      />
      <ProviderTest target={testing} onClose={() => setTesting(null)} />
    </div>
  );
}

export default function ProviderView() {
  return <EntityGate keys={['ai/provider']}>{([meta]) => <Screen meta={meta} />}</EntityGate>;
}
