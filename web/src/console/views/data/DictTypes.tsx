/** The dictionary types (dict/type) on the left of the dictionary screen: pick, add, edit, delete. */
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { ModalForm, ProFormText, type ProFormInstance } from '@ant-design/pro-components';
import { Button, Empty, Input, Spin, Tooltip, Typography, theme } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useCan } from '../../../app/auth';
import { useI18n } from '../../../i18n';
import type { Row } from '../../../app/data';
import { epsData } from '../../eps';
import { saveRow, type EntityMeta } from './entity';
import { useConfirmDelete } from './use-confirm-delete';

export type DictType = Row<'dict/type'>;

export interface DictTypesProps {
  meta: EntityMeta;
  value: DictType | null;
  onChange: (type: DictType | null) => void;
}

export default function DictTypes({ meta, value, onChange }: DictTypesProps) {
  const { t } = useI18n();
  const can = useCan();
  const { token } = theme.useToken();
  const confirmDelete = useConfirmDelete();
  const formRef = useRef<ProFormInstance>(undefined);
  const [types, setTypes] = useState<DictType[] | null>(null);
  const [filter, setFilter] = useState('');
  const [editing, setEditing] = useState<DictType | 'new' | null>(null);

  const load = useCallback(() => {
    epsData(meta.entry)
      .list({ order: 'id', sort: 'asc' })
      .then(
        (rows) => setTypes(rows as unknown as DictType[]),
        () => setTypes([]),
      );
  }, [meta.entry]);
  useEffect(load, [load]);

  // The first type is chosen at start, and the choice follows renames and deletions.
  useEffect(() => {
    if (!types) return;
    const same = value && types.find((x) => x.id === value.id);
    if (!same) onChange(types[0] ?? null);
    else if (same.name !== value.name || same.key !== value.key) onChange(same);
  }, [types, value, onChange]);

  const shown = (types ?? []).filter((x) => !filter || (x.name ?? '').toLowerCase().includes(filter) || (x.key ?? '').toLowerCase().includes(filter));

  return (
    <div data-testid="dict-types">
      <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', marginBottom: 8 }}>
        <Typography.Text strong>{meta.entry.label}</Typography.Text>
        {can('dict:type:add') ? (
          <Tooltip title={t('common.add')}>
            <Button size="small" type="text" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="dict-type-add" />
          </Tooltip>
        ) : null}
      </div>
      <Input.Search
        allowClear
        size="small"
        style={{ marginBottom: 8 }}
        placeholder={t('common.search')}
        onChange={(e) => setFilter(e.target.value.trim().toLowerCase())}
      />
      {types === null ? <Spin size="small" /> : null}
      {types?.length === 0 ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} /> : null}
      <div style={{ maxHeight: 'calc(100vh - 260px)', overflowY: 'auto' }}>
        {shown.map((x) => {
          const active = value?.id === x.id;
          return (
            <div
              key={x.id}
              data-testid="dict-type"
              onClick={() => onChange(x)}
              style={{
                display: 'flex',
                alignItems: 'center',
                gap: 4,
                padding: '6px 8px',
                borderRadius: token.borderRadius,
                cursor: 'pointer',
                background: active ? token.colorPrimaryBg : undefined,
              }}
            >
              <div style={{ flex: 1, minWidth: 0 }}>
                <Typography.Text ellipsis style={{ display: 'block', color: active ? token.colorPrimary : undefined }}>
                  {x.name}
                </Typography.Text>
                <Typography.Text type="secondary" ellipsis style={{ display: 'block', fontSize: 12 }}>
                  {x.key}
                </Typography.Text>
              </div>
              <span onClick={(e) => e.stopPropagation()}>
                {can('dict:type:update') ? (
                  <Button size="small" type="text" icon={<EditOutlined />} onClick={() => setEditing(x)} aria-label={t('common.edit')} />
                ) : null}
                {can('dict:type:delete') ? (
                  <Button
                    size="small"
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    onClick={() => confirmDelete(meta, [x.id], load)}
                    aria-label={t('common.delete')}
                  />
                ) : null}
              </span>
            </div>
          );
        })}
      </div>
      <ModalForm<{ name: string; key: string }>
        key={editing === 'new' ? 'new' : (editing?.id ?? 'closed')}
        formRef={formRef}
        title={editing === 'new' ? t('viewsData.dict.addType') : t('viewsData.dict.editType')}
        open={editing !== null}
        width={460}
        modalProps={{ destroyOnHidden: true, onCancel: () => setEditing(null) }}
        initialValues={editing && editing !== 'new' ? { name: editing.name, key: editing.key } : {}}
        submitter={{ submitButtonProps: { 'data-testid': 'form-submit' } }}
        onFinish={async (v) => {
          const ok = await saveRow(meta, v, editing && editing !== 'new' ? editing.id : undefined, formRef.current, t('common.saveSuccess'));
          if (ok) {
            setEditing(null);
            load();
          }
          return ok;
        }}
      >
        <ProFormText name="name" label={meta.label('name')} rules={[{ required: true }]} fieldProps={{ maxLength: 255 }} />
        <ProFormText name="key" label={meta.label('key')} rules={[{ required: true }]} fieldProps={{ maxLength: 255 }} />
      </ModalForm>
    </div>
  );
}
