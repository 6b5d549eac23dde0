/** The categories of the file space (space/type): pick one, and add, rename or delete them. */
import { DeleteOutlined, EditOutlined, FolderOpenOutlined, FolderOutlined, PlusOutlined } from '@ant-design/icons';
import { ModalForm, ProFormText } from '@ant-design/pro-components';
import { App, Button, Empty, Spin, Tooltip, Typography, theme } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { data, type Row } from '../../app/data';
import { useCan } from '../../app/auth';
import { useI18n } from '../../i18n';
import '../../i18n/console-texts';

export type SpaceType = Row<'space/type'>;

const spaceTypes = data('space/type');

export interface SpaceTypesProps {
  value: number | null;
  onChange: (id: number | null) => void;
}

export default function SpaceTypes({ value, onChange }: SpaceTypesProps) {
  const { t } = useI18n();
  const can = useCan();
  const { modal } = App.useApp();
  const { token } = theme.useToken();
  const [types, setTypes] = useState<SpaceType[] | null>(null);
  const [editing, setEditing] = useState<SpaceType | 'new' | null>(null);

  const load = useCallback(() => {
    spaceTypes.list({ order: 'id', sort: 'asc' }).then(setTypes, () => setTypes([]));
  }, []);
  useEffect(load, [load]);

  const remove = (row: SpaceType) =>
    modal.confirm({
      title: t('common.tip'),
      content: t('common.confirmDeleteSelected'),
      onOk: () =>
        spaceTypes.delete([row.id], { successMessage: t('common.deleteSuccess') }).then(() => {
          if (value === row.id) onChange(null);
          load();
        }),
    });

  const item = (id: number | null, name: string, row?: SpaceType) => {
    const active = value === id;
    return (
      <div
        key={id ?? 'all'}
        data-testid="space-type"
        onClick={() => onChange(id)}
        style={{
          display: 'flex',
          alignItems: 'center',
          gap: 8,
          padding: '6px 8px',
          borderRadius: token.borderRadius,
          cursor: 'pointer',
          background: active ? token.colorPrimaryBg : undefined,
          color: active ? token.colorPrimary : undefined,
        }}
      >
        {active ? <FolderOpenOutlined /> : <FolderOutlined />}
        <Typography.Text ellipsis style={{ flex: 1, color: 'inherit' }}>
          {name}
        </Typography.Text>
        {row ? (
          <span onClick={(e) => e.stopPropagation()}>
            {can('space:type:update') ? (
              <Button size="small" type="text" icon={<EditOutlined />} onClick={() => setEditing(row)} aria-label={t('common.edit')} />
            ) : null}
            {can('space:type:delete') ? (
              <Button size="small" type="text" danger icon={<DeleteOutlined />} onClick={() => remove(row)} aria-label={t('common.delete')} />
            ) : null}
          </span>
        ) : null}
      </div>
    );
  };

  return (
    <div>
      <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', marginBottom: 8 }}>
        <Typography.Text strong>{t('viewsData.space.categories')}</Typography.Text>
        {can('space:type:add') ? (
          <Tooltip title={t('viewsData.space.addCategory')}>
            <Button size="small" type="text" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="space-type-add" />
          </Tooltip>
        ) : null}
      </div>
      <div style={{ maxHeight: 'calc(100vh - 280px)', minHeight: 120, overflowY: 'auto' }}>
        {item(null, t('viewsData.space.allFiles'))}
        {types === null ? <Spin size="small" /> : types.map((r) => item(r.id, r.name ?? '', r))}
      </div>
      {types?.length === 0 ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('viewsData.space.noCategories')} /> : null}
      <ModalForm<{ name: string }>
        key={editing === 'new' ? 'new' : (editing?.id ?? 'closed')}
        title={editing === 'new' ? t('viewsData.space.addCategory') : t('viewsData.space.editCategory')}
        open={editing !== null}
        width={420}
        modalProps={{ destroyOnHidden: true, onCancel: () => setEditing(null) }}
        initialValues={editing && editing !== 'new' ? { name: editing.name } : {}}
        submitter={{ submitButtonProps: { 'data-testid': 'form-submit' } }}
        onFinish={async (v) => {
          const id = editing && editing !== 'new' ? editing.id : undefined;
          const options = { successMessage: t('common.saveSuccess') };
          if (id) await spaceTypes.update({ id, name: v.name }, options);
          else await spaceTypes.add({ name: v.name }, options);
          setEditing(null);
          load();
          return true;
        }}
      >
        <ProFormText name="name" label={t('viewsData.space.categoryName')} rules={[{ required: true }]} fieldProps={{ maxLength: 255 }} />
      </ModalForm>
    </div>
  );
}
