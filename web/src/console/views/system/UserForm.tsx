/** Add or edit a console account: login, profile, department, roles and status. */
import { useEffect, useMemo } from 'react';
import { Col, Form, Input, Radio, Row, Select, TreeSelect } from 'antd';
import { useI18n } from '../../../i18n';
import { useSaveRecord } from './use-save-record';
import SaveModal from './SaveModal';
import { buildTree, toTreeData } from './tree';
import type { Row as DataRow } from '../../../app/data';

type Department = DataRow<'base/sys/department'>;
type Role = DataRow<'base/sys/role'>;
type User = DataRow<'base/sys/user'>;

export type UserTarget = { mode: 'add'; departmentId: number | null } | { mode: 'edit'; row: User };

interface Values {
  username: string;
  password?: string;
  name?: string;
  nickName?: string;
  email?: string;
  phone?: string;
  departmentId?: number | null;
  roleIdList?: number[];
  status: number;
  remark?: string;
}

/** 000 §5: the global e-mail check. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const text = (v: string | undefined) => (v && v.trim() !== '' ? v.trim() : null);

export default function UserForm(props: { target: UserTarget | null; departments: Department[]; roles: Role[]; onClose: () => void; onSaved: () => void }) {
  const { target, departments, roles, onClose, onSaved } = props;
  const { t } = useI18n();
  const [form] = Form.useForm<Values>();
  const { saving, save } = useSaveRecord('base/sys/user', form, onSaved);
  const deptTree = useMemo(() => toTreeData(buildTree(departments)), [departments]);
  const adding = target?.mode === 'add';

  useEffect(() => {
    if (!target) return;
    form.resetFields();
    if (target.mode === 'add') form.setFieldsValue({ status: 1, departmentId: target.departmentId, roleIdList: [] });
    else {
      const r = target.row;
      form.setFieldsValue({
        username: r.username,
        name: r.name ?? '',
        nickName: r.nickName ?? '',
        email: r.email ?? '',
        phone: r.phone ?? '',
        departmentId: r.departmentId,
        roleIdList: r.roleIdList ?? [],
        status: r.status,
        remark: r.remark ?? '',
      });
    }
  }, [target, form]);

  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    const body: Record<string, unknown> = {
      username: v.username.trim(),
      name: text(v.name),
      nickName: text(v.nickName),
      email: text(v.email),
      phone: text(v.phone),
      departmentId: v.departmentId ?? null,
      roleIdList: v.roleIdList ?? [],
      status: v.status,
      remark: text(v.remark),
    };
    if (v.password) body.password = v.password;
    await save(target?.mode === 'edit' ? target.row.id : null, body);
  };

  return (
    <SaveModal
      open={target !== null}
      title={adding ? t('viewsSystem.user.addTitle') : t('viewsSystem.user.editTitle')}
      saving={saving}
      width={720}
      onCancel={onClose}
      onSave={() => void submit()}
    >
      <Form form={form} layout="vertical">
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item
              name="username"
              label={t('viewsSystem.user.username')}
              rules={[{ required: true, whitespace: true, message: t('viewsSystem.user.usernameRequired') }]}
            >
              <Input maxLength={100} autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="password"
              label={t('viewsSystem.user.password')}
              extra={adding ? undefined : t('viewsSystem.user.passwordKeep')}
              rules={[
                { required: adding, message: t('viewsSystem.user.passwordRequired') },
                { min: 6, max: 16, message: t('viewsSystem.user.passwordLength') },
              ]}
            >
              <Input.Password maxLength={16} autoComplete="new-password" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="nickName" label={t('viewsSystem.user.nickName')}>
              <Input maxLength={255} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="name" label={t('viewsSystem.user.name')}>
              <Input maxLength={255} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="email"
              label={t('viewsSystem.user.email')}
              rules={[
                {
                  validator: (_, v: string | undefined) =>
                    !v || EMAIL.test(v.trim()) ? Promise.resolve() : Promise.reject(new Error(t('viewsSystem.user.emailInvalid'))),
                },
              ]}
            >
              <Input maxLength={255} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="phone" label={t('viewsSystem.user.phone')}>
              <Input maxLength={20} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="departmentId" label={t('viewsSystem.user.department')}>
              <TreeSelect treeData={deptTree} allowClear showSearch treeNodeFilterProp="title" treeDefaultExpandAll />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="roleIdList" label={t('viewsSystem.user.roles')}>
              <Select mode="multiple" allowClear optionFilterProp="label" options={roles.map((r) => ({ value: r.id, label: r.name }))} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="status" label={t('viewsSystem.user.status')}>
              <Radio.Group
                options={[
                  { value: 1, label: t('viewsSystem.user.enabled') },
                  { value: 0, label: t('viewsSystem.user.disabled') },
                ]}
              />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item name="remark" label={t('viewsSystem.user.remark')}>
              <Input.TextArea rows={2} maxLength={255} />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </SaveModal>
  );
}
