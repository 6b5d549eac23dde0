/**
 * An order's detail (`goods/order/orderDetail`) in a drawer, with pay and cancel while it is pending
 * and mine; on an order I sold, my remark as seller to write.
 */
import { useEffect, useState } from 'react';
import { Alert, Button, Descriptions, Drawer, Popconfirm, Skeleton, Space } from 'antd';
import { useI18n } from '../../i18n';
import { cancelOrder, errorText, orderDetail } from '../pay/pay-calls';
import { orderKind, orderOutcome, partyName, type Order } from '../pay/order-status';
import { formatTokens } from '../../app/money';
import OrderSummary from '../pay/OrderSummary';
import SellerRemark from './SellerRemark';
import { useViewport } from '../social/use-viewport';

export interface OrderDrawerProps {
  orderNo: string | null;
  currency: string;
  sold: boolean;
  onClose: () => void;
  onPay: (orderNo: string) => void;
  onChanged: () => void;
}

export default function OrderDrawer({ orderNo, currency, sold, onClose, onPay, onChanged }: OrderDrawerProps) {
  const { t, lang } = useI18n();
  const { width } = useViewport();
  const [order, setOrder] = useState<Order | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!orderNo) return;
    let live = true;
    setOrder(null);
    setError(null);
    orderDetail(orderNo)
      .then((o) => live && setOrder(o))
      .catch((e: unknown) => live && setError(errorText(e)));
    return () => {
      live = false;
    };
  }, [orderNo]);

  const outcome = order ? orderOutcome(order) : 'pending';
  const payable = !!order && !sold && (outcome === 'pending' || outcome === 'failed');

  const cancel = async () => {
    if (!order?.orderNo) return;
    setBusy(true);
    try {
      setOrder(await cancelOrder(order.orderNo).then(() => orderDetail(String(order.orderNo))));
      onChanged();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Drawer
      open={!!orderNo}
      onClose={onClose}
      width={width < 640 ? '100%' : 560}
      title={t('wsAccount.orders.detailTitle')}
      destroyOnHidden
      data-testid="acc-order-drawer"
      extra={
        payable ? (
          <Space>
            <Popconfirm title={t('wsPay.cancelConfirm')} okText={t('wsPay.cancelOrder')} cancelText={t('wsPay.keepOrder')} onConfirm={() => cancel()}>
              <Button danger loading={busy}>
                {t('wsAccount.orders.cancel')}
              </Button>
            </Popconfirm>
            <Button type="primary" onClick={() => onPay(String(order!.orderNo))}>
              {t('wsAccount.orders.pay')}
            </Button>
          </Space>
        ) : null
      }
    >
      {error ? <Alert type="error" showIcon message={error} /> : null}
      {!order && !error ? <Skeleton active avatar paragraph={{ rows: 5 }} /> : null}
      {order ? (
        <>
          <OrderSummary order={order} currency={currency} />
          <Descriptions size="small" column={1} className="acc-detail-more">
            {orderKind(order) === 'goods' ? (
              <Descriptions.Item label={sold ? t('wsAccount.orders.buyer') : t('wsAccount.orders.seller')}>
                <span data-testid="acc-order-party">{partyName(order, sold) ?? t('wsAccount.orders.someone')}</span>
              </Descriptions.Item>
            ) : null}
            {order.buyerRemark ? <Descriptions.Item label={t('wsAccount.orders.buyerRemark')}>{order.buyerRemark}</Descriptions.Item> : null}
            {sold ? (
              <Descriptions.Item label={t('wsAccount.orders.sellerRemark')}>
                <SellerRemark order={order} onSaved={setOrder} />
              </Descriptions.Item>
            ) : order.sellerRemark ? (
              <Descriptions.Item label={t('wsAccount.orders.sellerRemark')}>{order.sellerRemark}</Descriptions.Item>
            ) : null}
            {sold && order.sellerTokens != null ? (
              <Descriptions.Item label={t('wsAccount.orders.sellerTokens')}>{formatTokens(order.sellerTokens, lang)}</Descriptions.Item>
            ) : null}
            {order.refundId ? <Descriptions.Item label={t('wsAccount.orders.refundId')}>{order.refundId}</Descriptions.Item> : null}
          </Descriptions>
        </>
      ) : null}
    </Drawer>
  );
}
