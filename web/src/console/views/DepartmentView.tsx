/** Department tree: drag to reorder or move (the `order` call), with a side form to add and edit. */
import { useEffect, useMemo, useState } from 'react';
import { Button, Card, Col, Empty, Row, Space, Spin, Tooltip, Tree, Typography } from 'antd';
import type { TreeProps } from 'antd';
import { DeleteOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { api } from '../../app/api';
import { useCan } from '../../app/auth';
import { useI18n } from '../../i18n';
import { confirmThen } from './system/confirm';
import DepartmentForm, { type DepartmentTarget } from './system/DepartmentForm';
import DepartmentMembers from './system/DepartmentMembers';
import { dropMoves, type DropPlace } from './system/dept-order';
import { buildTree, toTreeData } from './system/tree';
import { calls, data, type Row as DataRow } from '../../app/data';
import { useList } from './system/use-list';
import { useAppApi } from '../../app/app-api';

type Department = DataRow<'base/sys/department'>;

const perm = (action: string) => `base:sys:department:${action}`;

export default function DepartmentView() {
  const { t } = useI18n();
  const can = useCan();
  const { modal } = useAppApi();
  const { rows, loading, reload } = useList('base/sys/department', can(perm('list')));
  const treeData = useMemo(() => toTreeData(buildTree(rows)), [rows]);
  const [target, setTarget] = useState<DepartmentTarget | null>(null);
  const [expanded, setExpanded] = useState<number[]>([]);
  const selectedId = target?.mode === 'edit' ? target.row.id : null;

  // Everything open at first; later the user's choice stays.
  useEffect(() => {
    setExpanded((e) => (e.length ? e : rows.map((r) => r.id)));
  }, [rows]);

  // The chosen department follows reloads (a rename shows in the form).
  useEffect(() => {
    if (target?.mode !== 'edit') return;
    const fresh = rows.find((r) => r.id === target.row.id);
    if (!fresh) setTarget(null);
    else if (fresh !== target.row && JSON.stringify(fresh) !== JSON.stringify(target.row)) setTarget({ mode: 'edit', row: fresh });
  }, [rows, target]);

  const onDrop: TreeProps['onDrop'] = (info) => {
    const dragId = Number(info.dragNode.key);
    const targetId = Number(info.node.key);
    const pos = info.node.pos.split('-');
    const relative = info.dropPosition - Number(pos[pos.length - 1]);
    const openParent = Boolean(info.node.children?.length) && info.node.expanded;
    const place: DropPlace = !info.dropToGap ? 'inside' : relative === -1 ? 'before' : openParent ? 'first' : 'after';
    const list = dropMoves(rows, dragId, targetId, place);
    if (!list.length) return;
    void api;
    calls.base.sys.department
      .order({ list }, { successMessage: t('common.updateSuccess') })
      .catch(() => undefined)
      .finally(() => void reload());
  };

  const remove = (d: Department) =>
    confirmThen(modal, t('viewsSystem.department.confirmDelete', { name: d.name }), async () => {
      await data('base/sys/department').delete([d.id], { successMessage: t('common.deleteSuccess') });
      setTarget(null);
      void reload();
    });

  const chosen = selectedId === null ? undefined : rows.find((r) => r.id === selectedId);

  return (
    <Row gutter={[16, 16]} data-testid="department-screen">
      <Col xs={24} md={10} xl={8}>
        <Card
          title={t('viewsSystem.department.title')}
          extra={
            <Space size={4}>
              {can(perm('add')) && (
                <Tooltip title={t('viewsSystem.department.add')}>
                  <Button
                    size="small"
                    type="primary"
                    icon={<PlusOutlined />}
                    data-testid="crud-add"
                    aria-label={t('viewsSystem.department.add')}
                    onClick={() => setTarget({ mode: 'add', parentId: selectedId })}
                  />
                </Tooltip>
              )}
              {chosen && can(perm('delete')) && (
                <Tooltip title={t('common.delete')}>
                  <Button
                    size="small"
                    danger
                    icon={<DeleteOutlined />}
                    data-testid="crud-row-delete"
                    aria-label={t('common.delete')}
                    onClick={() => remove(chosen)}
                  />
                </Tooltip>
              )}
              <Tooltip title={t('common.refresh')}>
                <Button size="small" icon={<ReloadOutlined />} aria-label={t('common.refresh')} onClick={() => void reload()} />
              </Tooltip>
            </Space>
          }
        >
          <Spin spinning={loading}>
            {treeData.length ? (
              <Tree
                treeData={treeData}
                blockNode
                showLine
                draggable={can(perm('order')) ? { icon: false } : false}
                onDrop={onDrop}
                expandedKeys={expanded}
                onExpand={(keys) => setExpanded(keys.map(Number))}
                selectedKeys={selectedId === null ? [] : [selectedId]}
                onSelect={(keys) => {
                  const d = rows.find((r) => r.id === Number(keys[0]));
                  setTarget(d ? { mode: 'edit', row: d } : null);
                }}
              />
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
            )}
          </Spin>
          {can(perm('order')) && treeData.length > 0 && (
            <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
              {t('viewsSystem.department.dragHint')}
            </Typography.Paragraph>
          )}
        </Card>
      </Col>
      <Col xs={24} md={14} xl={16}>
        <DepartmentForm
          target={target}
          rows={rows}
          canSave={target?.mode === 'add' ? can(perm('add')) : can(perm('update'))}
          onCancel={() => setTarget(null)}
          onSaved={(id) => {
            void reload();
            if (id !== null) setExpanded((e) => [...e, id]);
            if (target?.mode === 'add') setTarget(null);
          }}
        />
        {chosen && can('base:sys:user:page') ? <DepartmentMembers department={chosen} /> : null}
      </Col>
    </Row>
  );
}
