/**
 * "Create team": name, remark and an optional revenue share (a percentage, sent as the 0..1 ratio).
 * `group/add {name, type: 2, remark?, allocationRatio?}` answers `{id, key}`; the caller is the owner.
 */
import { useState } from 'react';
import { Form, Input, InputNumber, Modal } from 'antd';
import { useI18n } from '../../i18n';
import { calls } from '../../app/data';
import { notify } from '../../app/notify';
import { percentToRatio } from './team-model';
import { membershipChanged } from '../realtime';

interface Values {
  name: string;
  remark?: string;
  percent?: number | null;
}

export default function CreateTeamModal({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: (id: number) => void }) {
  const { t } = useI18n();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);

  const submit = async (v: Values) => {
    setBusy(true);
    try {
      const body: Parameters<typeof calls.base.group.add>[0] = { name: v.name.trim(), type: 2 };
      if (v.remark?.trim()) body.remark = v.remark.trim();
      if (typeof v.percent === 'number') body.allocationRatio = percentToRatio(v.percent);
      const made = (await calls.base.group.add(body)) as { id: number; key?: string };
      notify('success', t('wsTeams.create.done'));
      membershipChanged();
      form.resetFields();
      onCreated(Number(made.id));
    } catch {
      /* the server's message was shown; the form keeps what was typed */
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('wsTeams.create.title')}
      okText={t('wsTeams.create.ok')}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={busy}
      destroyOnHidden
      okButtonProps={{ ...{ 'data-testid': 'team-create-submit' } }}
    >
      <Form form={form} layout="vertical" onFinish={submit} data-testid="team-create-form" preserve={false}>
        <Form.Item
          name="name"
          label={t('wsTeams.create.name')}
          rules={[{ required: true, whitespace: true, message: t('wsTeams.create.nameRequired') }, { max: 255 }]}
        >
          <Input maxLength={255} autoFocus data-testid="team-create-name" placeholder={t('wsTeams.create.namePlaceholder')} />
        </Form.Item>
        <Form.Item name="remark" label={t('wsTeams.create.remark')} rules={[{ max: 255 }]}>
          <Input.TextArea
            maxLength={255}
            autoSize={{ minRows: 2, maxRows: 4 }}
            data-testid="team-create-remark"
            placeholder={t('wsTeams.create.remarkPlaceholder')}
          />
        </Form.Item>
        <Form.Item name="percent" label={t('wsTeams.allocation.label')} extra={t('wsTeams.allocation.help')}>
          <InputNumber min={0} max={100} precision={2} suffix="%" style={{ width: 160 }} data-testid="team-create-ratio" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
