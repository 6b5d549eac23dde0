/**
 * Dictionaries: the types on the left (dict/type), the entries of the chosen type on the right
 * (dict/info by typeId) as a tree through parentId, sorted by orderNum (000 §9).
 */
import { ModalForm, ProFormDigit, ProFormText, ProFormTreeSelect, type ProColumns, type ProFormInstance } from '@ant-design/pro-components';
import { Button, Card, Empty, Space, Typography } from 'antd';
import { useRef, useState, type Key } from 'react';
import type { Row } from '../../app/data';
import { useCan } from '../../app/auth';
import { useI18n } from '../../i18n';
import CrudTable from '../crud/CrudTable';
import type { FormTarget } from '../crud/crud-slots';
import type { Row as CrudRow } from '../crud/table-columns';
import DictTypes, { type DictType } from './data/DictTypes';
import EntityGate from './data/EntityGate';
import { saveRow, type EntityMeta } from './data/entity';
import RowActions from '../../components/RowActions';

type DictRow = Row<'dict/info'> & { children?: DictRow[] };
const entry = (r: CrudRow) => r as unknown as DictRow;

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
      .sort((a, b) => (a.orderNum ?? 0) - (b.orderNum ?? 0) || a.id - b.id)
      .map((r) => (r.children?.length ? { ...r, children: tidy(r.children) } : { ...r, children: undefined }));
  return tidy(roots);
}

/** Ids of the rows that have children, to show the tree open. */
function parentsOf(rows: DictRow[]): number[] {
  return rows.flatMap((r) => (r.children?.length ? [r.id, ...parentsOf(r.children)] : []));
}

function treeOptions(rows: DictRow[], skip?: number): TreeOption[] {
  return rows.filter((r) => r.id !== skip).map((r) => ({ value: r.id, title: r.name ?? '', children: r.children ? treeOptions(r.children, skip) : undefined }));
}

function Entries({ meta, type }: { meta: EntityMeta; type: DictType }) {
  const { t } = useI18n();
  const can = useCan();
  const formRef = useRef<ProFormInstance>(undefined);
  const [tree, setTree] = useState<DictRow[]>([]);
  const [expanded, setExpanded] = useState<readonly Key[]>([]);

  const columns: ProColumns<CrudRow>[] = [
    { title: meta.label('name'), dataIndex: 'name', width: 200, ellipsis: true },
    {
      title: meta.label('value'),
      dataIndex: 'value',
      width: 140,
      render: (_, r) => (r.value ? <Typography.Text code>{String(r.value)}</Typography.Text> : '-'),
    },
    { title: meta.label('orderNum'), dataIndex: 'orderNum', width: 80 },
    { title: meta.label('remark'), dataIndex: 'remark', ellipsis: true },
  ];

  // The whole tree comes from one list call, sorted by orderNum (000 §9), and is shown open.
  const shapeList = (rows: CrudRow[]) => {
    const nested = toTree(rows as unknown as DictRow[]);
    setTree(nested);
    setExpanded(parentsOf(nested));
    return nested as unknown as CrudRow[];
  };

  // A new child comes as a row without id that names its parent.
  const form = (target: FormTarget, onClose: () => void, onSaved: () => void) => {
    const editing: Partial<DictRow> | null = target === null ? null : target === 'add' ? { orderNum: 0 } : entry(target.row ?? {});
    const editId = editing?.id;
    return (
      <ModalForm<Record<string, unknown>>
        key={editing ? (editId ?? `new-${editing.parentId ?? ''}`) : 'closed'}
        formRef={formRef}
        title={editId ? t('common.edit') : t('common.add')}
        open={editing !== null}
        width={560}
        modalProps={{ destroyOnHidden: true, onCancel: onClose }}
        initialValues={
          editing
            ? {
                name: editing.name,
                value: editing.value ?? undefined,
                orderNum: editing.orderNum ?? 0,
                remark: editing.remark ?? undefined,
                parentId: editing.parentId ?? undefined,
              }
            : {}
        }
        submitter={{ submitButtonProps: { 'data-testid': 'form-submit' } }}
        onFinish={async (v) => {
          const body = { ...v, typeId: type.id, parentId: v.parentId ?? null };
          const ok = await saveRow(meta, body, editId, formRef.current, t('common.saveSuccess'));
          if (ok) onSaved();
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
    );
  };

  return (
    <CrudTable
      entry={meta.entry}
      entityKey="dict/info"
      title={
        <Space>
          <span>{type.name}</span>
          <Typography.Text type="secondary" code>
            {type.key}
          </Typography.Text>
        </Space>
      }
      keywordPlaceholder={t('viewsData.dict.searchPlaceholder')}
      filters={{ typeId: type.id, order: 'orderNum', sort: 'asc' }}
      tools={{ paging: false, import: false, export: false, select: false }}
      shapeList={shapeList}
      table={() => ({
        pagination: false,
        expandable: { expandedRowKeys: expanded, onExpandedRowsChange: setExpanded },
        scroll: { x: 760 },
        options: { reload: true, density: false, setting: true },
      })}
      slots={{
        columns,
        toolbar: (items) => [items.keyword, items.add],
        rowActionsWidth: 200,
        rowActions: (r, d, ctx) => (
          <RowActions icons={false} onEdit={d.edit && (() => d.edit!())} onDelete={d.remove}>
            {can('dict:info:add') ? (
              <Button
                type="link"
                size="small"
                onClick={() => ctx.openForm({ id: undefined, row: { parentId: r.id, orderNum: 0 } })}
                data-testid="dict-add-child"
              >
                {t('viewsData.dict.addChild')}
              </Button>
            ) : null}
          </RowActions>
        ),
        form: ({ target, onClose, onSaved }) => form(target, onClose, onSaved),
      }}
    />
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
        {type ? (
          <Entries key={type.id} meta={infoMeta} type={type} />
        ) : (
          <Card>
            <Empty description={t('viewsData.dict.chooseType')} />
          </Card>
        )}
      </div>
    </div>
  );
}

export default function DictView() {
  return <EntityGate keys={['dict/type', 'dict/info']}>{([typeMeta, infoMeta]) => <Screen typeMeta={typeMeta} infoMeta={infoMeta} />}</EntityGate>;
}
