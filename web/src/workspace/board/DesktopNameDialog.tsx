/** The name of a new desktop, or a new name for one: a small modal with one field (1..255 characters). */
import { useEffect, useState } from 'react';
import { Form, Input, Modal } from 'antd';
import { useI18n } from '../../i18n';

export interface DesktopNameDialogProps {
  open: boolean;
  title: string;
  initial?: string;
  onOk(name: string): Promise<unknown>;
  onClose(): void;
}

export default function DesktopNameDialog({ open, title, initial, onOk, onClose }: DesktopNameDialogProps) {
  const { t } = useI18n();
  const [form] = Form.useForm<{ name: string }>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (open) form.setFieldsValue({ name: initial ?? '' });
  }, [open, initial, form]);

  const submit = async () => {
    const { name } = await form.validateFields();
    setBusy(true);
    try {
      await onOk(name.trim());
      onClose();
    } catch {
      /* the http client showed the server's message; the dialog stays open */
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={title}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={busy}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'board-desktop-name-ok' }}
    >
      <Form form={form} layout="vertical" onFinish={() => void submit()} preserve={false}>
        <Form.Item
          name="name"
          label={t('wsBoard.desktop.name')}
          rules={[{ required: true, whitespace: true, message: t('wsBoard.desktop.nameRequired') }, { max: 255 }]}
        >
          <Input autoFocus maxLength={255} placeholder={t('wsBoard.desktop.namePlaceholder')} data-testid="board-desktop-name" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
