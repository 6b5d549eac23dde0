/**
 * An entity picked in the module tree, on the right of the code helper: its fields and its change
 * sets. A helper-made entity (`live`) is edited in the field editor through a change set; a shipped
 * one (its declaration belongs to the product) is shown read-only with why. An entity whose create
 * was rolled back is no longer in the tree: its history stays reachable here.
 */
import { Alert, Button, Flex, Table, Tabs, Tag, Typography } from 'antd';
import { LockOutlined, PlusOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { useI18n } from '../i18n';
import { aiCode, useAiCode } from './ai-code-store';
import { changeSets, splitKey, treeEntity, useChangeSets } from './change-sets-store';
import { labelText } from './code-body';
import type { TreeField } from './coding-api';
import ChangeHistory from './ChangeHistory';
import EntityEditor from './EntityEditor';

function ReadOnlyFields({ fields }: { fields: TreeField[] }) {
  const { t, lang } = useI18n();
  return (
    <Table<TreeField>
      size="small"
      rowKey="name"
      pagination={false}
      dataSource={fields}
      scroll={{ x: 520 }}
      data-testid="cs-readonly-fields"
      columns={[
        { title: t('helper.fields.name'), dataIndex: 'name', render: (v: string) => <Typography.Text code>{v}</Typography.Text> },
        {
          title: t('helper.fields.type'),
          dataIndex: 'type',
          render: (v: string, f) => <Tag bordered={false}>{f.type === 'string' && f.length ? `${v}(${f.length})` : v}</Tag>,
        },
        { title: t('helper.fields.label'), dataIndex: 'label', render: (v: TreeField['label']) => labelText(v, lang) },
      ]}
    />
  );
}

export default function EntityPanel({ entityKey }: { entityKey: string }) {
  const { t, lang } = useI18n();
  const s = useChangeSets();
  useAiCode(); // the tree is read below: a reload after an apply shows here
  const entity = treeEntity(entityKey);
  const live = !!entity?.live;

  const fields = !entity ? (
    <Alert type="info" showIcon message={t('changes.entity.gone')} data-testid="cs-entity-gone" />
  ) : live ? (
    <EntityEditor />
  ) : (
    <>
      <Alert type="info" showIcon icon={<LockOutlined />} style={{ marginBottom: 12 }} message={t('changes.entity.shipped')} data-testid="cs-shipped" />
      <ReadOnlyFields fields={entity.fields} />
    </>
  );

  return (
    <div data-testid="cs-entity" data-entity={entityKey} data-live={live ? '1' : '0'}>
      <Flex gap={8} align="center" wrap="wrap" style={{ marginBottom: 8 }}>
        <Typography.Title level={5} style={{ margin: 0, flex: '1 1 220px', minWidth: 0 }} ellipsis>
          {entity ? labelText(entity.label, lang) : entityKey}{' '}
          <Typography.Text type="secondary" style={{ fontSize: 13, fontWeight: 'normal' }}>
            {entityKey}
          </Typography.Text>
        </Typography.Title>
        {entity ? (
          live ? (
            <Tag color="blue" icon={<ThunderboltOutlined />}>
              {t('changes.entity.live')}
            </Tag>
          ) : (
            <Tag icon={<LockOutlined />}>{t('changes.entity.product')}</Tag>
          )
        ) : null}
        <Button
          size="small"
          icon={<PlusOutlined />}
          onClick={() => {
            changeSets.closeEntity();
            aiCode.pickModule(splitKey(entityKey).module);
          }}
          data-testid="cs-new-entity"
        >
          {t('changes.entity.newHere')}
        </Button>
      </Flex>
      <Tabs
        activeKey={s.tab}
        onChange={(k) => changeSets.tab(k as 'fields' | 'history')}
        items={[
          { key: 'fields', label: t('changes.entity.fields'), children: fields },
          { key: 'history', label: t('changes.entity.history'), children: <ChangeHistory /> },
        ]}
      />
    </div>
  );
}
