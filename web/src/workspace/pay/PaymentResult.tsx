/**
 * What became of a payment, as an antd Result: paid, failed, cancelled, expired or refunded; while
 * the provider has not answered, "confirming" (a spinner) and, after two minutes, "still waiting" with
 * a retry. Each has the ways on: my orders, back to the goods (or VIP / tokens), the store; a paid
 * order of goods that delivered something leads first to My purchases, where it opens.
 */
import { Button, Result, Spin } from 'antd';
import { ClockCircleOutlined, LoadingOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import type { ReactNode } from 'react';
import { useI18n } from '../../i18n';
import type { Order } from './pay-calls';
import { backPath, orderKind, ORDERS_PATH } from './order-status';
import { accountPath } from '../account/account-tabs';
import { useHasPurchase } from '../account/use-purchase-of';
import type { Outcome } from './pay-poll';

type Shown = Exclude<Outcome, 'pending'> | 'waiting' | 'timeout';

const STATUS: Record<Shown, 'success' | 'error' | 'info' | 'warning'> = {
  paid: 'success',
  failed: 'error',
  cancelled: 'info',
  expired: 'warning',
  refunded: 'info',
  waiting: 'info',
  timeout: 'warning',
};

export interface PaymentResultProps {
  shown: Shown;
  order: Order;
  /** Extra buttons first (retry, pay again). */
  actions?: ReactNode;
}

export default function PaymentResult({ shown, order, actions }: PaymentResultProps) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const kind = orderKind(order);
  const lateRefund = (shown === 'cancelled' || shown === 'expired') && Number(order.payStatus) === 4;
  const text = lateRefund ? t('wsPay.result.lateRefund') : t(`wsPay.result.${shown}Text`, { kind: t(`wsPay.kindText.${kind}`) });
  const back = backPath(order);
  const bought = useHasPurchase(shown === 'paid' && kind === 'goods' ? Number(order.goodsId ?? 0) : 0);
  const icon =
    shown === 'waiting' ? <Spin indicator={<LoadingOutlined style={{ fontSize: 56 }} spin />} /> : shown === 'timeout' ? <ClockCircleOutlined /> : undefined;
  return (
    <div data-testid="pay-result" data-shown={shown}>
      <Result
        status={STATUS[shown]}
        icon={icon}
        title={t(`wsPay.result.${shown}`)}
        subTitle={text}
        className="pay-result"
        extra={
          <div className="pay-result-actions">
            {actions}
            {bought ? (
              <Button type="primary" onClick={() => navigate(accountPath('purchases'))} data-testid="pay-to-purchases">
                {t('wsAccount.sells.openInPurchases')}
              </Button>
            ) : null}
            <Button type={shown === 'paid' && !bought ? 'primary' : 'default'} onClick={() => navigate(ORDERS_PATH)} data-testid="pay-to-orders">
              {t('wsPay.viewOrders')}
            </Button>
            {back !== '/workflow_store' ? (
              <Button onClick={() => navigate(back)} data-testid="pay-back">
                {t(`wsPay.back.${kind}`)}
              </Button>
            ) : null}
            <Button type="link" onClick={() => navigate('/workflow_store')} data-testid="pay-to-store">
              {t('wsPay.toStore')}
            </Button>
          </div>
        }
      />
    </div>
  );
}
