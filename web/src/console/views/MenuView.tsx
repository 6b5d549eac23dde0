/** Menu management on the generic table: the menu tree with add, add child, edit, delete, and export/import of chosen menus. */
import { useRef, useState } from 'react';
import { Button, Space, Tag, Tooltip, Typography } from 'antd';
import { DeleteOutlined, DownloadOutlined, EditOutlined, PlusOutlined, ThunderboltOutlined, UploadOutlined } from '@ant-design/icons';
import type { ActionType, ProColumns } from '@ant-design/pro-components';
import { useCan } from '../../app/auth';
import { useI18n } from '../../i18n';
import { confirmThen } from './system/confirm';
import MenuForm, { type MenuFormTarget } from './system/MenuForm';
import MenuImport, { exportMenus } from './system/MenuImport';
import MenuQuick from './system/MenuQuick';
import { useMenuLabel } from './system/use-menu-label';
import { buildTree, type TreeOf } from './system/tree';
import { data, type Row } from '../../app/data';
import CrudTable from '../crud/CrudTable';
import type { Row as CrudRow } from '../crud/table-columns';
import EntityGate from './data/EntityGate';
import type { EntityMeta } from './data/entity';
import { useAppApi } from '../../app/app-api';

type MenuItem = Row<'base/sys/menu'>;
const menu = (r: CrudRow) => r as unknown as TreeOf<MenuItem>;

const TYPE_COLORS = ['blue', 'green', 'orange'] as const;
const perm = (action: string) => `base:sys:menu:${action}`;

function Screen({ meta }: { meta: EntityMeta }) {
  const { t } = useI18n();
  const can = useCan();
  const { modal, message } = useAppApi();
  const table = useRef<ActionType>(undefined);
  // Every menu, for the forms (parents, duplicates); the table shows them as a tree.
  const [rows, setRows] = useState<MenuItem[]>([]);
  const label = useMenuLabel();
  const [selected, setSelected] = useState<number[]>([]);
  const [formTarget, setFormTarget] = useState<MenuFormTarget | null>(null);
  const [importing, setImporting] = useState(false);
  const [quick, setQuick] = useState(false);

  // The navigation shows the change on the next sign-in or page load: reloading permmenu here would
  // drop this kept-alive view (see Shell's alive list).
  const changed = () => void table.current?.reload();

  const remove = (row: MenuItem) =>
    confirmThen(modal, t('common.confirmDeleteSelected'), async () => {
      await data('base/sys/menu').delete([row.id], { successMessage: t('common.deleteSuccess') });
      changed();
    });

  const exportChosen = async () => {
    if (!selected.length) {
      void message.warning(t('viewsSystem.menu.exportNone'));
      return;
    }
    try {
      await exportMenus(selected);
    } catch {
      /* the client already showed the server's message */
    }
  };

  const yesNo = (v: unknown) => (v ? <Tag color="success">{t('common.yes')}</Tag> : <Tag>{t('common.no')}</Tag>);

  const columns: ProColumns<CrudRow>[] = [
    { title: t('viewsSystem.menu.name'), dataIndex: 'name', width: 240, fixed: 'left', render: (_, r) => label(menu(r)) },
    {
      title: t('viewsSystem.menu.type'),
      dataIndex: 'type',
      width: 100,
      render: (_, r) => <Tag color={TYPE_COLORS[menu(r).type ?? 0] ?? 'default'}>{t(`viewsSystem.menu.types.${menu(r).type}`)}</Tag>,
    },
    { title: t('viewsSystem.menu.icon'), dataIndex: 'icon', width: 110, ellipsis: true },
    { title: t('viewsSystem.menu.router'), dataIndex: 'router', width: 180, ellipsis: true },
    { title: t('viewsSystem.menu.viewPath'), dataIndex: 'viewPath', width: 200, ellipsis: true },
    {
      title: t('viewsSystem.menu.perms'),
      dataIndex: 'perms',
      width: 240,
      render: (_, r) => (
        <Space size={[0, 4]} wrap>
          {(menu(r).perms ?? '')
            .split(',')
            .filter(Boolean)
            .map((p) => (
              <Tag key={p}>{p}</Tag>
            ))}
        </Space>
      ),
    },
    { title: t('viewsSystem.menu.orderNum'), dataIndex: 'orderNum', width: 80, align: 'center' },
    {
      title: t('viewsSystem.menu.keepAlive'),
      dataIndex: 'keepAlive',
      width: 100,
      align: 'center',
      render: (_, r) => (r.type === 1 ? yesNo(r.keepAlive) : null),
    },
    { title: t('viewsSystem.menu.isShow'), dataIndex: 'isShow', width: 90, align: 'center', render: (_, r) => (r.type === 2 ? null : yesNo(r.isShow)) },
  ];

  return (
    <div data-testid="menu-screen">
      <CrudTable
        entry={meta.entry}
        entityKey="base/sys/menu"
        actionRef={table}
        title={t('viewsSystem.menu.title')}
        tools={{ paging: false, import: false, export: false, select: false }}
        shapeList={(list) => {
          const flat = list as unknown as MenuItem[];
          setRows(flat);
          setSelected((s) => s.filter((id) => flat.some((m) => m.id === id)));
          return buildTree(flat) as unknown as CrudRow[];
        }}
        // The selection is for export, not delete, so the screen keeps it.
        table={() => ({
          pagination: false,
          scroll: { x: 1400 },
          size: 'small',
          rowSelection: can(perm('export')) ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)) } : undefined,
        })}
        slots={{
          columns,
          toolbar: () => [
            can(perm('add')) && (
              <Button key="add" type="primary" icon={<PlusOutlined />} data-testid="crud-add" onClick={() => setFormTarget({ mode: 'add', parentId: null })}>
                {t('common.add')}
              </Button>
            ),
            can(perm('create')) && (
              <Button key="quick" icon={<ThunderboltOutlined />} data-testid="menu-quick" onClick={() => setQuick(true)}>
                {t('viewsSystem.menu.quickAdd')}
              </Button>
            ),
            can(perm('import')) && (
              <Button key="import" icon={<UploadOutlined />} data-testid="crud-import" onClick={() => setImporting(true)}>
                {t('viewsSystem.menu.import')}
              </Button>
            ),
            can(perm('export')) && (
              <Button key="export" icon={<DownloadOutlined />} data-testid="crud-export" onClick={() => void exportChosen()}>
                {selected.length ? t('viewsSystem.menu.exportCount', { count: selected.length }) : t('viewsSystem.menu.export')}
              </Button>
            ),
          ],
          rowActions: (r) => (
            <Space size={0}>
              {can(perm('add')) && menu(r).type !== 2 && (
                <Tooltip title={t('viewsSystem.menu.addChild')}>
                  <Button
                    type="link"
                    size="small"
                    icon={<PlusOutlined />}
                    aria-label={t('viewsSystem.menu.addChild')}
                    onClick={() => setFormTarget({ mode: 'add', parentId: menu(r).id })}
                  />
                </Tooltip>
              )}
              {can(perm('update')) && (
                <Tooltip title={t('common.edit')}>
                  <Button
                    type="link"
                    size="small"
                    icon={<EditOutlined />}
                    aria-label={t('common.edit')}
                    data-testid="crud-row-edit"
                    onClick={() => setFormTarget({ mode: 'edit', row: menu(r) })}
                  />
                </Tooltip>
              )}
              {can(perm('delete')) && (
                <Tooltip title={t('common.delete')}>
                  <Button
                    type="link"
                    size="small"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('common.delete')}
                    data-testid="crud-row-delete"
                    onClick={() => remove(menu(r))}
                  />
                </Tooltip>
              )}
            </Space>
          ),
          // Add-child and edit open the screen's own form; the generated one is never needed.
          form: () => (
            <MenuForm
              target={formTarget}
              menus={rows}
              onClose={() => setFormTarget(null)}
              onSaved={() => {
                setFormTarget(null);
                changed();
              }}
            />
          ),
        }}
      />
      {can(perm('export')) && (
        <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
          {t('viewsSystem.menu.exportHint')}
        </Typography.Paragraph>
      )}
      <MenuQuick open={quick} menus={rows} onClose={() => setQuick(false)} onCreated={changed} />
      <MenuImport open={importing} menus={rows} onClose={() => setImporting(false)} onImported={changed} />
    </div>
  );
}

export default function MenuView() {
  return <EntityGate keys={['base/sys/menu']}>{([meta]) => <Screen meta={meta} />}</EntityGate>;
}
