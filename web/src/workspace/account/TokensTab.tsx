/**
 * `/my/info?tab=tokens`: my balances (tokens, earned, withdrawable, from `base/comm/person`), a
 * top-up (`goods/order/rechargeToken {amount}` in the site currency -> /payment), a redemption code
 * (`base/coupon/use`) and my ledger (TokenLedger).
 */
import { useCallback, useState } from 'react';
import { Button, Form, Input, InputNumber, Statistic, Typography } from 'antd';
import { GiftOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { useI18n } from '../../i18n';
import { calls, showFieldErrors } from '../../app/data';
import { notify } from '../../app/notify';
import { formatDate, formatTokens } from '../../app/money';
import { useSiteCurrency, useTokensPerUnit } from '../../app/use-site-currency';
import { tokensForAmount } from './token-terms';
import { useMe } from './use-me';
import TokenLedger from './TokenLedger';
import { useNotice } from '../realtime';
import './account.css';
import '../../i18n/store-texts';

const QUICK = [10, 50, 100] as const;

export default function TokensTab() {
  const { t, lang } = useI18n();
  const navigate = useNavigate();
  const currency = useSiteCurrency();
  const { me, reload } = useMe();
  const [rechargeForm] = Form.useForm<{ amount: number | null }>();
  const perUnit = useTokensPerUnit();
  const buys = tokensForAmount(Form.useWatch('amount', rechargeForm), perUnit);
  const [codeForm] = Form.useForm<{ code: string }>();
  const [busy, setBusy] = useState<'recharge' | 'code' | null>(null);
  const [ledgerVersion, setLedgerVersion] = useState(0);
  // A notification may come with a ledger entry (tokens given, an order paid or refunded): read it again.
  useNotice(
    'notify',
    useCallback(() => setLedgerVersion((v) => v + 1), []),
  );

  const recharge = async ({ amount }: { amount: number | null }) => {
    setBusy('recharge');
    try {
      const order = (await calls.goods.order.rechargeToken({ amount: amount as number })) /* the form requires it */ as { orderNo: string };
      navigate(`/payment?orderNo=${encodeURIComponent(order.orderNo)}`);
    } catch (e) {
      showFieldErrors(rechargeForm, e);
      setBusy(null);
    }
  };

  const redeem = async ({ code }: { code: string }) => {
    setBusy('code');
    try {
      const r = (await calls.base.coupon.use({ code: code.trim() })) as { tokens?: number; balance?: number; days?: number; vipEndTime?: string };
      notify(
        'success',
        r.tokens !== undefined
          ? t('wsAccount.tokens.redeemedTokens', { tokens: formatTokens(r.tokens, lang), balance: formatTokens(r.balance, lang) })
          : t('wsAccount.tokens.redeemedVip', { date: formatDate(r.vipEndTime, lang) }),
      );
      codeForm.resetFields();
      reload();
      setLedgerVersion((v) => v + 1);
    } catch (e) {
      showFieldErrors(codeForm, e);
    } finally {
      setBusy(null);
    }
  };

  const fmt = (v: unknown) => (me ? formatTokens(Number(v ?? 0), lang) : '-');
  const money = (units: number) => new Intl.NumberFormat(lang, { style: 'currency', currency, maximumFractionDigits: 0 }).format(units);

  return (
    <div className="acc-tab" data-testid="acc-tokens">
      <div className="acc-figures acc-figures-3" data-testid="acc-balances">
        <Statistic title={t('wsAccount.tokens.balance')} value={fmt(me?.tokens)} data-testid="acc-balance-tokens" />
        <Statistic title={t('wsAccount.tokens.earned')} value={fmt(me?.earnedTokens)} data-testid="acc-balance-earned" />
        <Statistic title={t('wsAccount.tokens.withdrawable')} value={fmt(me?.withdrawableTokens)} data-testid="acc-balance-withdrawable" />
      </div>
      <div className="acc-two">
        <section className="acc-box">
          <Typography.Title level={5} className="acc-box-title">
            <ThunderboltOutlined /> {t('wsAccount.tokens.rechargeTitle')}
          </Typography.Title>
          <Typography.Paragraph type="secondary" className="acc-small">
            {t('wsAccount.tokens.rechargeHint', { currency })}
            {perUnit ? (
              <>
                <br />
                <Typography.Text strong data-testid="acc-recharge-rate">
                  {t('wsAccount.tokens.rate', { price: money(1), tokens: formatTokens(perUnit, lang) })}
                </Typography.Text>
              </>
            ) : null}
          </Typography.Paragraph>
          <Form form={rechargeForm} layout="vertical" onFinish={(v) => void recharge(v)} initialValues={{ amount: null }}>
            <div className="acc-quick">
              {QUICK.map((q) => (
                <Button key={q} size="small" onClick={() => rechargeForm.setFieldValue('amount', q)}>
                  {money(q)}
                </Button>
              ))}
            </div>
            <Form.Item
              name="amount"
              label={t('wsAccount.tokens.amount', { currency })}
              rules={[{ required: true, message: t('wsAccount.tokens.amountRequired') }]}
              extra={buys !== null ? <span data-testid="acc-recharge-tokens">{t('wsAccount.tokens.buys', { tokens: formatTokens(buys, lang) })}</span> : null}
            >
              <InputNumber min={0.01} max={100000} precision={2} style={{ width: '100%' }} data-testid="acc-recharge-amount" />
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={busy === 'recharge'} data-testid="acc-recharge">
              {t('wsAccount.tokens.recharge')}
            </Button>
          </Form>
        </section>
        <section className="acc-box">
          <Typography.Title level={5} className="acc-box-title">
            <GiftOutlined /> {t('wsAccount.tokens.redeemTitle')}
          </Typography.Title>
          <Typography.Paragraph type="secondary" className="acc-small">
            {t('wsAccount.tokens.redeemHint')}
          </Typography.Paragraph>
          <Form form={codeForm} layout="vertical" onFinish={(v) => void redeem(v)}>
            <Form.Item
              name="code"
              label={t('wsAccount.tokens.code')}
              rules={[{ required: true, whitespace: true, message: t('wsAccount.tokens.codeRequired') }, { max: 64 }]}
            >
              <Input maxLength={64} autoComplete="off" spellCheck={false} className="acc-mono" data-testid="acc-code" />
            </Form.Item>
            <Button htmlType="submit" block loading={busy === 'code'} data-testid="acc-redeem">
              {t('wsAccount.tokens.redeem')}
            </Button>
          </Form>
        </section>
      </div>
      <TokenLedger version={ledgerVersion} />
    </div>
  );
}
