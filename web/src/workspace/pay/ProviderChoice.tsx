/**
 * Choose Stripe (card) or Alipay, then go to the provider's page. A provider that is not configured
 * (503 from its `query` probe or from `pay`) is shown disabled with the server's reason.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { Alert, Button, Popconfirm, Radio, Typography } from 'antd';
import { AlipayCircleOutlined, CreditCardOutlined, LockOutlined } from '@ant-design/icons';
import { useI18n } from '../../i18n';
import { errorText, isUnavailable, payUrl, queryOrder } from './pay-calls';
import { PROVIDERS, type Provider } from './pay-memory';
import { notify } from '../../app/notify';

const ICON: Record<Provider, ReactNode> = { stripe: <CreditCardOutlined />, alipay: <AlipayCircleOutlined /> };

export interface ProviderChoiceProps {
  orderNo: string;
  preferred?: Provider;
  /** Called with the chosen provider just before the browser leaves for its page. */
  onLeave: (provider: Provider) => void;
  onCancel: () => Promise<void>;
  amountText: string;
}

export default function ProviderChoice({ orderNo, preferred, onLeave, onCancel, amountText }: ProviderChoiceProps) {
  const { t } = useI18n();
  const [off, setOff] = useState<Partial<Record<Provider, string>>>({});
  const [chosen, setChosen] = useState<Provider | undefined>(preferred);
  const [busy, setBusy] = useState(false);
  const [cancelling, setCancelling] = useState(false);

  // Ask each provider once: a 503 says it is not configured on this site.
  useEffect(() => {
    let live = true;
    for (const p of PROVIDERS) {
      queryOrder(p, orderNo).catch((e: unknown) => {
        if (live && isUnavailable(e)) setOff((o) => ({ ...o, [p]: errorText(e) }));
      });
    }
    return () => {
      live = false;
    };
  }, [orderNo]);

  const usable = PROVIDERS.filter((p) => !off[p]);
  const current = chosen && !off[chosen] ? chosen : usable[0];

  const pay = async () => {
    if (!current) return;
    setBusy(true);
    try {
      const { url } = await payUrl(current, orderNo);
      onLeave(current);
      window.location.href = url;
    } catch (e) {
      if (isUnavailable(e)) setOff((o) => ({ ...o, [current]: errorText(e) }));
      else notify('error', errorText(e));
      setBusy(false);
    }
  };

  const cancel = async () => {
    setCancelling(true);
    try {
      await onCancel();
    } finally {
      setCancelling(false);
    }
  };

  return (
    <div className="pay-choice" data-testid="pay-choice">
      <Typography.Text strong>{t('wsPay.choose')}</Typography.Text>
      <Radio.Group value={current} onChange={(e) => setChosen(e.target.value as Provider)} className="pay-options">
        {PROVIDERS.map((p) => (
          <Radio key={p} value={p} disabled={!!off[p]} className={`pay-option${current === p ? ' pay-option-on' : ''}`} data-testid={`pay-option-${p}`}>
            <span className="pay-option-icon">{ICON[p]}</span>
            <span className="pay-option-text">
              <strong>{t(`wsPay.provider.${p}`)}</strong>
              <Typography.Text type="secondary" className="pay-option-hint">
                {off[p] ? t('wsPay.unavailable', { reason: off[p] }) : t(`wsPay.providerHint.${p}`)}
              </Typography.Text>
            </span>
          </Radio>
        ))}
      </Radio.Group>
      {usable.length === 0 ? <Alert type="warning" showIcon message={t('wsPay.noProvider')} data-testid="pay-no-provider" /> : null}
      <div className="pay-actions">
        <Popconfirm title={t('wsPay.cancelConfirm')} okText={t('wsPay.cancelOrder')} cancelText={t('wsPay.keepOrder')} onConfirm={() => cancel()}>
          <Button danger loading={cancelling} data-testid="pay-cancel">
            {t('wsPay.cancelOrder')}
          </Button>
        </Popconfirm>
        <Button type="primary" size="large" icon={<LockOutlined />} disabled={!current} loading={busy} onClick={() => void pay()} data-testid="pay-go">
          {t('wsPay.payNow', { amount: amountText })}
        </Button>
      </div>
      <Typography.Paragraph type="secondary" className="pay-note">
        {t('wsPay.redirectNote')}
      </Typography.Paragraph>
    </div>
  );
}
