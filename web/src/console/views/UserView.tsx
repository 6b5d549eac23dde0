/**
 * User list on the generic table: the department tree on the left filters the users; add, edit,
 * enable/disable, delete, transfer department, and give tokens (a ledger adjustment entry).
 */
import { useMemo, useRef, useState } from 'react';
import { Button, Card, Col, Row, Space, Spin, Switch, Tag, Tooltip, Tree, Typography } from 'antd';
import { GiftOutlined, SwapOutlined } from '@ant-design/icons';
import type { ActionType, ProColumns } from '@ant-design/pro-components';
import { data, type Row as DataRow } from '../../app/data';
import { useAuth, useCan } from '../../app/auth';
import RowActions from '../../components/RowActions';
import { useI18n } from '../../i18n';
import CrudTable from '../crud/CrudTable';
import type { FormTarget } from '../crud/crud-slots';
import type { Row as CrudRow } from '../crud/table-columns';
import EntityGate from './data/EntityGate';
import type { EntityMeta } from './data/entity';
import { confirmThen } from './system/confirm';
import UserForm, { type UserTarget } from './system/UserForm';
import UserMove from './system/UserMove';
import GiveTokens, { type GiveTokensTarget } from './system/GiveTokens';
import { buildTree, toTreeData, withDescendants } from './system/tree';
import { useList } from './system/use-list';
import { formatTime } from './data/entity';
import { useAppApi } from '../../app/app-api';

type User = DataRow<'base/sys/user'>;
const asUser = (r: CrudRow) => r as unknown as User;
const perm = (action: string) => `base:sys:user:${action}`;

function Screen({ meta }: { meta: EntityMeta }) {
  const { t } = useI18n();
  const can = useCan();
  const me = useAuth().user;
  const { modal } = useAppApi();
  const table = useRef<ActionType>(undefined);
  const departments = useList('base/sys/department', can('base:sys:department:list'), true);
  const roles = useList('base/sys/role', can('base:sys:role:list'), true);
  const deptTree = useMemo(() => toTreeData(buildTree(departments.rows)), [departments.rows]);
  const deptName = useMemo(() => new Map(departments.rows.map((d) => [d.id, d.name])), [departments.rows]);
  const roleName = useMemo(() => new Map(roles.rows.map((r) => [r.id, r.name])), [roles.rows]);
  const [departmentId, setDepartmentId] = useState<number | null>(null);
  const [moving, setMoving] = useState<{ ids: number[]; done: () => void } | null>(null);
  const [giving, setGiving] = useState<GiveTokensTarget | null>(null);

  const reload = () => void table.current?.reload();

  const setStatus = (u: User, on: boolean) =>
    confirmThen(modal, on ? t('common.confirmEnable') : t('common.confirmDisable'), async () => {
      await data('base/sys/user').update({ id: u.id, status: on ? 1 : 0 }, { successMessage: t('common.updateSuccess') });
      reload();
    });

  // One account is deleted with the account's own question (000 §8), not the generic one.
  const removeOne = (id: number) =>
    confirmThen(modal, t('common.confirmDeleteAccount'), async () => {
      await data('base/sys/user').delete([id], { successMessage: t('common.deleteSuccess') });
      reload();
    });

  const columns: ProColumns<CrudRow>[] = [
    { title: t('viewsSystem.user.username'), dataIndex: 'username', width: 130, ellipsis: true },
    { title: t('viewsSystem.user.nickName'), dataIndex: 'nickName', width: 130, ellipsis: true },
    { title: t('viewsSystem.user.email'), dataIndex: 'email', width: 180, ellipsis: true },
    {
      title: t('viewsSystem.user.roles'),
      dataIndex: 'roleIdList',
      width: 150,
      render: (_, r) => (
        <Space size={[0, 4]} wrap>
          {(asUser(r).roleIdList ?? []).map((id) => (
            <Tag key={id} color="blue">
              {roleName.get(id) ?? `#${id}`}
            </Tag>
          ))}
        </Space>
      ),
    },
    {
      title: t('viewsSystem.user.department'),
      dataIndex: 'departmentId',
      width: 120,
      ellipsis: true,
      render: (_, r) => {
        const id = asUser(r).departmentId;
        return id == null ? '-' : (deptName.get(id) ?? `#${id}`);
      },
    },
    {
      title: t('viewsSystem.user.status'),
      dataIndex: 'status',
      width: 90,
      align: 'center',
      render: (_, r) => (
        <Switch
          size="small"
          checked={asUser(r).status === 1}
          disabled={!can(perm('update')) || asUser(r).id === me?.id}
          aria-label={t('viewsSystem.user.status')}
          onChange={(on) => setStatus(asUser(r), on)}
        />
      ),
    },
    { title: t('viewsSystem.user.tokens'), dataIndex: 'tokens', width: 100, align: 'right', render: (_, r) => Number(asUser(r).tokens ?? 0).toLocaleString() },
    { title: t('viewsSystem.user.createTime'), dataIndex: 'createTime', width: 170, render: (_, r) => formatTime(r.createTime) },
  ];

  const userTarget = (target: FormTarget): UserTarget | null =>
    target === null ? null : target === 'add' ? { mode: 'add', departmentId } : { mode: 'edit', row: asUser(target.row ?? {}) };

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
        <CrudTable
          entry={meta.entry}
          entityKey="base/sys/user"
          actionRef={table}
          title={t('viewsSystem.user.title')}
          keywordPlaceholder={t('viewsSystem.user.searchHint')}
          filters={departmentId !== null ? { departmentId: withDescendants(departments.rows, departmentId) } : undefined}
          tools={{ import: false, export: false, select: true, keepSelection: true }}
          table={(ctx) => ({
            size: 'small',
            scroll: { x: 1180 },
            tableAlertRender: ({ selectedRowKeys }) => <Typography.Text>{t('viewsSystem.user.selected', { count: selectedRowKeys.length })}</Typography.Text>,
            tableAlertOptionRender: () => (
              <Button type="link" size="small" onClick={ctx.clearSelection}>
                {t('viewsSystem.user.clearSelection')}
              </Button>
            ),
          })}
          slots={{
            columns,
            toolbar: (items, ctx) => [
              items.keyword,
              can(perm('move')) && (
                <Button
                  key="move"
                  icon={<SwapOutlined />}
                  disabled={!ctx.selected.length}
                  onClick={() => setMoving({ ids: ctx.selected, done: ctx.clearSelection })}
                >
                  {t('viewsSystem.user.move')}
                </Button>
              ),
              items.delete,
              items.add,
            ],
            rowActionsWidth: 120,
            rowActions: (r, d) => {
              const u = asUser(r);
              return (
                <RowActions iconsOnly onEdit={d.edit && (() => d.edit!())} onDelete={d.remove && u.id !== me?.id ? () => removeOne(u.id) : undefined}>
                  {can('base:tokenLog:adjust') ? (
                    <Tooltip title={t('viewsSystem.user.giveTokens')}>
                      <Button
                        type="link"
                        size="small"
                        icon={<GiftOutlined />}
                        aria-label={t('viewsSystem.user.giveTokens')}
                        data-testid="user-give-tokens"
                        onClick={() => setGiving({ id: u.id, name: u.nickName || u.username || `#${u.id}`, tokens: Number(u.tokens ?? 0) })}
                      />
                    </Tooltip>
                  ) : null}
                </RowActions>
              );
            },
            form: ({ target, onClose, onSaved }) => (
              <UserForm target={userTarget(target)} departments={departments.rows} roles={roles.rows} onClose={onClose} onSaved={onSaved} />
            ),
          }}
        />
      </Col>
      <GiveTokens
        target={giving}
        onClose={() => setGiving(null)}
        onDone={() => {
          setGiving(null);
          reload();
        }}
      />
      <UserMove
        userIds={moving?.ids ?? null}
        departments={departments.rows}
        onClose={() => setMoving(null)}
        onMoved={() => {
          moving?.done();
          setMoving(null);
          reload();
        }}
      />
    </Row>
  );
}

export default function UserView() {
  return <EntityGate keys={['base/sys/user']}>{([meta]) => <Screen meta={meta} />}</EntityGate>;
}
