/**
 * Give or take a user's tokens: one ledger adjustment entry (base/tokenLog/adjust), never an edit of
 * the balance. The client key is made when the dialog opens, so a retried save adjusts once.
 */
import { useEffect, useState } from 'react';
import { Form, Input, InputNumber, Modal, Typography } from 'antd';
import { useI18n } from '../../../i18n';
import { calls } from '../../../app/data';

export interface GiveTokensTarget {
  id: number;
  name: string;
  tokens: number;
}

const newKey = () => `give-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;

export default function GiveTokens(props: { target: GiveTokensTarget | null; onClose: () => void; onDone: () => void }) {
  const { target, onClose, onDone } = props;
  const { t } = useI18n();
  const [form] = Form.useForm<{ amount: number; remark?: string }>();
  const [busy, setBusy] = useState(false);
  const [clientKey, setClientKey] = useState(newKey);
  useEffect(() => {
    if (target) setClientKey(newKey());
  }, [target]);

  const submit = async () => {
    if (!target) return;
    const { amount, remark } = await form.validateFields();
    setBusy(true);
    try {
      await calls.base.tokenLog.adjust({ userId: target.id, amount, remark: remark || undefined, clientKey }, { successMessage: t('common.operationSuccess') });
      form.resetFields();
      onDone();
    } catch {
      /* the client already showed the server's message */
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={target !== null}
      title={t('viewsSystem.user.giveTitle', { name: target?.name ?? '' })}
      onCancel={() => {
        form.resetFields();
        onClose();
      }}
      onOk={() => void submit().catch(() => undefined)}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      confirmLoading={busy}
      okButtonProps={{ 'data-testid': 'give-tokens-submit' } as never}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary" data-testid="give-tokens-balance">
        {t('viewsSystem.user.balanceNow', { balance: target?.tokens ?? 0 })}
      </Typography.Paragraph>
      <Form form={form} layout="vertical" name="give-tokens">
        <Form.Item
          name="amount"
          label={t('viewsSystem.user.amount')}
          extra={t('viewsSystem.user.amountHelp')}
          rules={[
            { required: true, message: t('viewsSystem.user.amountRequired') },
            {
              validator: (_r, v) =>
                v === undefined || v === null || Number(v) !== 0 ? Promise.resolve() : Promise.reject(new Error(t('viewsSystem.user.amountRequired'))),
            },
          ]}
        >
          <InputNumber style={{ width: '100%' }} min={-1e9} max={1e9} data-testid="give-tokens-amount" />
        </Form.Item>
        <Form.Item name="remark" label={t('viewsSystem.user.remark')}>
          <Input maxLength={200} data-testid="give-tokens-remark" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
