/**
 * Settling a requested payout (base/payout): mark it paid with the reference of the transfer made
 * outside the platform (`base/payout/markPaid`), or reject it with a reason (`base/payout/reject`, the
 * tokens go back to the member). A payout settled meanwhile is refused by the server (409, its
 * message shown) and the table reloads.
 */
import { useState } from 'react';
import { Alert, Button, Form, Input, Modal, Space } from 'antd';
import { calls } from '../../app/data';
import { formatTokens } from '../../app/money';
import { useI18n } from '../../i18n';
import type { Row } from '../crud/table-columns';

export type Settling = { payout: Row; action: 'markPaid' | 'reject' } | null;

export default function PayoutSettle({ settling, onClose, onSettled }: { settling: Settling; onClose: () => void; onSettled: () => void }) {
  const { t, lang } = useI18n();
  const [form] = Form.useForm<{ text: string }>();
  const [busy, setBusy] = useState(false);
  const paid = settling?.action === 'markPaid';
  const tokens = formatTokens(settling?.payout.tokens, lang);

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values || !settling) return;
    const id = Number(settling.payout.id);
    const text = values.text.trim();
    setBusy(true);
    try {
      const options = { successMessage: t('viewsCommerce.payout.done') };
      await (paid ? calls.base.payout.markPaid({ id, reference: text }, options) : calls.base.payout.reject({ id, reason: text }, options));
      onSettled();
      onClose();
    } catch {
      /* the api showed the server's message (settled meanwhile: 409) */
      onSettled();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={settling !== null}
      title={t(paid ? 'viewsCommerce.payout.paidTitle' : 'viewsCommerce.payout.rejectTitle')}
      onCancel={onClose}
      destroyOnHidden
      maskClosable={!busy}
      footer={
        <Space>
          <Button onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button type="primary" danger={!paid} loading={busy} onClick={() => void submit()} data-testid="payout-settle-submit">
            {t(paid ? 'viewsCommerce.payout.markPaid' : 'viewsCommerce.payout.reject')}
          </Button>
        </Space>
      }
    >
      <Alert
        type={paid ? 'info' : 'warning'}
        showIcon
        message={t(paid ? 'viewsCommerce.payout.paidHint' : 'viewsCommerce.payout.rejectHint', { tokens })}
        style={{ marginBottom: 16 }}
      />
      <Form form={form} layout="vertical" requiredMark={false} preserve={false}>
        <Form.Item
          name="text"
          label={t(paid ? 'viewsCommerce.payout.reference' : 'viewsCommerce.payout.reason')}
          rules={[{ required: true, whitespace: true, message: t(paid ? 'viewsCommerce.payout.referenceRequired' : 'viewsCommerce.payout.reasonRequired') }]}
        >
          {paid ? (
            <Input maxLength={200} data-testid="payout-settle-text" />
          ) : (
            <Input.TextArea rows={3} maxLength={500} showCount data-testid="payout-settle-text" />
          )}
        </Form.Item>
      </Form>
    </Modal>
  );
}
