/**
 * Auto-adding permissions (000 §5): a menu for an entity with one button per chosen permission key,
 * through `menu/parse` (the entity's keys) and `menu/create` (menu and buttons in one transaction).
 * It needs a permission name, the entity and at least one permission.
 */
import { useEffect, useMemo, useState } from 'react';
import { Checkbox, Form, Input, InputNumber, Modal, Select, Spin, TreeSelect } from 'antd';
import { notify } from '../../../app/notify';
import { useI18n } from '../../../i18n';
import { useEps } from '../../eps';
import { calls, showFieldErrors } from '../../../app/data';
import { useMenuLabel } from './use-menu-label';
import { buildTree, toTreeData } from './tree';
import type { Row } from '../../../app/data';

type MenuItem = Row<'base/sys/menu'>;

interface ParsedPerm {
  key: string;
  summary: string;
}

interface Values {
  name: string;
  entity: string;
  parentId?: number | null;
  orderNum: number;
  perms: string[];
}

export default function MenuQuick(props: { open: boolean; menus: MenuItem[]; onClose: () => void; onCreated: () => void }) {
  const { open, menus, onClose, onCreated } = props;
  const { t } = useI18n();
  const { eps } = useEps();
  const [form] = Form.useForm<Values>();
  const [perms, setPerms] = useState<ParsedPerm[]>([]);
  const [loadingPerms, setLoadingPerms] = useState(false);
  const [busy, setBusy] = useState(false);
  const label = useMenuLabel();
  const parents = useMemo(() => toTreeData(buildTree(menus.filter((m) => m.type === 0).map((m) => ({ ...m, name: label(m) })))), [menus, label]);
  const entities = useMemo(
    () =>
      Object.entries(eps ?? {})
        .filter(([, e]) => e.api.some((a) => a.permission))
        .map(([key, e]) => ({ value: key, label: `${e.label} (${key})` }))
        .sort((a, b) => a.label.localeCompare(b.label)),
    [eps],
  );
  const entity = Form.useWatch('entity', form);

  useEffect(() => {
    if (!open) {
      form.resetFields();
      setPerms([]);
    }
  }, [open, form]);

  useEffect(() => {
    if (!entity) return;
    let live = true;
    setLoadingPerms(true);
    (calls.base.sys.menu.parse({ entity }) as Promise<{ label: string; perms: ParsedPerm[] }>)
      .then((parsed) => {
        if (!live) return;
        setPerms(parsed.perms);
        form.setFieldsValue({ perms: parsed.perms.map((p) => p.key), name: form.getFieldValue('name') || parsed.label });
      })
      .catch(() => live && setPerms([]))
      .finally(() => live && setLoadingPerms(false));
    return () => {
      live = false;
    };
  }, [entity, form]);

  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    setBusy(true);
    try {
      await calls.base.sys.menu.create({ ...v, parentId: v.parentId ?? null }, { silent: true });
      notify('success', t('common.saveSuccess'));
      onCreated();
      onClose();
    } catch (e) {
      if (!showFieldErrors(form, e)) notify('error', e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('viewsSystem.menu.quick.title')}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={busy}
      okButtonProps={{ 'data-testid': 'form-submit' } as Record<string, string>}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ orderNum: 0, perms: [] }}>
        <Form.Item name="entity" label={t('viewsSystem.menu.quick.entity')} rules={[{ required: true, message: t('viewsSystem.menu.quick.entityRequired') }]}>
          <Select showSearch optionFilterProp="label" options={entities} placeholder={t('viewsSystem.menu.quick.entityPlaceholder')} />
        </Form.Item>
        <Form.Item
          name="name"
          label={t('viewsSystem.menu.quick.name')}
          rules={[{ required: true, whitespace: true, message: t('viewsSystem.menu.quick.nameRequired') }]}
        >
          <Input maxLength={255} />
        </Form.Item>
        <Form.Item name="parentId" label={t('viewsSystem.menu.quick.parent')}>
          <TreeSelect allowClear treeData={parents} treeDefaultExpandAll />
        </Form.Item>
        <Form.Item name="orderNum" label={t('viewsSystem.menu.quick.order')} rules={[{ required: true, message: t('viewsSystem.menu.quick.orderRequired') }]}>
          <InputNumber style={{ width: '100%' }} />
        </Form.Item>
        <Spin spinning={loadingPerms}>
          <Form.Item
            name="perms"
            label={t('viewsSystem.menu.quick.perms')}
            rules={[{ type: 'array', required: true, min: 1, message: t('viewsSystem.menu.quick.permsRequired') }]}
          >
            <Checkbox.Group
              style={{ display: 'flex', flexDirection: 'column', gap: 4 }}
              options={perms.map((p) => ({ value: p.key, label: `${p.summary} (${p.key})` }))}
            />
          </Form.Item>
        </Spin>
      </Form>
    </Modal>
  );
}
