/** Add or edit a role: name, identifier, remark, function permissions (menus) and data permissions (departments). */
import { useEffect, useMemo, useState } from 'react';
import { Card, Checkbox, Col, Form, Input, Row } from 'antd';
import { useI18n } from '../../../i18n';
import CheckTree from './CheckTree';
import { useMenuLabel } from './use-menu-label';
import { useSaveRecord } from './use-save-record';
import SaveModal from './SaveModal';
import { buildTree, toTreeData } from './tree';
import type { Row as DataRow } from '../../../app/data';

type Department = DataRow<'base/sys/department'>;
type MenuItem = DataRow<'base/sys/menu'>;
type Role = DataRow<'base/sys/role'>;

export type RoleTarget = { mode: 'add' } | { mode: 'edit'; row: Role };

interface Values {
  name: string;
  label: string;
  remark?: string;
  relevance: boolean;
  menuIdList: number[];
  departmentIdList: number[];
}

export default function RoleForm(props: { target: RoleTarget | null; menus: MenuItem[]; departments: Department[]; onClose: () => void; onSaved: () => void }) {
  const { target, menus, departments, onClose, onSaved } = props;
  const { t } = useI18n();
  const [form] = Form.useForm<Values>();
  const { saving, save } = useSaveRecord('base/sys/role', form, onSaved);
  const [menusLinked, setMenusLinked] = useState(true);
  const relevance = Form.useWatch('relevance', form) ?? false;
  const label = useMenuLabel();
  const menuTree = useMemo(() => toTreeData(buildTree(menus.map((m) => ({ ...m, name: label(m) })))), [menus, label]);
  const deptTree = useMemo(() => toTreeData(buildTree(departments)), [departments]);

  useEffect(() => {
    if (!target) return;
    form.resetFields();
    if (target.mode === 'add') form.setFieldsValue({ relevance: false, menuIdList: [], departmentIdList: [] });
    else {
      const r = target.row;
      form.setFieldsValue({
        name: r.name,
        label: r.label,
        remark: r.remark ?? '',
        relevance: Boolean(r.relevance),
        menuIdList: r.menuIdList ?? [],
        departmentIdList: r.departmentIdList ?? [],
      });
    }
  }, [target, form]);

  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    const body = {
      name: v.name.trim(),
      label: v.label.trim(),
      remark: v.remark?.trim() ? v.remark.trim() : null,
      relevance: v.relevance,
      menuIdList: v.menuIdList ?? [],
      departmentIdList: v.departmentIdList ?? [],
    };
    await save(target?.mode === 'edit' ? target.row.id : null, body);
  };

  return (
    <SaveModal
      open={target !== null}
      title={target?.mode === 'edit' ? t('viewsSystem.role.editTitle') : t('viewsSystem.role.addTitle')}
      saving={saving}
      width={860}
      onCancel={onClose}
      onSave={() => void submit()}
    >
      <Form form={form} layout="vertical">
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item
              name="name"
              label={t('viewsSystem.role.name')}
              rules={[{ required: true, whitespace: true, message: t('viewsSystem.role.nameRequired') }]}
            >
              <Input maxLength={255} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="label"
              label={t('viewsSystem.role.label')}
              rules={[{ required: true, whitespace: true, message: t('viewsSystem.role.labelRequired') }]}
            >
              <Input maxLength={50} />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item name="remark" label={t('viewsSystem.role.remark')}>
              <Input.TextArea rows={2} maxLength={255} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Card
              size="small"
              title={t('viewsSystem.role.menus')}
              extra={
                <Checkbox checked={menusLinked} onChange={(e) => setMenusLinked(e.target.checked)}>
                  {t('viewsSystem.role.linked')}
                </Checkbox>
              }
            >
              <Form.Item name="menuIdList" noStyle>
                <TreeField treeData={menuTree} linked={menusLinked} expandAll={false} />
              </Form.Item>
            </Card>
          </Col>
          <Col xs={24} md={12}>
            <Card
              size="small"
              title={t('viewsSystem.role.departments')}
              extra={
                <Form.Item name="relevance" valuePropName="checked" noStyle>
                  <Checkbox>{t('viewsSystem.role.linked')}</Checkbox>
                </Form.Item>
              }
            >
              <Form.Item name="departmentIdList" noStyle>
                <TreeField treeData={deptTree} linked={relevance} />
              </Form.Item>
              <div style={{ marginTop: 8, opacity: 0.65, fontSize: 12 }}>{t('viewsSystem.role.relevanceHint')}</div>
            </Card>
          </Col>
        </Row>
      </Form>
    </SaveModal>
  );
}

/** CheckTree as a form control (value/onChange given by Form.Item). */
function TreeField(props: {
  treeData: ReturnType<typeof toTreeData>;
  linked: boolean;
  expandAll?: boolean;
  value?: number[];
  onChange?: (ids: number[]) => void;
}) {
  return (
    <CheckTree
      treeData={props.treeData}
      linked={props.linked}
      expandAll={props.expandAll}
      value={props.value ?? []}
      onChange={(ids) => props.onChange?.(ids)}
    />
  );
}
