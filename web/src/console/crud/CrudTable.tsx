/**
 * The table of one entity with its toolbar: keyword search, equality filters, server sort and
 * paging, per-user column settings, inline edit, add/edit dialog, delete, import and export.
 * Every button is shown only when /eps lists the action for the caller and the caller holds its
 * permission key.
 */
import { useCallback, useMemo, useRef, useState, type Key } from 'react';
import { App, Button, Input, Space } from 'antd';
import { DeleteOutlined, DownloadOutlined, EditOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { ProTable, type ActionType } from '@ant-design/pro-components';
import { api } from '../../app/api';
import { useAuth, useCan } from '../../app/auth';
import { useI18n } from '../../i18n';
import { callAction, type EpsEntry } from '../eps';
import { columnSpecs, formFields, mayUse } from './fields';
import { buildColumns, type Row } from './table-columns';
import { pageBody, defaultColumnsState } from './query';
import { useDicts } from './use-dicts';
import CrudForm from './CrudForm';
import ImportDialog from './ImportDialog';
import ExportDialog from './ExportDialog';

interface PageData {
  list: Row[];
  pagination: { page: number; size: number; total: number };
}

export default function CrudTable({ entry, entityKey }: { entry: EpsEntry; entityKey: string }) {
  const { t, lang } = useI18n();
  const { modal } = App.useApp();
  const can = useCan();
  const { user } = useAuth();
  const action = useRef<ActionType>(undefined);
  const lastQuery = useRef<Record<string, unknown>>({});
  const [keyWord, setKeyWord] = useState('');
  const [selected, setSelected] = useState<Key[]>([]);
  const [formTarget, setFormTarget] = useState<null | 'add' | { id: unknown; row?: Row }>(null);
  const [dialog, setDialog] = useState<null | 'import' | 'export'>(null);

  const allowed = (name: string) => mayUse(entry, name, can);
  const canAdd = allowed('add');
  const canUpdate = allowed('update');
  const canDelete = allowed('delete');
  const canPage = allowed('page');
  const canList = canPage || allowed('list');

  const specs = useMemo(() => columnSpecs(entry, lang), [entry, lang]);
  const dictKeys = useMemo(() => {
    const keys = new Set<string>();
    for (const f of [...specs, ...formFields(entry, 'add', lang)]) if (f.dictKey) keys.add(f.dictKey);
    return [...keys];
  }, [entry, specs, lang]);
  const dicts = useDicts(dictKeys);

  const reload = useCallback(() => void action.current?.reload(), []);
  const onCellSaved = useCallback(
    (row: Row, field: string, value: unknown) => {
      row[field] = value;
      reload();
    },
    [reload],
  );

  const columns = useMemo(() => {
    const cols = buildColumns({ entry, specs, dicts, canUpdate, yes: t('common.yes'), no: t('common.no'), noDict: t('common.noDict'), onCellSaved });
    if (canUpdate || canDelete) {
      cols.push({
        title: t('common.actions'),
        key: 'option',
        valueType: 'option',
        fixed: 'right',
        width: 150,
        render: (_, row) => (
          <Space size={4}>
            {canUpdate && (
              <Button size="small" type="link" icon={<EditOutlined />} data-testid="crud-row-edit" onClick={() => setFormTarget({ id: row.id, row })}>
                {t('common.edit')}
              </Button>
            )}
            {canDelete && (
              <Button size="small" type="link" danger icon={<DeleteOutlined />} data-testid="crud-row-delete" onClick={() => confirmDelete([row.id as Key])}>
                {t('common.delete')}
              </Button>
            )}
          </Space>
        ),
      });
    }
    return cols;
  }, [entry, specs, dicts, canUpdate, canDelete, t, onCellSaved]);

  function confirmDelete(ids: Key[]) {
    modal.confirm({
      title: t('common.tip'),
      content: t('common.confirmDeleteSelected'),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await api.post(`${entry.prefix}/delete`, { ids }, { successMessage: t('common.deleteSuccess') });
          setSelected((s) => s.filter((k) => !ids.includes(k)));
          reload();
        } catch {
          /* the api showed the server's message */
        }
      },
    });
  }

  const keywordFields = entry.search?.keyWordLikeFields ?? [];
  const keywordLabel = keywordFields
    .map((f) => specs.find((s) => s.name === f)?.label ?? f)
    .join(' / ');
  const hasFilters = (entry.search?.fieldEq ?? []).length > 0;

  const toolbar = () => [
    <Space key="tools" wrap size={8}>
      {[
      keywordFields.length > 0 && (
        <Input.Search
          key="keyword"
          data-testid="crud-keyword"
          allowClear
          placeholder={t('crud.keyword', { fields: keywordLabel })}
          style={{ width: 240 }}
          onSearch={(v) => setKeyWord(v.trim())}
        />
      ),
      canAdd && (
        <Button key="add" type="primary" icon={<PlusOutlined />} data-testid="crud-add" onClick={() => setFormTarget('add')}>
          {t('common.add')}
        </Button>
      ),
      canAdd && (
        <Button key="import" icon={<UploadOutlined />} data-testid="crud-import" onClick={() => setDialog('import')}>
          {t('crud.import')}
        </Button>
      ),
      canPage && (
        <Button key="export" icon={<DownloadOutlined />} data-testid="crud-export" onClick={() => setDialog('export')}>
          {t('crud.export')}
        </Button>
      ),
      canDelete && (
        <Button key="delete" danger icon={<DeleteOutlined />} data-testid="crud-delete-selected" disabled={!selected.length} onClick={() => confirmDelete(selected)}>
          {selected.length ? `${t('common.delete')} (${selected.length})` : t('common.delete')}
        </Button>
      ),
      ].filter(Boolean)}
    </Space>,
  ];

  return (
    <>
      <ProTable<Row, Record<string, unknown>>
        rowKey="id"
        actionRef={action}
        headerTitle={entry.label}
        columns={columns}
        params={{ keyWord }}
        search={hasFilters ? { labelWidth: 'auto', defaultCollapsed: false, searchText: t('common.search'), resetText: t('common.reset') } : false}
        scroll={{ x: 'max-content' }}
        pagination={canPage ? { defaultPageSize: 20, showSizeChanger: true } : { defaultPageSize: 20 }}
        columnsState={{
          persistenceType: 'localStorage',
          persistenceKey: `crud-columns:${user?.id ?? 0}:${entityKey}`,
          defaultValue: defaultColumnsState(specs.map((s) => s.name)),
        }}
        rowSelection={canDelete ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys) } : undefined}
        tableAlertRender={false}
        options={{ reload: true, density: true, setting: true, fullScreen: false }}
        toolBarRender={toolbar}
        request={async (params, sort) => {
          const body = pageBody(entry, params, sort);
          lastQuery.current = body;
          if (!canList) return { data: [], total: 0, success: true };
          try {
            if (canPage) {
              const data = await callAction<PageData>(entry, 'page', body);
              return { data: data.list ?? [], total: Number(data.pagination?.total ?? 0), success: true };
            }
            const { page: _p, size: _s, ...filters } = body;
            const list = await callAction<Row[]>(entry, 'list', filters);
            return { data: list ?? [], total: list?.length ?? 0, success: true };
          } catch {
            return { data: [], total: 0, success: false };
          }
        }}
      />
      <CrudForm
        entry={entry}
        target={formTarget}
        dicts={dicts}
        onClose={() => setFormTarget(null)}
        onSaved={() => {
          setFormTarget(null);
          reload();
        }}
      />
      {canAdd && (
        <ImportDialog
          entry={entry}
          open={dialog === 'import'}
          dicts={dicts}
          onClose={() => setDialog(null)}
          onDone={() => {
            setDialog(null);
            reload();
          }}
        />
      )}
      {canPage && (
        <ExportDialog
          entry={entry}
          open={dialog === 'export'}
          columns={specs}
          dicts={dicts}
          query={() => {
            const { page: _p, size: _s, ...q } = lastQuery.current;
            return q;
          }}
          onClose={() => setDialog(null)}
        />
      )}
    </>
  );
}
