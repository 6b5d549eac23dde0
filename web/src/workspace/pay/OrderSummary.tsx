/** An order at a glance: picture, title, kind and state, amount in the site currency, number and times. */
import { Descriptions, Tag, Typography } from 'antd';
import { useI18n } from '../../i18n';
import { formatDateTime, formatMoney } from '../../app/money';
import { OUTCOME_COLOR, orderKind, orderOutcome, orderTitle, reasonKey, type Order } from './order-status';
import type { Outcome } from './pay-poll';
import KindIcon from './KindIcon';
import './pay.css';

export default function OrderSummary({ order, currency, outcome }: { order: Order; currency: string; outcome?: Outcome }) {
  const { t, lang } = useI18n();
  const state = outcome ?? orderOutcome(order);
  const kind = orderKind(order);
  const pic = order.goods?.mainPic;
  const rk = reasonKey(order.reason);
  const charged = order.currency && order.chargedAmount != null && order.currency.toUpperCase() !== currency.toUpperCase();
  return (
    <div className="pay-summary" data-testid="pay-summary" data-outcome={state}>
      <div className="pay-summary-head">
        <div className="pay-thumb">{pic ? <img src={pic} alt="" /> : <KindIcon kind={kind} />}</div>
        <div className="pay-summary-title">
          <Typography.Title level={4} style={{ margin: 0 }} ellipsis={{ rows: 2 }} data-testid="pay-title">
            {orderTitle(order)}
          </Typography.Title>
          <div className="pay-tags">
            <Tag>{t(`wsPay.kind.${kind}`)}</Tag>
            <Tag color={OUTCOME_COLOR[state]} data-testid="pay-status">
              {t(`wsPay.outcome.${state}`)}
            </Tag>
          </div>
        </div>
        <div className="pay-amount" data-testid="pay-amount">
          {formatMoney(order.payAmount, currency, lang)}
        </div>
      </div>
      <Descriptions size="small" column={{ xs: 1, sm: 1, md: 2, lg: 2, xl: 2, xxl: 2 }} className="pay-facts">
        <Descriptions.Item label={t('wsPay.orderNo')} span="filled">
          <Typography.Text copyable className="pay-mono">
            {order.orderNo}
          </Typography.Text>
        </Descriptions.Item>
        {Number(order.quantity ?? 1) > 1 ? <Descriptions.Item label={t('wsPay.quantity')}>{order.quantity}</Descriptions.Item> : null}
        {Number(order.discountAmount ?? 0) > 0 ? (
          <Descriptions.Item label={t('wsPay.discount')}>{formatMoney(order.discountAmount, currency, lang)}</Descriptions.Item>
        ) : null}
        {charged ? <Descriptions.Item label={t('wsPay.charged')}>{formatMoney(order.chargedAmount, order.currency, lang)}</Descriptions.Item> : null}
        <Descriptions.Item label={t('wsPay.created')}>{formatDateTime(order.createTime, lang)}</Descriptions.Item>
        {state === 'pending' || state === 'failed' ? (
          <Descriptions.Item label={t('wsPay.payBefore')}>{formatDateTime(order.expireTime, lang)}</Descriptions.Item>
        ) : null}
        {order.payTime ? <Descriptions.Item label={t('wsPay.paidAt')}>{formatDateTime(order.payTime, lang)}</Descriptions.Item> : null}
        {order.provider ? (
          <Descriptions.Item label={t('wsPay.paidWith')}>{t(`wsPay.provider.${order.provider === 'alipay' ? 'alipay' : 'stripe'}`)}</Descriptions.Item>
        ) : null}
        {order.reason && state !== 'paid' ? (
          <Descriptions.Item label={t('wsPay.reasonLabel')}>{rk ? t(`wsPay.reason.${rk}`) : order.reason}</Descriptions.Item>
        ) : null}
      </Descriptions>
    </div>
  );
}
