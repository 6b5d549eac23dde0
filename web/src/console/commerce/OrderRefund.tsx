/**
 * Refunding a paid card or Alipay order: what will happen and a reason, then the provider's refund
 * call (`base/stripe/refund`, `base/alipay/refund`); afterwards the dialog shows the provider's refund
 * id and the order's status (and whether it had been refunded already: the call answers the same
 * refund however often it is asked).
 */
import { useEffect, useState } from 'react';
import { Alert, Button, Descriptions, Form, Input, Modal, Result, Space, Tag, Typography } from 'antd';
import { calls } from '../../app/data';
import { useI18n } from '../../i18n';
import type { Row } from '../crud/table-columns';
import { formatMoney } from '../../app/money';
import { orderTitle, ORDER_STATUS, personLabel, refundBody, type RefundAnswer } from './orders';

export interface OrderRefundProps {
  /** The order to refund; null: closed. */
  order: Row | null;
  currency: string;
  onClose: () => void;
  /** After a refund went through (the table reloads). */
  onRefunded: (answer: RefundAnswer) => void;
}

export default function OrderRefund({ order, currency, onClose, onRefunded }: OrderRefundProps) {
  const { t, lang } = useI18n();
  const [form] = Form.useForm<{ reason: string }>();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<RefundAnswer | null>(null);

  useEffect(() => {
    if (order) {
      setDone(null);
      form.resetFields();
    }
  }, [order, form]);

  const orderNo = String(order?.orderNo ?? '');
  const amount = order ? formatMoney(order.chargedAmount ?? order.payAmount, order.currency ?? currency, lang) : '';
  const alipay = order?.provider === 'alipay';

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const { reason } = values;
    setBusy(true);
    try {
      const refund = alipay ? calls.base.alipay.refund : calls.base.stripe.refund;
      const answer = (await refund(refundBody(orderNo, reason ?? ''))) as RefundAnswer;
      setDone(answer);
      onRefunded(answer);
    } catch {
      /* the api showed the server's message; the dialog stays open */
    } finally {
      setBusy(false);
    }
  };

  const refunded = done && Number(done.status) === ORDER_STATUS.refunded;
  return (
    <Modal
      open={order !== null}
      title={t('viewsCommerce.order.refundTitle')}
      onCancel={onClose}
      destroyOnHidden
      maskClosable={!busy}
      footer={
        done ? (
          <Button type="primary" onClick={onClose} data-testid="refund-close">
            {t('common.close')}
          </Button>
        ) : (
          <Space>
            <Button onClick={onClose} disabled={busy}>
              {t('common.cancel')}
            </Button>
            <Button type="primary" danger loading={busy} onClick={() => void submit()} data-testid="refund-submit">
              {t('viewsCommerce.order.refundRun', { amount })}
            </Button>
          </Space>
        )
      }
    >
      {done ? (
        <Result
          status={refunded ? 'success' : 'warning'}
          title={refunded ? t('viewsCommerce.order.refunded') : t('viewsCommerce.order.refundNotDone')}
          subTitle={done.duplicate ? t('viewsCommerce.order.refundDuplicate') : undefined}
          style={{ padding: '16px 0' }}
          extra={
            <Descriptions size="small" column={1} bordered data-testid="refund-result">
              <Descriptions.Item label={t('viewsCommerce.order.orderNo')}>
                <Typography.Text style={{ fontFamily: 'monospace', fontSize: 12 }}>{done.orderNo}</Typography.Text>
              </Descriptions.Item>
              <Descriptions.Item label={t('viewsCommerce.order.refundId')}>
                <Typography.Text copyable style={{ fontFamily: 'monospace', fontSize: 12 }}>
                  {done.refundId ?? '-'}
                </Typography.Text>
              </Descriptions.Item>
              <Descriptions.Item label={t('viewsCommerce.order.status')}>
                <Tag color={refunded ? 'purple' : 'gold'}>{refunded ? t('viewsCommerce.order.statusRefunded') : String(done.status)}</Tag>
              </Descriptions.Item>
            </Descriptions>
          }
        />
      ) : (
        <>
          <Alert
            type="warning"
            showIcon
            message={t(alipay ? 'viewsCommerce.order.refundWarnAlipay' : 'viewsCommerce.order.refundWarn', { amount })}
            style={{ marginBottom: 16 }}
          />
          <Descriptions size="small" column={1} style={{ marginBottom: 8 }}>
            <Descriptions.Item label={t('viewsCommerce.order.orderNo')}>
              <Typography.Text style={{ fontFamily: 'monospace', fontSize: 12 }}>{orderNo}</Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('viewsCommerce.order.goods')}>{order ? orderTitle(order) || '-' : ''}</Descriptions.Item>
            <Descriptions.Item label={t('viewsCommerce.order.buyer')}>{personLabel(order?.buyerName, order?.userId) ?? '-'}</Descriptions.Item>
          </Descriptions>
          <Form form={form} layout="vertical" requiredMark={false}>
            <Form.Item
              name="reason"
              label={t('viewsCommerce.order.reason')}
              rules={[{ required: true, whitespace: true, message: t('viewsCommerce.order.reasonRequired') }]}
            >
              <Input.TextArea rows={3} maxLength={200} showCount placeholder={t('viewsCommerce.order.reasonHint')} data-testid="refund-reason" />
            </Form.Item>
          </Form>
        </>
      )}
    </Modal>
  );
}
