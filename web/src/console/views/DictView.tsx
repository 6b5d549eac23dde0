/**
 * Dictionaries: the types on the left (dict/type), the entries of the chosen type on the right
 * (dict/info by typeId) as a tree through parentId, sorted by orderNum (000 §9).
 */
import {
  ModalForm,
  ProFormDigit,
  ProFormText,
  ProFormTreeSelect,
  ProTable,
  type ActionType,
  type ProColumns,
  type ProFormInstance,
} from '@ant-design/pro-components';
import { Button, Card, Empty, Space, Typography } from 'antd';
import { useRef, useState, type Key } from 'react';
import { api } from '../../app/api';
import { useCan } from '../../app/auth';
import { useI18n } from '../../i18n';
import DictTypes, { type DictType } from './data/DictTypes';
import EntityGate from './data/EntityGate';
import { saveRow, type EntityMeta, type Row } from './data/entity';
import { useConfirmDelete } from './data/use-confirm-delete';
import RowActions from '../../components/RowActions';

interface DictRow extends Row {
  typeId: number;
  name: string;
  value?: string | null;
  orderNum: number;
  remark?: string | null;
  parentId?: number | null;
  children?: DictRow[];
}

interface TreeOption {
  value: number;
  title: string;
  children?: TreeOption[];
}

/** Rows nested by parentId (a row whose parent is missing, or a loop, stays at the top). */
function toTree(rows: DictRow[]): DictRow[] {
  const byId = new Map(rows.map((r) => [r.id, { ...r, children: [] as DictRow[] }]));
  const roots: DictRow[] = [];
  for (const r of byId.values()) {
    let p = r.parentId ?? null;
    const seen = new Set([r.id]);
    while (p !== null && byId.has(p) && !seen.has(p)) {
      seen.add(p);
      p = byId.get(p)!.parentId ?? null;
    }
    const parent = r.parentId !== null && r.parentId !== undefined && p === null ? byId.get(r.parentId) : undefined;
    (parent ? parent.children! : roots).push(r);
  }
  const tidy = (list: DictRow[]): DictRow[] =>
    list
      .sort((a, b) => a.orderNum - b.orderNum || a.id - b.id)
      .map((r) => (r.children?.length ? { ...r, children: tidy(r.children) } : { ...r, children: undefined }));
  return tidy(roots);
}

/** Ids of the rows that have children, to show the tree open. */
function parentsOf(rows: DictRow[]): number[] {
  return rows.flatMap((r) => (r.children?.length ? [r.id, ...parentsOf(r.children)] : []));
}

function treeOptions(rows: DictRow[], skip?: number): TreeOption[] {
  return rows
    .filter((r) => r.id !== skip)
    .map((r) => ({ value: r.id, title: r.name, children: r.children ? treeOptions(r.children, skip) : undefined }));
}

function Entries({ meta, type }: { meta: EntityMeta; type: DictType }) {
  const { t } = useI18n();
  const can = useCan();
  const confirmDelete = useConfirmDelete();
  const ref = useRef<ActionType>(null);
  const formRef = useRef<ProFormInstance>(undefined);
  const [tree, setTree] = useState<DictRow[]>([]);
  const [expanded, setExpanded] = useState<readonly Key[]>([]);
  const [editing, setEditing] = useState<Partial<DictRow> | null>(null);
  const reload = () => void ref.current?.reload();

  const columns: ProColumns<DictRow>[] = [
    { title: meta.label('name'), dataIndex: 'name', width: 200, ellipsis: true },
    { title: meta.label('value'), dataIndex: 'value', width: 140, render: (_, r) => (r.value ? <Typography.Text code>{r.value}</Typography.Text> : '-') },
    { title: meta.label('orderNum'), dataIndex: 'orderNum', width: 80 },
    { title: meta.label('remark'), dataIndex: 'remark', ellipsis: true },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 200,
      fixed: 'right',
      render: (_, r) => (
        <RowActions
          icons={false}
          onEdit={can('dict:info:update') ? () => setEditing(r) : undefined}
          onDelete={can('dict:info:delete') ? () => confirmDelete(meta.prefix, [r.id], reload) : undefined}
        >
          {can('dict:info:add') ? (
            <Button type="link" size="small" onClick={() => setEditing({ parentId: r.id, orderNum: 0 })} data-testid="dict-add-child">
              {t('viewsData.dict.addChild')}
            </Button>
          ) : null}
        </RowActions>
      ),
    },
  ];

  const editId = editing?.id;
  return (
    <>
      <ProTable<DictRow>
        rowKey="id"
        actionRef={ref}
        columns={columns}
        search={false}
        headerTitle={
          <Space>
            <span>{type.name}</span>
            <Typography.Text type="secondary" code>
              {type.key}
            </Typography.Text>
          </Space>
        }
        params={{ typeId: type.id }}
        options={{ reload: true, density: false, setting: true, search: { placeholder: t('viewsData.dict.searchPlaceholder'), allowClear: true } }}
        request={async (params: { keyword?: string }) => {
          const body: Record<string, unknown> = { typeId: type.id, order: 'orderNum', sort: 'asc' };
          if (params.keyword) body.keyWord = params.keyword;
          const rows = toTree(await api.post<DictRow[]>(`${meta.prefix}/list`, body));
          setTree(rows);
          setExpanded(parentsOf(rows));
          return { data: rows, success: true };
        }}
        pagination={false}
        expandable={{ expandedRowKeys: expanded, onExpandedRowsChange: setExpanded }}
        scroll={{ x: 760 }}
        toolBarRender={() =>
          can('dict:info:add')
            ? [
                <Button key="add" type="primary" onClick={() => setEditing({ orderNum: 0 })} data-testid="crud-add">
                  {t('common.add')}
                </Button>,
              ]
            : []
        }
      />
      <ModalForm<Record<string, unknown>>
        key={editing ? (editId ?? `new-${editing.parentId ?? ''}`) : 'closed'}
        formRef={formRef}
        title={editId ? t('common.edit') : t('common.add')}
        open={editing !== null}
        width={560}
        modalProps={{ destroyOnHidden: true, onCancel: () => setEditing(null) }}
        initialValues={editing ? { name: editing.name, value: editing.value ?? undefined, orderNum: editing.orderNum ?? 0, remark: editing.remark ?? undefined, parentId: editing.parentId ?? undefined } : {}}
        submitter={{ submitButtonProps: { 'data-testid': 'form-submit' } }}
        onFinish={async (v) => {
          const body = { ...v, typeId: type.id, parentId: v.parentId ?? null };
          const ok = await saveRow(meta.prefix, body, editId, formRef.current, t('common.saveSuccess'));
          if (ok) {
            setEditing(null);
            reload();
          }
          return ok;
        }}
      >
        <ProFormTreeSelect
          name="parentId"
          label={meta.label('parentId')}
          allowClear
          fieldProps={{ treeData: treeOptions(tree, editId), treeDefaultExpandAll: true, placeholder: t('viewsData.dict.noParent') }}
        />
        <ProFormText name="name" label={meta.label('name')} rules={[{ required: true }]} fieldProps={{ maxLength: 255 }} />
        <ProFormText name="value" label={meta.label('value')} extra={t('viewsData.dict.valueHint')} fieldProps={{ maxLength: 255 }} />
        <ProFormDigit name="orderNum" label={meta.label('orderNum')} fieldProps={{ precision: 0 }} />
        <ProFormText name="remark" label={meta.label('remark')} fieldProps={{ maxLength: 255 }} />
      </ModalForm>
    </>
  );
}

function Screen({ typeMeta, infoMeta }: { typeMeta: EntityMeta; infoMeta: EntityMeta }) {
  const { t } = useI18n();
  const [type, setType] = useState<DictType | null>(null);
  return (
    <div data-testid="dict-screen" style={{ display: 'flex', gap: 16, alignItems: 'flex-start' }}>
      <Card size="small" style={{ width: 240, flexShrink: 0 }}>
        <DictTypes meta={typeMeta} value={type} onChange={setType} />
      </Card>
      <div style={{ flex: 1, minWidth: 0 }}>
        {type ? <Entries key={type.id} meta={infoMeta} type={type} /> : <Card><Empty description={t('viewsData.dict.chooseType')} /></Card>}
      </div>
    </div>
  );
}

export default function DictView() {
  return <EntityGate keys={['dict/type', 'dict/info']}>{([typeMeta, infoMeta]) => <Screen typeMeta={typeMeta} infoMeta={infoMeta} />}</EntityGate>;
}
