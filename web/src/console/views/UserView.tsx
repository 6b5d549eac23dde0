/** User list: department tree on the left filters the users; add, edit, enable/disable, delete, transfer department. */
import { useMemo, useRef, useState } from 'react';
import { App, Button, Card, Col, Input, Row, Space, Spin, Switch, Tag, Tree, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined, SwapOutlined } from '@ant-design/icons';
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { api } from '../../app/api';
import { useAuth, useCan } from '../../app/auth';
import { useI18n } from '../../i18n';
import { confirmThen } from './system/confirm';
import UserForm, { type UserTarget } from './system/UserForm';
import UserMove from './system/UserMove';
import { buildTree, toTreeData, withDescendants } from './system/tree';
import { DEPARTMENT_PREFIX, ROLE_PREFIX, USER_PREFIX, type Department, type Page, type Role, type User } from './system/types';
import { formatTime, useList } from './system/use-list';
import RowActions from '../../components/RowActions';

const perm = (action: string) => `base:sys:user:${action}`;

export default function UserView() {
  const { t } = useI18n();
  const can = useCan();
  const me = useAuth().user;
  const { modal } = App.useApp();
  const table = useRef<ActionType>(undefined);
  const departments = useList<Department>(DEPARTMENT_PREFIX, can('base:sys:department:list'), true);
  const roles = useList<Role>(ROLE_PREFIX, can('base:sys:role:list'), true);
  const deptTree = useMemo(() => toTreeData(buildTree(departments.rows)), [departments.rows]);
  const deptName = useMemo(() => new Map(departments.rows.map((d) => [d.id, d.name])), [departments.rows]);
  const roleName = useMemo(() => new Map(roles.rows.map((r) => [r.id, r.name])), [roles.rows]);
  const [departmentId, setDepartmentId] = useState<number | null>(null);
  const [keyWord, setKeyWord] = useState('');
  const [selected, setSelected] = useState<number[]>([]);
  const [formTarget, setFormTarget] = useState<UserTarget | null>(null);
  const [moving, setMoving] = useState<number[] | null>(null);

  const reload = () => void table.current?.reload();

  const setStatus = (u: User, on: boolean) =>
    confirmThen(
      modal,
      on ? t('common.confirmEnable') : t('common.confirmDisable'),
      async () => {
        await api.post(`${USER_PREFIX}/update`, { id: u.id, status: on ? 1 : 0 }, { successMessage: t('common.updateSuccess') });
        reload();
      },
    );

  const remove = (ids: number[]) =>
    confirmThen(
      modal,
      ids.length === 1 ? t('common.confirmDeleteAccount') : t('common.confirmDeleteSelected'),
      async () => {
        await api.post(`${USER_PREFIX}/delete`, { ids }, { successMessage: t('common.deleteSuccess') });
        setSelected((s) => s.filter((id) => !ids.includes(id)));
        reload();
      },
    );

  const columns: ProColumns<User>[] = [
    { title: t('viewsSystem.user.username'), dataIndex: 'username', width: 130, ellipsis: true },
    { title: t('viewsSystem.user.nickName'), dataIndex: 'nickName', width: 130, ellipsis: true },
    { title: t('viewsSystem.user.email'), dataIndex: 'email', width: 180, ellipsis: true },
    {
      title: t('viewsSystem.user.roles'),
      dataIndex: 'roleIdList',
      width: 150,
      render: (_, u) => (
        <Space size={[0, 4]} wrap>
          {(u.roleIdList ?? []).map((id) => (
            <Tag key={id} color="blue">
              {roleName.get(id) ?? `#${id}`}
            </Tag>
          ))}
        </Space>
      ),
    },
    { title: t('viewsSystem.user.department'), dataIndex: 'departmentId', width: 120, ellipsis: true, render: (_, u) => (u.departmentId == null ? '-' : (deptName.get(u.departmentId) ?? `#${u.departmentId}`)) },
    {
      title: t('viewsSystem.user.status'),
      dataIndex: 'status',
      width: 90,
      align: 'center',
      render: (_, u) => (
        <Switch
          size="small"
          checked={u.status === 1}
          disabled={!can(perm('update')) || u.id === me?.id}
          aria-label={t('viewsSystem.user.status')}
          onChange={(on) => setStatus(u, on)}
        />
      ),
    },
    { title: t('viewsSystem.user.createTime'), dataIndex: 'createTime', width: 170, render: (_, u) => formatTime(u.createTime) },
    {
      title: t('common.actions'),
      valueType: 'option',
      width: 90,
      fixed: 'right',
      render: (_, u) => (
        <RowActions
          iconsOnly
          onEdit={can(perm('update')) ? () => setFormTarget({ mode: 'edit', row: u }) : undefined}
          onDelete={can(perm('delete')) && u.id !== me?.id ? () => remove([u.id]) : undefined}
        />
      ),
    },
  ];

  return (
    <Row gutter={[16, 16]} data-testid="user-screen">
      <Col xs={24} md={8} xl={5} xxl={4}>
        <Card title={t('viewsSystem.user.departments')} size="small" styles={{ body: { padding: 12 } }}>
          <Spin spinning={departments.loading}>
            <Tree
              treeData={[{ key: 0, value: 0, title: t('viewsSystem.user.allDepartments'), children: deptTree }]}
              blockNode
              defaultExpandAll
              key={departments.rows.length}
              selectedKeys={[departmentId ?? 0]}
              onSelect={(keys) => {
                const id = Number(keys[0] ?? 0);
                setDepartmentId(id > 0 ? id : null);
              }}
            />
          </Spin>
        </Card>
      </Col>
      <Col xs={24} md={16} xl={19} xxl={20}>
        <ProTable<User>
          actionRef={table}
          rowKey="id"
          headerTitle={t('viewsSystem.user.title')}
          columns={columns}
          search={false}
          size="small"
          scroll={{ x: 1080 }}
          params={{ keyWord, departmentId }}
          request={async (p) => {
            const body: Record<string, unknown> = { page: p.current ?? 1, size: p.pageSize ?? 20 };
            if (keyWord) body.keyWord = keyWord;
            if (departmentId !== null) body.departmentId = withDescendants(departments.rows, departmentId);
            try {
              const r = await api.post<Page<User>>(`${USER_PREFIX}/page`, body);
              return { data: r.list, total: r.pagination.total, success: true };
            } catch {
              return { data: [], total: 0, success: false };
            }
          }}
          pagination={{ defaultPageSize: 20, showSizeChanger: true }}
          options={{ reload: true, density: true, setting: true }}
          rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)), preserveSelectedRowKeys: true }}
          tableAlertRender={({ selectedRowKeys }) => <Typography.Text>{t('viewsSystem.user.selected', { count: selectedRowKeys.length })}</Typography.Text>}
          tableAlertOptionRender={() => (
            <Button type="link" size="small" onClick={() => setSelected([])}>
              {t('viewsSystem.user.clearSelection')}
            </Button>
          )}
          toolBarRender={() => [
            <Space key="tools" wrap style={{ justifyContent: 'flex-end' }}>
              <Input.Search
                key="search"
                allowClear
                data-testid="crud-keyword"
                placeholder={t('viewsSystem.user.searchHint')}
                onSearch={(v) => setKeyWord(v.trim())}
                style={{ width: 220 }}
              />
              {can(perm('move')) && (
                <Button key="move" icon={<SwapOutlined />} disabled={!selected.length} onClick={() => setMoving(selected)}>
                  {t('viewsSystem.user.move')}
                </Button>
              )}
              {can(perm('delete')) && (
                <Button key="delete" danger icon={<DeleteOutlined />} disabled={!selected.length} data-testid="crud-delete-selected" onClick={() => remove(selected)}>
                  {t('common.delete')}
                </Button>
              )}
              {can(perm('add')) && (
                <Button key="add" type="primary" icon={<PlusOutlined />} data-testid="crud-add" onClick={() => setFormTarget({ mode: 'add', departmentId })}>
                  {t('common.add')}
                </Button>
              )}
            </Space>,
          ]}
        />
      </Col>
      <UserForm
        target={formTarget}
        departments={departments.rows}
        roles={roles.rows}
        onClose={() => setFormTarget(null)}
        onSaved={() => {
          setFormTarget(null);
          reload();
        }}
      />
      <UserMove
        userIds={moving}
        departments={departments.rows}
        onClose={() => setMoving(null)}
        onMoved={() => {
          setMoving(null);
          setSelected([]);
          reload();
        }}
      />
    </Row>
  );
}
