/**
 * The table of one entity with its toolbar: keyword search, equality filters, server sort and
 * paging, per-user column settings, inline edit, add/edit dialog, delete, import and export.
 * Every button is shown only when /eps lists the action for the caller and the caller holds its
 * permission key. Special screens are this table with slots (crud-slots.ts), never a copy of it.
 */
import { useCallback, useMemo, useRef, useState, type Key } from 'react';
import { Button, Space } from 'antd';
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { ProTable, type ActionType } from '@ant-design/pro-components';
import { useAuth, useCan } from '../../app/auth';
import { useI18n } from '../../i18n';
import { epsData, type EpsEntry } from '../eps';
import { columnSpecs, formFields, mayUse } from './fields';
import { buildColumns, type Row } from './table-columns';
import { pageBody, defaultColumnsState } from './query';
import { firstPageKey, takeFirst } from '../../app/first-screen';
import { useDicts } from './use-dicts';
import type { CrudTableOptions, FormTarget, SlotContext } from './crud-slots';
import { toolbarItems } from './toolbar-items';
import CrudForm from './CrudForm';
import ImportDialog from './ImportDialog';
import ExportDialog from './ExportDialog';
import { useAppApi } from '../../app/app-api';

export interface CrudTableProps extends CrudTableOptions {
  entry: EpsEntry;
  entityKey: string;
}

export default function CrudTable({
  entry,
  entityKey,
  slots = {},
  tools = {},
  filters,
  title,
  keywordPlaceholder,
  table,
  pageCall,
  rowSelectable,
  shapePage,
  shapeList,
  actionRef,
}: CrudTableProps) {
  const { t, lang } = useI18n();
  const { modal } = useAppApi();
  const can = useCan();
  const { user } = useAuth();
  const ownAction = useRef<ActionType>(undefined);
  const action = actionRef ?? ownAction;
  const lastQuery = useRef<Record<string, unknown>>({});
  const [keyWord, setKeyWord] = useState('');
  const [selected, setSelected] = useState<Key[]>([]);
  const [formTarget, setFormTarget] = useState<FormTarget>(null);
  const [dialog, setDialog] = useState<null | 'import' | 'export'>(null);

  const allowed = (name: string) => mayUse(entry, name, can);
  const canAdd = allowed('add');
  const canUpdate = allowed('update');
  const canDelete = allowed('delete');
  const canPage = (pageCall !== undefined || allowed('page')) && tools.paging !== false;
  const canExport = allowed('page') && tools.paging !== false && tools.export !== false;
  const canList = canPage || allowed('list');
  const on = {
    import: tools.import !== false,
    export: tools.export !== false,
    inlineEdit: tools.inlineEdit !== false,
    filters: tools.filters !== false,
    select: tools.select !== false,
  };

  const specs = useMemo(() => columnSpecs(entry, lang), [entry, lang]);
  const dictKeys = useMemo(() => {
    const keys = new Set<string>();
    for (const f of [...specs, ...formFields(entry, 'add', lang)]) if (f.dictKey) keys.add(f.dictKey);
    return [...keys];
  }, [entry, specs, lang]);
  // A screen with its own columns and form shows no generated field, so it needs no dictionary.
  const dicts = useDicts(slots.columns && slots.form ? [] : dictKeys);

  const reload = useCallback(() => void action.current?.reload(), [action]);
  const onCellSaved = useCallback(
    (row: Row, field: string, value: unknown) => {
      row[field] = value;
      reload();
    },
    [reload],
  );

  function confirmDelete(ids: Key[]) {
    modal.confirm({
      title: t('common.tip'),
      content: t('common.confirmDeleteSelected'),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await epsData(entry).delete(ids as Array<number | string>, { successMessage: t('common.deleteSuccess') });
          setSelected((s) => s.filter((k) => !ids.includes(k)));
          reload();
        } catch {
          /* the api showed the server's message */
        }
      },
    });
  }

  const ctx: SlotContext = {
    selected: selected.map(Number),
    clearSelection: () => setSelected([]),
    reload,
    openForm: setFormTarget,
  };

  const columns = useMemo(() => {
    const cols = slots.columns
      ? [...slots.columns]
      : buildColumns({
          entry,
          specs,
          dicts,
          canUpdate: canUpdate && on.inlineEdit,
          yes: t('common.yes'),
          no: t('common.no'),
          noDict: t('common.noDict'),
          onCellSaved,
        });
    const defaultsOf = (row: Row) => ({
      edit: canUpdate ? (loaded?: Row) => setFormTarget({ id: row.id, row: loaded ?? row }) : undefined,
      remove: canDelete ? () => confirmDelete([row.id as Key]) : undefined,
    });
    if (slots.rowActions || canUpdate || canDelete) {
      cols.push({
        title: t('common.actions'),
        key: 'option',
        valueType: 'option',
        fixed: 'right',
        width: slots.rowActionsWidth ?? 150,
        render: (_, row) => {
          const defaults = defaultsOf(row);
          if (slots.rowActions) return slots.rowActions(row, defaults, ctx);
          return (
            <Space size={4}>
              {defaults.edit && (
                <Button size="small" type="link" icon={<EditOutlined />} data-testid="crud-row-edit" onClick={() => defaults.edit!()}>
                  {t('common.edit')}
                </Button>
              )}
              {defaults.remove && (
                <Button size="small" type="link" danger icon={<DeleteOutlined />} data-testid="crud-row-delete" onClick={defaults.remove}>
                  {t('common.delete')}
                </Button>
              )}
            </Space>
          );
        },
      });
    }
    return cols;
    // ctx and confirmDelete read the latest state when called; the columns change with these.
  }, [entry, specs, dicts, canUpdate, canDelete, t, onCellSaved, slots, on.inlineEdit, selected]);

  const keywordFields = entry.search?.keyWordLikeFields ?? [];
  const keywordLabel = keywordFields.map((f) => specs.find((s) => s.name === f)?.label ?? f).join(' / ');
  const hasFilters = on.filters && !slots.columns && (entry.search?.fieldEq ?? []).length > 0;

  const items = toolbarItems({
    t,
    keyword: keywordFields.length > 0 ? { placeholder: keywordPlaceholder ?? t('crud.keyword', { fields: keywordLabel }), onSearch: setKeyWord } : null,
    onAdd: canAdd ? () => setFormTarget('add') : null,
    onImport: canAdd && on.import ? () => setDialog('import') : null,
    onExport: canExport ? () => setDialog('export') : null,
    onDelete: canDelete && on.select ? () => confirmDelete(selected) : null,
    selectedCount: selected.length,
  });
  const toolbar = () => {
    const list = slots.toolbar ? slots.toolbar(items, ctx) : [items.keyword, items.add, items.import, items.export, items.delete];
    return [
      <Space key="tools" wrap size={8}>
        {list.filter(Boolean)}
      </Space>,
    ];
  };

  return (
    <>
      <ProTable<Row, Record<string, unknown>>
        rowKey="id"
        actionRef={action}
        headerTitle={title ?? entry.label}
        columns={columns}
        params={{ keyWord, ...filters }}
        search={hasFilters ? { labelWidth: 'auto', defaultCollapsed: false, searchText: t('common.search'), resetText: t('common.reset') } : false}
        scroll={{ x: 'max-content' }}
        pagination={canPage ? { defaultPageSize: 20, showSizeChanger: true } : { defaultPageSize: 20 }}
        columnsState={{
          persistenceType: 'localStorage',
          persistenceKey: `crud-columns:${user?.id ?? 0}:${entityKey}`,
          defaultValue: slots.columns ? undefined : defaultColumnsState(specs.map((s) => s.name)),
        }}
        rowSelection={
          (canDelete || tools.select === true) && on.select
            ? {
                selectedRowKeys: selected,
                onChange: (keys) => setSelected(keys),
                preserveSelectedRowKeys: tools.keepSelection,
                getCheckboxProps: rowSelectable ? (row) => ({ disabled: !rowSelectable(row) }) : undefined,
              }
            : undefined
        }
        tableAlertRender={false}
        options={{ reload: true, density: true, setting: true, fullScreen: false }}
        toolBarRender={toolbar}
        request={async (params, sort) => {
          const body = { ...pageBody(entry, params, sort), ...filters };
          lastQuery.current = body;
          if (!canList) return { data: [], total: 0, success: true };
          try {
            if (canPage) {
              // The entry may have asked for this very page while the screen's code loaded (first-screen.ts).
              const early = pageCall ? undefined : takeFirst<Awaited<ReturnType<ReturnType<typeof epsData>['page']>>>(firstPageKey(entry.prefix, body));
              const data = pageCall ? await pageCall(body) : early ? await early.catch(() => epsData(entry).page(body)) : await epsData(entry).page(body);
              const answer = { list: data.list ?? [], total: Number(data.pagination?.total ?? 0) };
              const shown = shapePage ? shapePage(answer, body) : answer;
              return { data: shown.list, total: shown.total, success: true };
            }
            const { page: _p, size: _s, ...rest } = body;
            const list = await epsData(entry).list(rest);
            const rows = shapeList ? shapeList(list ?? []) : (list ?? []);
            return { data: rows, total: rows.length, success: true };
          } catch {
            return { data: [], total: 0, success: false };
          }
        }}
        {...table?.(ctx)}
      />
      {slots.form ? (
        slots.form({ target: formTarget, onClose: () => setFormTarget(null), onSaved: () => (setFormTarget(null), reload()) })
      ) : (
        <CrudForm
          entry={entry}
          target={formTarget}
          dicts={dicts}
          own={slots.fields}
          onClose={() => setFormTarget(null)}
          onSaved={() => {
            setFormTarget(null);
            reload();
          }}
        />
      )}
      {canAdd && on.import && (
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
      {canExport && (
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
