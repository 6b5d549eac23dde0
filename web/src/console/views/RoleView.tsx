/** Role management: roles with their function (menu) and data (department) permissions. */
import { useRef, useState } from 'react';
import { App, Button, Input, Space, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { api } from '../../app/api';
import { useCan } from '../../app/auth';
import { useI18n } from '../../i18n';
import { confirmThen } from './system/confirm';
import RoleForm, { type RoleTarget } from './system/RoleForm';
import { DEPARTMENT_PREFIX, MENU_PREFIX, ROLE_PREFIX, type Department, type MenuItem, type Page, type Role } from './system/types';
import { formatTime, useList } from './system/use-list';
import RowActions from '../../components/RowActions';

const perm = (action: string) => `base:sys:role:${action}`;

export default function RoleView() {
  const { t } = useI18n();
  const can = useCan();
  const { modal } = App.useApp();
  const table = useRef<ActionType>(undefined);
  const [keyWord, setKeyWord] = useState('');
  const [target, setTarget] = useState<RoleTarget | null>(null);
  const formWanted = can({ or: [perm('add'), perm('update')] });
  const menus = useList<MenuItem>(MENU_PREFIX, formWanted && can('base:sys:menu:list'), true);
  const departments = useList<Department>(DEPARTMENT_PREFIX, formWanted && can('base:sys:department:list'), true);

  const reload = () => void table.current?.reload();

  const edit = async (r: Role) => {
    // The page row may lack the link lists: read the role itself when info is allowed.
    const row = can(perm('info')) ? await api.get<Role>(`${ROLE_PREFIX}/info`, { query: { id: r.id } }).catch(() => r) : r;
    setTarget({ mode: 'edit', row });
  };

  const remove = (r: Role) =>
    confirmThen(
      modal,
      t('common.confirmDeleteSelected'),
      async () => {
        await api.post(`${ROLE_PREFIX}/delete`, { ids: [r.id] }, { successMessage: t('common.deleteSuccess') });
        reload();
      },
    );

  const columns: ProColumns<Role>[] = [
    { title: t('viewsSystem.role.name'), dataIndex: 'name', width: 160, ellipsis: true },
    { title: t('viewsSystem.role.label'), dataIndex: 'label', width: 160, ellipsis: true, render: (_, r) => <Tag>{r.label}</Tag> },
    { title: t('viewsSystem.role.remark'), dataIndex: 'remark', ellipsis: true },
    {
      title: t('viewsSystem.role.relevance'),
      dataIndex: 'relevance',
      width: 140,
      align: 'center',
      render: (_, r) => (r.relevance ? <Tag color="success">{t('common.yes')}</Tag> : <Tag>{t('common.no')}</Tag>),
    },
    { title: t('viewsSystem.role.createTime'), dataIndex: 'createTime', width: 170, render: (_, r) => formatTime(r.createTime) },
    {
      title: t('common.actions'),
      valueType: 'option',
      width: 160,
      fixed: 'right',
      render: (_, r) => (
        <RowActions onEdit={can(perm('update')) ? () => void edit(r) : undefined} onDelete={can(perm('delete')) ? () => remove(r) : undefined} />
      ),
    },
  ];

  return (
    <div data-testid="role-screen">
      <ProTable<Role>
        actionRef={table}
        rowKey="id"
        headerTitle={t('viewsSystem.role.title')}
        columns={columns}
        search={false}
        size="small"
        scroll={{ x: 900 }}
        params={{ keyWord }}
        request={async (p) => {
          const body: Record<string, unknown> = { page: p.current ?? 1, size: p.pageSize ?? 20 };
          if (keyWord) body.keyWord = keyWord;
          try {
            const r = await api.post<Page<Role>>(`${ROLE_PREFIX}/page`, body);
            return { data: r.list, total: r.pagination.total, success: true };
          } catch {
            return { data: [], total: 0, success: false };
          }
        }}
        pagination={{ defaultPageSize: 20, showSizeChanger: true }}
        options={{ reload: true, density: true, setting: true }}
        toolBarRender={() => [
          <Space key="tools" wrap style={{ justifyContent: 'flex-end' }}>
            <Input.Search key="search" allowClear data-testid="crud-keyword" placeholder={t('viewsSystem.role.searchHint')} onSearch={(v) => setKeyWord(v.trim())} style={{ width: 220 }} />
            {can(perm('add')) && (
              <Button key="add" type="primary" icon={<PlusOutlined />} data-testid="crud-add" onClick={() => setTarget({ mode: 'add' })}>
                {t('common.add')}
              </Button>
            )}
          </Space>,
        ]}
      />
      <RoleForm
        target={target}
        menus={menus.rows}
        departments={departments.rows}
        onClose={() => setTarget(null)}
        onSaved={() => {
          setTarget(null);
          reload();
        }}
      />
    </div>
  );
}
