/**
 * The categories of the file space (space/type): pick one, and add, rename or delete them. A list
 * beside the files on wide screens; `compact` (phones) makes it one select with its buttons above
 * them. A member sees the administrators' shared categories and their own, and changes only their
 * own; without any, the empty state offers "New category".
 */
import { DeleteOutlined, EditOutlined, FolderOpenOutlined, FolderOutlined, PlusOutlined } from '@ant-design/icons';
import { ModalForm, ProFormText } from '@ant-design/pro-components';
import { Button, Empty, Select, Spin, Tooltip, Typography, theme } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { data, type Row } from '../../app/data';
import { useAuth, useCan } from '../../app/auth';
import { useI18n } from '../../i18n';
import '../../i18n/console-texts';
import { useAppApi } from '../../app/app-api';

export type SpaceType = Row<'space/type'>;

const spaceTypes = data('space/type');
const ADMIN_ROLE = 1;
const ALL = 'all';

export interface SpaceTypesProps {
  value: number | null;
  onChange: (id: number | null) => void;
  /** One select instead of a list, for narrow screens. */
  compact?: boolean;
}

export default function SpaceTypes({ value, onChange, compact }: SpaceTypesProps) {
  const { t } = useI18n();
  const can = useCan();
  const user = useAuth().user;
  const { modal } = useAppApi();
  const { token } = theme.useToken();
  const [types, setTypes] = useState<SpaceType[] | null>(null);
  const [editing, setEditing] = useState<SpaceType | 'new' | null>(null);

  const load = useCallback(() => {
    spaceTypes.list({ order: 'id', sort: 'asc' }).then(setTypes, () => setTypes([]));
  }, []);
  useEffect(load, [load]);

  // The server decides; this only hides buttons that would be refused (shared categories are the administrators').
  const isAdmin = !!user?.roleIds?.includes(ADMIN_ROLE);
  const mayChange = (row: SpaceType) => isAdmin || (user != null && Number(row.userId) === user.id);
  const mayUpdate = (row: SpaceType) => can('space:type:update') && mayChange(row);
  const mayDelete = (row: SpaceType) => can('space:type:delete') && mayChange(row);
  const mayAdd = can('space:type:add');

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

  const rowButtons = (row: SpaceType) => (
    <>
      {mayUpdate(row) ? (
        <Button size="small" type="text" icon={<EditOutlined />} onClick={() => setEditing(row)} aria-label={t('common.edit')} data-testid="space-type-edit" />
      ) : null}
      {mayDelete(row) ? (
        <Button
          size="small"
          type="text"
          danger
          icon={<DeleteOutlined />}
          onClick={() => remove(row)}
          aria-label={t('common.delete')}
          data-testid="space-type-delete"
        />
      ) : null}
    </>
  );

  const empty =
    types?.length === 0 ? (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={t('viewsData.space.noCategories')}
        style={compact ? { margin: '8px 0' } : undefined}
        data-testid="space-types-empty"
      >
        {mayAdd ? (
          <Button type="primary" size="small" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="space-type-new">
            {t('viewsData.space.newCategory')}
          </Button>
        ) : null}
      </Empty>
    ) : null;

  const item = (id: number | null, name: string, row?: SpaceType) => {
    const active = value === id;
    return (
      <div
        key={id ?? ALL}
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
        {row ? <span onClick={(e) => e.stopPropagation()}>{rowButtons(row)}</span> : null}
      </div>
    );
  };

  const addButton = mayAdd ? (
    <Tooltip title={t('viewsData.space.addCategory')}>
      <Button
        size="small"
        type="text"
        icon={<PlusOutlined />}
        onClick={() => setEditing('new')}
        aria-label={t('viewsData.space.addCategory')}
        data-testid="space-type-add"
      />
    </Tooltip>
  ) : null;

  const selected = types?.find((r) => r.id === value);
  const body = compact ? (
    <div>
      <div style={{ display: 'flex', alignItems: 'center', gap: 4 }}>
        <Select<number | typeof ALL>
          style={{ flex: 1, minWidth: 0 }}
          value={value ?? ALL}
          loading={types === null}
          aria-label={t('viewsData.space.categories')}
          onChange={(v) => onChange(v === ALL ? null : v)}
          options={[{ value: ALL, label: t('viewsData.space.allFiles') }, ...(types ?? []).map((r) => ({ value: r.id, label: r.name ?? '' }))]}
          data-testid="space-type-select"
        />
        {selected ? rowButtons(selected) : null}
        {addButton}
      </div>
      {empty}
    </div>
  ) : (
    <div>
      <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', marginBottom: 8 }}>
        <Typography.Text strong>{t('viewsData.space.categories')}</Typography.Text>
        {addButton}
      </div>
      <div style={{ maxHeight: 'calc(100vh - 280px)', minHeight: types?.length === 0 ? undefined : 120, overflowY: 'auto' }}>
        {item(null, t('viewsData.space.allFiles'))}
        {types === null ? <Spin size="small" /> : types.map((r) => item(r.id, r.name ?? '', r))}
      </div>
      {empty}
    </div>
  );

  return (
    <>
      {body}
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
          else {
            const added = await spaceTypes.add({ name: v.name }, options);
            if (added && !Array.isArray(added) && added.id) onChange(added.id);
          }
          setEditing(null);
          load();
          return true;
        }}
      >
        <ProFormText
          name="name"
          label={t('viewsData.space.categoryName')}
          rules={[{ required: true }]}
          fieldProps={{ maxLength: 255, 'data-testid': 'space-type-name' } as object}
        />
      </ModalForm>
    </>
  );
}
