/** An order's fields in a drawer: what was bought, amounts, provider and transaction, refund, times. */
import { Button, Descriptions, Drawer, Grid, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useI18n } from '../../i18n';
import type { Row } from '../crud/table-columns';
import { formatTime, type EntityMeta } from '../views/data/entity';
import EnumTag from './EnumTag';
import { ORDER_STATUS_COLORS, ORDER_TYPE_COLORS, PAY_STATUS_COLORS, PROVIDER_COLORS, providerOptions } from './labels';
import { formatMoney, formatTokens } from '../../app/money';
import { orderTitle, personLabel } from './orders';

export interface OrderDetailProps {
  meta: EntityMeta;
  order: Row | null;
  /** The site currency (prices, pay amount). */
  currency: string;
  onClose: () => void;
  /** Given when the order may be refunded here. */
  onRefund?: () => void;
}

export default function OrderDetail({ meta, order, currency, onClose, onRefund }: OrderDetailProps) {
  const { t, lang } = useI18n();
  const narrow = !Grid.useBreakpoint().sm;
  const o = order ?? {};
  const text = (v: unknown): ReactNode => (v === null || v === undefined || v === '' ? <Typography.Text type="secondary">-</Typography.Text> : String(v));
  const mono = (v: unknown): ReactNode =>
    v ? (
      <Typography.Text copyable style={{ fontFamily: 'monospace', fontSize: 12 }}>
        {String(v)}
      </Typography.Text>
    ) : (
      text(v)
    );
  /** "Name (#id)", or "#id" when the server had no name. */
  const named = (name: unknown, id: unknown): string => {
    const label = personLabel(name, id);
    return label && !label.startsWith('#') ? `${label} (#${String(id)})` : (label ?? '');
  };
  const items: Array<{ key: string; label: string; children: ReactNode }> = [
    { key: 'orderNo', label: meta.label('orderNo'), children: mono(o.orderNo) },
    { key: 'title', label: t('viewsCommerce.order.goods'), children: text(orderTitle(o) || (o.goodsId ? `#${String(o.goodsId)}` : '')) },
    { key: 'type', label: meta.label('type'), children: <EnumTag value={o.type} options={meta.options('type')} colors={ORDER_TYPE_COLORS} /> },
    { key: 'status', label: meta.label('status'), children: <EnumTag value={o.status} options={meta.options('status')} colors={ORDER_STATUS_COLORS} /> },
    {
      key: 'payStatus',
      label: meta.label('payStatus'),
      children: <EnumTag value={o.payStatus} options={meta.options('payStatus')} colors={PAY_STATUS_COLORS} />,
    },
    {
      key: 'reason',
      label: meta.label('reason'),
      children: text(o.reason ? t(`viewsCommerce.order.reasons.${String(o.reason)}`, { defaultValue: String(o.reason) }) : ''),
    },
    { key: 'quantity', label: meta.label('quantity'), children: text(o.quantity) },
    { key: 'totalAmount', label: meta.label('totalAmount'), children: text(formatMoney(o.totalAmount, currency, lang)) },
    { key: 'discountAmount', label: meta.label('discountAmount'), children: text(formatMoney(o.discountAmount, currency, lang)) },
    { key: 'payAmount', label: meta.label('payAmount'), children: text(formatMoney(o.payAmount, currency, lang)) },
    { key: 'chargedAmount', label: meta.label('chargedAmount'), children: text(o.currency ? formatMoney(o.chargedAmount, o.currency, lang) : '') },
    { key: 'provider', label: meta.label('provider'), children: <EnumTag value={o.provider} options={providerOptions(t)} colors={PROVIDER_COLORS} /> },
    { key: 'transactionId', label: meta.label('transactionId'), children: mono(o.transactionId) },
    { key: 'refundId', label: meta.label('refundId'), children: mono(o.refundId) },
    { key: 'sellerTokens', label: meta.label('sellerTokens'), children: text(formatTokens(o.sellerTokens, lang)) },
    { key: 'userId', label: meta.label('userId'), children: text(named(o.buyerName, o.userId)) },
    { key: 'sellerId', label: meta.label('sellerId'), children: text(named(o.sellerName, o.sellerId)) },
    { key: 'buyerRemark', label: meta.label('buyerRemark'), children: text(o.buyerRemark) },
    { key: 'createTime', label: t('viewsCommerce.createdAt'), children: text(formatTime(o.createTime)) },
    { key: 'payTime', label: meta.label('payTime'), children: text(formatTime(o.payTime)) },
    { key: 'expireTime', label: meta.label('expireTime'), children: text(formatTime(o.expireTime)) },
  ];
  return (
    <Drawer
      open={order !== null}
      title={t('viewsCommerce.order.detailTitle')}
      width={narrow ? '100%' : 560}
      onClose={onClose}
      destroyOnHidden
      extra={
        onRefund ? (
          <Button danger onClick={onRefund} data-testid="order-detail-refund">
            {t('viewsCommerce.order.refund')}
          </Button>
        ) : null
      }
    >
      <Descriptions size="small" column={1} bordered items={items} data-testid="order-detail-fields" />
    </Drawer>
  );
}
