/** Role management: roles with their function (menu) and data (department) permissions, on the generic table. */
import { Tag } from 'antd';
import type { ProColumns } from '@ant-design/pro-components';
import { data, type Row } from '../../app/data';
import { useCan } from '../../app/auth';
import RowActions from '../../components/RowActions';
import { useI18n } from '../../i18n';
import CrudTable from '../crud/CrudTable';
import type { FormTarget } from '../crud/crud-slots';
import type { Row as CrudRow } from '../crud/table-columns';
import EntityGate from './data/EntityGate';
import type { EntityMeta } from './data/entity';
import RoleForm, { type RoleTarget } from './system/RoleForm';
import { useList } from './system/use-list';
import { formatTime } from './data/entity';

type Role = Row<'base/sys/role'>;
const role = (r: CrudRow) => r as unknown as Role;
const perm = (action: string) => `base:sys:role:${action}`;

function roleTarget(target: FormTarget): RoleTarget | null {
  if (target === null) return null;
  return target === 'add' ? { mode: 'add' } : { mode: 'edit', row: role(target.row ?? {}) };
}

function Screen({ meta }: { meta: EntityMeta }) {
  const { t } = useI18n();
  const can = useCan();
  const formWanted = can({ or: [perm('add'), perm('update')] });
  const menus = useList('base/sys/menu', formWanted && can('base:sys:menu:list'), true);
  const departments = useList('base/sys/department', formWanted && can('base:sys:department:list'), true);

  // The page row may lack the link lists: read the role itself when info is allowed.
  const edit = async (r: Role, open: (loaded?: CrudRow) => void) => {
    const row = can(perm('info'))
      ? await data('base/sys/role')
          .info(r.id)
          .catch(() => r)
      : r;
    open(row as unknown as CrudRow);
  };

  const columns: ProColumns<CrudRow>[] = [
    { title: t('viewsSystem.role.name'), dataIndex: 'name', width: 160, ellipsis: true },
    { title: t('viewsSystem.role.label'), dataIndex: 'label', width: 160, ellipsis: true, render: (_, r) => <Tag>{role(r).label}</Tag> },
    { title: t('viewsSystem.role.remark'), dataIndex: 'remark', ellipsis: true },
    {
      title: t('viewsSystem.role.relevance'),
      dataIndex: 'relevance',
      width: 140,
      align: 'center',
      render: (_, r) => (role(r).relevance ? <Tag color="success">{t('common.yes')}</Tag> : <Tag>{t('common.no')}</Tag>),
    },
    { title: t('viewsSystem.role.createTime'), dataIndex: 'createTime', width: 170, render: (_, r) => formatTime(r.createTime) },
  ];

  return (
    <div data-testid="role-screen">
      <CrudTable
        entry={meta.entry}
        entityKey="base/sys/role"
        title={t('viewsSystem.role.title')}
        keywordPlaceholder={t('viewsSystem.role.searchHint')}
        tools={{ import: false, export: false, select: false }}
        table={() => ({ size: 'small', scroll: { x: 900 } })}
        slots={{
          columns,
          toolbar: (items) => [items.keyword, items.add],
          rowActionsWidth: 160,
          rowActions: (r, d) => <RowActions onEdit={d.edit && (() => void edit(role(r), d.edit!))} onDelete={d.remove} />,
          form: ({ target, onClose, onSaved }) => (
            <RoleForm target={roleTarget(target)} menus={menus.rows} departments={departments.rows} onClose={onClose} onSaved={onSaved} />
          ),
        }}
      />
    </div>
  );
}

export default function RoleView() {
  return <EntityGate keys={['base/sys/role']}>{([meta]) => <Screen meta={meta} />}</EntityGate>;
}
