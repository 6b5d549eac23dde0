/** Add or edit one menu: directory, menu or permission button (000 §5: route begins with /, sort number required). */
import { useEffect, useMemo } from 'react';
import { Form, Input, InputNumber, Radio, Select, Switch, TreeSelect } from 'antd';
import { useI18n } from '../../../i18n';
import { useSaveRecord } from './use-save-record';
import SaveModal from './SaveModal';
import { useMenuLabel } from './use-menu-label';
import { buildTree, toTreeData, withDescendants } from './tree';
import type { Row } from '../../../app/data';

type MenuItem = Row<'base/sys/menu'>;

export type MenuFormTarget = { mode: 'add'; parentId: number | null } | { mode: 'edit'; row: MenuItem };

interface Values {
  type: 0 | 1 | 2;
  name: string;
  parentId?: number | null;
  router?: string;
  viewPath?: string;
  perms?: string[];
  icon?: string;
  orderNum: number;
  keepAlive: boolean;
  isShow: boolean;
}

const ROUTER = /^\/(?!\/)\S*$/;

/** Sample values shown as placeholders (technical, the same in every language). */
const SAMPLE = { router: '/base/sys/user', viewPath: 'crud:base/sys/user', perms: 'base:sys:user:add', icon: 'icon-list' };

const empty = (v: string | undefined) => (v && v.trim() !== '' ? v.trim() : null);

export default function MenuForm(props: { target: MenuFormTarget | null; menus: MenuItem[]; onClose: () => void; onSaved: () => void }) {
  const { target, menus, onClose, onSaved } = props;
  const { t } = useI18n();
  const [form] = Form.useForm<Values>();
  const { saving, save } = useSaveRecord('base/sys/menu', form, onSaved);
  const type = Form.useWatch('type', form);

  const editingId = target?.mode === 'edit' ? target.row.id : null;
  const label = useMenuLabel();
  const parents = useMemo(() => {
    const blocked = new Set(editingId === null ? [] : withDescendants(menus, editingId));
    const shown = menus.filter((m) => m.type !== 2).map((m) => ({ ...m, name: label(m) }));
    return toTreeData(buildTree(shown), { skip: (m) => blocked.has(m.id) });
  }, [menus, editingId, label]);

  useEffect(() => {
    if (!target) return;
    form.resetFields();
    if (target.mode === 'add') {
      const parent = menus.find((m) => m.id === target.parentId);
      form.setFieldsValue({ type: parent ? (parent.type === 0 ? 1 : 2) : 0, parentId: target.parentId, orderNum: 0, keepAlive: true, isShow: true });
    } else {
      const r = target.row;
      form.setFieldsValue({
        type: r.type,
        name: r.name,
        parentId: r.parentId,
        router: r.router ?? '',
        viewPath: r.viewPath ?? '',
        perms: (r.perms ?? '')
          .split(',')
          .map((p) => p.trim())
          .filter(Boolean),
        icon: r.icon ?? '',
        orderNum: r.orderNum,
        keepAlive: Boolean(r.keepAlive),
        isShow: Boolean(r.isShow),
      });
    }
  }, [target, menus, form]);

  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    const body = {
      type: v.type,
      name: v.name.trim(),
      parentId: v.parentId ?? null,
      router: v.type === 2 ? null : empty(v.router),
      viewPath: v.type === 1 ? empty(v.viewPath) : null,
      perms:
        (v.perms ?? [])
          .map((p) => p.trim())
          .filter(Boolean)
          .join(',') || null,
      icon: v.type === 2 ? null : empty(v.icon),
      orderNum: v.orderNum,
      keepAlive: v.keepAlive,
      isShow: v.isShow,
    };
    await save(target?.mode === 'edit' ? target.row.id : null, body);
  };

  return (
    <SaveModal
      open={target !== null}
      title={target?.mode === 'edit' ? t('viewsSystem.menu.editTitle') : t('viewsSystem.menu.addTitle')}
      saving={saving}
      width={640}
      onCancel={onClose}
      onSave={() => void submit()}
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="type" label={t('viewsSystem.menu.type')}>
          <Radio.Group optionType="button" options={[0, 1, 2].map((v) => ({ value: v, label: t(`viewsSystem.menu.types.${v}`) }))} />
        </Form.Item>
        <Form.Item name="name" label={t('viewsSystem.menu.name')} rules={[{ required: true, whitespace: true, message: t('viewsSystem.menu.nameRequired') }]}>
          <Input maxLength={255} />
        </Form.Item>
        <Form.Item name="parentId" label={t('viewsSystem.menu.parent')}>
          <TreeSelect treeData={parents} allowClear showSearch treeNodeFilterProp="title" placeholder={t('viewsSystem.menu.topLevel')} />
        </Form.Item>
        {type !== 2 && (
          <Form.Item
            name="router"
            label={t('viewsSystem.menu.router')}
            rules={[
              {
                validator: (_, v: string | undefined) =>
                  !v || ROUTER.test(v.trim()) ? Promise.resolve() : Promise.reject(new Error(t('viewsSystem.menu.routerSlash'))),
              },
            ]}
          >
            <Input placeholder={SAMPLE.router} />
          </Form.Item>
        )}
        {type === 1 && (
          <Form.Item name="viewPath" label={t('viewsSystem.menu.viewPath')} extra={t('viewsSystem.menu.viewPathHint')}>
            <Input placeholder={SAMPLE.viewPath} />
          </Form.Item>
        )}
        {type !== 0 && (
          <Form.Item name="perms" label={t('viewsSystem.menu.perms')} extra={t('viewsSystem.menu.permsHint')}>
            <Select mode="tags" tokenSeparators={[',', ' ']} open={false} suffixIcon={null} placeholder={SAMPLE.perms} />
          </Form.Item>
        )}
        {type !== 2 && (
          <Form.Item name="icon" label={t('viewsSystem.menu.icon')}>
            <Input placeholder={SAMPLE.icon} />
          </Form.Item>
        )}
        <Form.Item name="orderNum" label={t('viewsSystem.menu.orderNum')} rules={[{ required: true, message: t('viewsSystem.menu.orderRequired') }]}>
          <InputNumber precision={0} style={{ width: '100%' }} />
        </Form.Item>
        {type === 1 && (
          <Form.Item name="keepAlive" label={t('viewsSystem.menu.keepAlive')} valuePropName="checked">
            <Switch />
          </Form.Item>
        )}
        {type !== 2 && (
          <Form.Item name="isShow" label={t('viewsSystem.menu.isShow')} valuePropName="checked">
            <Switch />
          </Form.Item>
        )}
      </Form>
    </SaveModal>
  );
}
