/** One order in my orders: picture, title, kind and state, who bought or sold it, number and date, amount, and its actions. */
import { Button, Popconfirm, Tag, Typography } from 'antd';
import { useI18n } from '../../i18n';
import { formatDateTime, formatMoney, formatTokens } from '../../app/money';
import KindIcon from '../pay/KindIcon';
import { OUTCOME_COLOR, orderKind, orderOutcome, orderTitle, partyName, type Order } from '../pay/order-status';

export interface OrderItemProps {
  order: Order;
  currency: string;
  sold: boolean;
  onOpen: () => void;
  onPay: () => void;
  onCancel: () => Promise<void>;
}

export default function OrderItem({ order, currency, sold, onOpen, onPay, onCancel }: OrderItemProps) {
  const { t, lang } = useI18n();
  const outcome = orderOutcome(order);
  const payable = !sold && (outcome === 'pending' || outcome === 'failed');
  const pic = order.goods?.mainPic;
  return (
    <div className="acc-row" data-testid="acc-order" data-order={order.orderNo} data-outcome={outcome}>
      <button type="button" className="acc-thumb acc-thumb-btn" onClick={onOpen} aria-label={orderTitle(order)}>
        {pic ? <img src={pic} alt="" /> : <KindIcon kind={orderKind(order)} />}
      </button>
      <div className="acc-row-main">
        <Typography.Link strong onClick={onOpen} ellipsis className="acc-row-title">
          {orderTitle(order)}
        </Typography.Link>
        <div className="acc-tags">
          <Tag>{t(`wsPay.kind.${orderKind(order)}`)}</Tag>
          <Tag color={OUTCOME_COLOR[outcome]}>{t(`wsPay.outcome.${outcome}`)}</Tag>
        </div>
        {orderKind(order) === 'goods' ? (
          <Typography.Text type="secondary" className="acc-small" data-testid="acc-order-party">
            {t(sold ? 'wsAccount.orders.soldTo' : 'wsAccount.orders.boughtFrom', { name: partyName(order, sold) ?? t('wsAccount.orders.someone') })}
          </Typography.Text>
        ) : null}
        <Typography.Text type="secondary" className="acc-small">
          {formatDateTime(order.createTime, lang)} · <span className="acc-mono">{order.orderNo}</span>
        </Typography.Text>
      </div>
      <div className="acc-row-side">
        <strong className="acc-amount">{formatMoney(order.payAmount, currency, lang)}</strong>
        {sold && outcome === 'paid' && order.sellerTokens != null ? (
          <Typography.Text type="secondary" className="acc-small">
            {t('wsAccount.orders.earned', { tokens: formatTokens(order.sellerTokens, lang) })}
          </Typography.Text>
        ) : null}
        <div className="acc-actions">
          <Button size="small" onClick={onOpen} data-testid="acc-order-open">
            {t('wsAccount.orders.detail')}
          </Button>
          {payable ? (
            <>
              <Popconfirm title={t('wsPay.cancelConfirm')} okText={t('wsPay.cancelOrder')} cancelText={t('wsPay.keepOrder')} onConfirm={() => onCancel()}>
                <Button size="small" danger data-testid="acc-order-cancel">
                  {t('wsAccount.orders.cancel')}
                </Button>
              </Popconfirm>
              <Button size="small" type="primary" onClick={onPay} data-testid="acc-order-pay">
                {t('wsAccount.orders.pay')}
              </Button>
            </>
          ) : null}
        </div>
      </div>
    </div>
  );
}
