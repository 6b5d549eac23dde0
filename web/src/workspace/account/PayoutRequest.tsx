/**
 * "Request a payout" (`base/payout/request {tokens, note?, clientKey}`): a dialog asking how many of
 * my withdrawable tokens (at most the balance, four decimals) and where to pay me. Each opening of the
 * form makes its own client key, so a double click or a retry asks for one payout only.
 */
import { useState } from 'react';
import { Button, Form, Input, InputNumber, Modal } from 'antd';
import { useI18n } from '../../i18n';
import { calls, showFieldErrors } from '../../app/data';
import { notify } from '../../app/notify';
import { formatTokens } from '../../app/money';

interface Values {
  tokens: number | null;
  note?: string;
}

/** A fresh key for one intended payout (8-40 letters, digits, _ or -). */
export function newClientKey(): string {
  const random =
    typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  return `payout-${random}`.slice(0, 40);
}

export default function PayoutRequest({ withdrawable, onDone }: { withdrawable: number; onDone: () => void }) {
  const { t, lang } = useI18n();
  const [form] = Form.useForm<Values>();
  const [clientKey, setClientKey] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const open = () => setClientKey(newClientKey());
  const send = async ({ tokens, note }: Values) => {
    if (!clientKey || busy) return;
    setBusy(true);
    try {
      const r = await calls.base.payout.request({ tokens: tokens as number /* the form requires it */, note: note?.trim() || null, clientKey });
      notify('success', t('wsAccount.payout.sent', { tokens: formatTokens(r.payout.tokens, lang) }));
      setClientKey(null);
      onDone();
    } catch (e) {
      showFieldErrors(form, e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button type="primary" onClick={open} disabled={withdrawable <= 0} data-testid="acc-payout-open">
        {t('wsAccount.payout.request')}
      </Button>
      <Modal open={clientKey !== null} title={t('wsAccount.payout.formTitle')} onCancel={() => setClientKey(null)} footer={null} destroyOnHidden>
        <Form form={form} layout="vertical" onFinish={(v) => void send(v)} initialValues={{ tokens: withdrawable }}>
          <Form.Item
            name="tokens"
            label={t('wsAccount.payout.tokens')}
            rules={[
              { required: true, message: t('wsAccount.payout.tokensRequired') },
              { type: 'number', max: withdrawable, message: t('wsAccount.payout.tokensTooMany', { max: formatTokens(withdrawable, lang) }) },
            ]}
          >
            <InputNumber min={0.0001} max={withdrawable} precision={4} style={{ width: '100%' }} data-testid="acc-payout-tokens" />
          </Form.Item>
          <Form.Item name="note" label={t('wsAccount.payout.note')} rules={[{ max: 500 }]}>
            <Input.TextArea
              maxLength={500}
              autoSize={{ minRows: 2, maxRows: 5 }}
              placeholder={t('wsAccount.payout.notePlaceholder')}
              data-testid="acc-payout-note"
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={busy} data-testid="acc-payout-send">
            {t('wsAccount.payout.send')}
          </Button>
        </Form>
      </Modal>
    </>
  );
}
