/**
 * `/my/info?tab=vip`: my VIP (end date and plan from `base/comm/person`) and the plans on offer
 * (`base/vip/all`): buy one period (`goods/order/buyVip` -> /payment) or subscribe by card
 * (`GET base/stripe/subscribe?vipId=` -> Stripe's page; renewed each period until cancelled there).
 * A 503 (Stripe not configured on this site) turns "Subscribe" off with the reason.
 */
import { useEffect, useState } from 'react';
import { Alert, Button, Empty, Skeleton, Tag, Typography } from 'antd';
import { CrownFilled, GiftOutlined, SyncOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { useI18n } from '../../i18n';
import { calls, type Row } from '../../app/data';
import { notify } from '../../app/notify';
import { errorText, isUnavailable } from '../pay/pay-calls';
import { formatDate, formatMoney, formatTokens } from '../../app/money';
import { writeMemory } from '../pay/pay-memory';
import { useSiteCurrency } from '../../app/use-site-currency';
import { useMe } from './use-me';
import LoadError from './LoadError';
import './account.css';
import '../../i18n/store-texts';

type Plan = Row<'base/vip'>;

export default function VipTab() {
  const { t, lang } = useI18n();
  const navigate = useNavigate();
  const currency = useSiteCurrency();
  const { me } = useMe();
  const [plans, setPlans] = useState<Plan[] | null>(null);
  const [error, setError] = useState<{ message: string; status: number } | null>(null);
  const [version, setVersion] = useState(0);
  const [busy, setBusy] = useState<string | null>(null);
  const [noSubscribe, setNoSubscribe] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    (calls.base.vip.all({}, { silent: true }) as Promise<Plan[]>)
      .then((rows) => live && (setPlans(Array.isArray(rows) ? rows : []), setError(null)))
      .catch((e: unknown) => live && setError({ message: errorText(e), status: 0 }));
    return () => {
      live = false;
    };
  }, [version]);

  const end = me?.vipEndTime ? new Date(me.vipEndTime) : null;
  const active = !!end && end.getTime() > Date.now();
  // The account keeps the plan's type only: name the plan when one plan has that type, never a guess.
  const sameType = active ? (plans ?? []).filter((p) => Number(p.type) === Number(me?.vipType)) : [];
  const current = sameType.length === 1 ? sameType[0] : undefined;
  // A card subscription already renews the membership: no second one.
  const renewing = active && !!me?.subscriptionId;

  const buy = async (plan: Plan) => {
    setBusy(`buy${plan.id}`);
    try {
      const order = (await calls.goods.order.buyVip({ vipId: plan.id })) as { orderNo: string };
      navigate(`/payment?orderNo=${encodeURIComponent(order.orderNo)}`);
    } catch {
      setBusy(null);
    }
  };

  const subscribe = async (plan: Plan) => {
    setBusy(`sub${plan.id}`);
    try {
      const r = (await calls.base.stripe.subscribe({ vipId: plan.id }, { silent: true })) as { url: string; orderNo: string };
      writeMemory(window.localStorage, { orderNo: r.orderNo, provider: 'stripe', sentAt: Date.now() });
      window.location.href = r.url;
    } catch (e) {
      if (isUnavailable(e)) setNoSubscribe(errorText(e));
      else notify('error', errorText(e));
      setBusy(null);
    }
  };

  return (
    <div className="acc-tab" data-testid="acc-vip">
      <div className={active ? 'acc-vip-now acc-vip-on' : 'acc-vip-now'} data-testid="acc-vip-now" data-active={active ? '1' : '0'}>
        <CrownFilled className="acc-vip-icon" />
        <div>
          <Typography.Title level={5} style={{ margin: 0 }}>
            {active ? t('wsAccount.vip.activeTitle') : t('wsAccount.vip.inactiveTitle')}
          </Typography.Title>
          <Typography.Text type="secondary">
            {active
              ? t('wsAccount.vip.until', { date: formatDate(me?.vipEndTime, lang) })
              : end
                ? t('wsAccount.vip.ended', { date: formatDate(me?.vipEndTime, lang) })
                : t('wsAccount.vip.inactiveText')}
          </Typography.Text>
          {current || renewing ? (
            <div className="acc-tags acc-vip-renew">
              {current ? <Tag color="gold">{t('wsAccount.vip.plan', { plan: current.name })}</Tag> : null}
              {renewing ? (
                <Tag icon={<SyncOutlined />} color="blue">
                  {t('wsAccount.vip.renews')}
                </Tag>
              ) : null}
            </div>
          ) : null}
        </div>
      </div>
      {noSubscribe ? <Alert type="info" showIcon className="acc-alert" message={t('wsAccount.vip.noSubscribe', { reason: noSubscribe })} /> : null}
      {error ? <LoadError error={error} onRetry={() => setVersion((v) => v + 1)} /> : null}
      {!plans && !error ? <Skeleton active paragraph={{ rows: 4 }} /> : null}
      {plans && !plans.length ? <Empty description={t('wsAccount.vip.none')} /> : null}
      <div className="acc-plans">
        {(plans ?? []).map((p) => {
          const payable = Number(p.enablePay ?? 1) === 1;
          return (
            <div key={p.id} className="acc-plan" data-testid="acc-vip-plan" data-plan={p.id}>
              <div className="acc-plan-name">{p.name}</div>
              <div className="acc-plan-price">{formatMoney(p.amount, currency, lang)}</div>
              <div className="acc-small acc-muted">{t('wsAccount.vip.period', { count: Number(p.period ?? 0) })}</div>
              {Number(p.giftTokenAmount ?? 0) > 0 ? (
                <div className="acc-plan-gift">
                  <GiftOutlined /> {t('wsAccount.vip.gift', { tokens: formatTokens(p.giftTokenAmount, lang) })}
                </div>
              ) : null}
              {p.remark ? (
                <Typography.Paragraph type="secondary" className="acc-small">
                  {p.remark}
                </Typography.Paragraph>
              ) : null}
              <div className="acc-plan-actions">
                <Button type="primary" block disabled={!payable} loading={busy === `buy${p.id}`} onClick={() => void buy(p)} data-testid="acc-vip-buy">
                  {active ? t('wsAccount.vip.extend') : t('wsAccount.vip.buy')}
                </Button>
                {renewing ? null : (
                  <Button
                    block
                    disabled={!payable || !!noSubscribe}
                    loading={busy === `sub${p.id}`}
                    icon={<SyncOutlined />}
                    onClick={() => void subscribe(p)}
                    data-testid="acc-vip-subscribe"
                  >
                    {t('wsAccount.vip.subscribe')}
                  </Button>
                )}
              </div>
              {!payable ? (
                <Typography.Text type="secondary" className="acc-small">
                  {t('wsAccount.vip.notForSale')}
                </Typography.Text>
              ) : null}
            </div>
          );
        })}
      </div>
    </div>
  );
}
