/** The side form of the department screen: edit the chosen department or add a new one. */
import { useEffect, useMemo, useState } from 'react';
import { Button, Card, Empty, Form, Input, InputNumber, Space, TreeSelect } from 'antd';
import { useI18n } from '../../../i18n';
import { data, showFieldErrors } from '../../../app/data';
import { buildTree, toTreeData, withDescendants } from './tree';
import type { Row } from '../../../app/data';

type Department = Row<'base/sys/department'>;

export type DepartmentTarget = { mode: 'add'; parentId: number | null } | { mode: 'edit'; row: Department };

interface Values {
  name: string;
  parentId?: number | null;
  orderNum: number;
}

export default function DepartmentForm(props: {
  target: DepartmentTarget | null;
  rows: Department[];
  canSave: boolean;
  onSaved: (id: number | null) => void;
  onCancel: () => void;
}) {
  const { target, rows, canSave, onSaved, onCancel } = props;
  const { t } = useI18n();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const editingId = target?.mode === 'edit' ? target.row.id : null;
  const parents = useMemo(() => {
    const blocked = new Set(editingId === null ? [] : withDescendants(rows, editingId));
    return toTreeData(buildTree(rows), { skip: (d) => blocked.has(d.id) });
  }, [rows, editingId]);

  useEffect(() => {
    if (!target) return;
    if (target.mode === 'add') form.setFieldsValue({ name: '', parentId: target.parentId, orderNum: 0 });
    else form.setFieldsValue({ name: target.row.name, parentId: target.row.parentId, orderNum: target.row.orderNum });
    form.setFields([{ name: 'name', errors: [] }]);
  }, [target, form]);

  if (!target) {
    return (
      <Card>
        <Empty description={t('viewsSystem.department.pick')} />
      </Card>
    );
  }

  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    const body = { name: v.name.trim(), parentId: v.parentId ?? null, orderNum: v.orderNum };
    setSaving(true);
    try {
      if (target.mode === 'edit') {
        await data('base/sys/department').update({ id: target.row.id, ...body }, { successMessage: t('common.updateSuccess') });
        onSaved(target.row.id);
      } else {
        const r = await data('base/sys/department').add(body, { successMessage: t('common.saveSuccess') });
        onSaved(r && !Array.isArray(r) && typeof r.id === 'number' ? r.id : null);
      }
    } catch (e) {
      showFieldErrors(form, e);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card title={target.mode === 'edit' ? t('viewsSystem.department.editTitle') : t('viewsSystem.department.addTitle')}>
      <Form form={form} layout="vertical" disabled={!canSave} onFinish={() => void submit()}>
        <Form.Item
          name="name"
          label={t('viewsSystem.department.name')}
          rules={[{ required: true, whitespace: true, message: t('viewsSystem.department.nameRequired') }]}
        >
          <Input maxLength={255} />
        </Form.Item>
        <Form.Item name="parentId" label={t('viewsSystem.department.parent')}>
          <TreeSelect
            treeData={parents}
            allowClear
            showSearch
            treeNodeFilterProp="title"
            treeDefaultExpandAll
            placeholder={t('viewsSystem.department.topLevel')}
          />
        </Form.Item>
        <Form.Item name="orderNum" label={t('viewsSystem.department.orderNum')} rules={[{ required: true, message: t('viewsSystem.menu.orderRequired') }]}>
          <InputNumber precision={0} style={{ width: '100%' }} />
        </Form.Item>
        {canSave && (
          <Space>
            <Button type="primary" htmlType="submit" loading={saving} data-testid="form-submit">
              {t('common.save')}
            </Button>
            <Button onClick={onCancel}>{t('common.cancel')}</Button>
          </Space>
        )}
      </Form>
    </Card>
  );
}
