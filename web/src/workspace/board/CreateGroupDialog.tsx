/**
 * Create a group: name, type (private / public / team), description, and the tile's member grid
 * (rows x cols, 1..12, 2 x 2 by default). The new group goes on the selected desktop (a second
 * call, `groupToDesktop`, skipped on the default desktop, which holds every group no desktop does).
 * A team answers with its join key: the dialog then shows the invite link with a copy button
 * instead of closing.
 */
import { useState } from 'react';
import { Button, Form, Input, InputNumber, Modal, Radio, Space, Typography } from 'antd';
import { useI18n } from '../../i18n';
import { boardApi, GROUP_TYPES, TYPE_KEYS, type GroupType } from './board-api';
import { GRID_DEFAULT, GRID_MAX, GRID_MIN } from './board-grid';
import { isDefaultDesktop } from './desktop-order';
import InviteLink from './InviteLink';
import { membershipChanged } from '../realtime';
import { useAppApi } from '../../app/app-api';

interface Values {
  name: string;
  type: GroupType;
  remark?: string;
  rows: number;
  cols: number;
}

interface Props {
  open: boolean;
  desktopId: number;
  onClose(): void;
  /** After the group exists (and is on the desktop): reload the board. */
  onCreated(id: number): void;
}

export default function CreateGroupDialog({ open, desktopId, onClose, onCreated }: Props) {
  const { t } = useI18n();
  const { message } = useAppApi();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const [team, setTeam] = useState<{ name: string; key: string } | null>(null);
  const type = Form.useWatch('type', form) ?? 0;

  const submit = async () => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      const name = v.name.trim();
      const { id, key } = await boardApi.addGroup({ name, type: v.type, remark: v.remark?.trim() || undefined, rows: v.rows, cols: v.cols });
      if (!isDefaultDesktop(desktopId)) await boardApi.groupToDesktop(id, desktopId).catch(() => undefined);
      onCreated(id);
      membershipChanged();
      if (key) setTeam({ name, key });
      else {
        void message.success(t('wsBoard.create.created'));
        onClose();
      }
    } catch {
      /* the http client showed the server's message; the dialog stays open */
    } finally {
      setBusy(false);
    }
  };

  if (team) {
    return (
      <Modal
        open={open}
        title={t('wsBoard.create.teamCreated')}
        onCancel={onClose}
        afterClose={() => setTeam(null)}
        footer={
          <Button type="primary" onClick={onClose} data-testid="board-create-done">
            {t('wsBoard.create.done')}
          </Button>
        }
      >
        <Typography.Paragraph>{t('wsBoard.create.shareLink', { name: team.name })}</Typography.Paragraph>
        <InviteLink teamKey={team.key} />
      </Modal>
    );
  }

  return (
    <Modal
      open={open}
      title={t('wsBoard.create.title')}
      okText={t('wsBoard.create.submit')}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={busy}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'board-create-submit' }}
    >
      <Form form={form} layout="vertical" preserve={false} initialValues={{ type: 0, rows: GRID_DEFAULT, cols: GRID_DEFAULT }} data-testid="board-create-form">
        <Form.Item
          name="name"
          label={t('wsBoard.create.name')}
          rules={[{ required: true, whitespace: true, message: t('wsBoard.create.nameRequired') }, { max: 255 }]}
        >
          <Input autoFocus maxLength={255} placeholder={t('wsBoard.create.namePlaceholder')} data-testid="board-create-name" />
        </Form.Item>
        <Form.Item name="type" label={t('wsBoard.create.type')} extra={t(`wsBoard.create.hint.${TYPE_KEYS[type]}`)}>
          <Radio.Group optionType="button" buttonStyle="solid" data-testid="board-create-type">
            {GROUP_TYPES.map((v) => (
              <Radio.Button key={v} value={v}>
                <span data-testid={`board-create-type-${TYPE_KEYS[v]}`}>{t(`wsBoard.type.${TYPE_KEYS[v]}`)}</span>
              </Radio.Button>
            ))}
          </Radio.Group>
        </Form.Item>
        <Form.Item name="remark" label={t('wsBoard.create.remark')} rules={[{ max: 255 }]}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} maxLength={255} data-testid="board-create-remark" />
        </Form.Item>
        <Form.Item extra={t('wsBoard.create.boardHint')} style={{ marginBottom: 0 }}>
          <Space wrap>
            <Form.Item name="rows" label={t('wsBoard.create.rows')} rules={[{ required: true }]}>
              <InputNumber min={GRID_MIN} max={GRID_MAX} precision={0} data-testid="board-create-rows" />
            </Form.Item>
            <Form.Item name="cols" label={t('wsBoard.create.cols')} rules={[{ required: true }]}>
              <InputNumber min={GRID_MIN} max={GRID_MAX} precision={0} data-testid="board-create-cols" />
            </Form.Item>
          </Space>
        </Form.Item>
      </Form>
    </Modal>
  );
}
