/**
 * `/my/info?tab=earnings`: what I earned as a creator (CreatorEarnings), my withdrawable balance with
 * "Request a payout" (PayoutRequest) and my payouts (PayoutList). A notification (a payout paid or
 * rejected, revenue made withdrawable) reads them again.
 */
import { useCallback, useState } from 'react';
import { Statistic, Typography } from 'antd';
import { WalletOutlined } from '@ant-design/icons';
import { useI18n } from '../../i18n';
import { formatTokens } from '../../app/money';
import { useNotice } from '../realtime';
import { useMe } from './use-me';
import CreatorEarnings from './CreatorEarnings';
import PayoutList from './PayoutList';
import PayoutRequest from './PayoutRequest';
import './account.css';
import '../../i18n/store-texts';

export default function EarningsTab() {
  const { t, lang } = useI18n();
  const { me, reload } = useMe();
  const [version, setVersion] = useState(0);
  useNotice(
    'notify',
    useCallback(() => setVersion((v) => v + 1), []),
  );
  const withdrawable = Number(me?.withdrawableTokens ?? 0);
  const requested = () => {
    reload();
    setVersion((v) => v + 1);
  };

  return (
    <div className="acc-tab" data-testid="acc-earnings-tab">
      <CreatorEarnings version={version} />
      <section className="acc-box" data-testid="acc-payout-box">
        <Typography.Title level={5} className="acc-box-title">
          <WalletOutlined /> {t('wsAccount.payout.title')}
        </Typography.Title>
        <Typography.Paragraph type="secondary" className="acc-small">
          {t('wsAccount.payout.hint')}
        </Typography.Paragraph>
        <div className="acc-toolbar acc-toolbar-split">
          <Statistic title={t('wsAccount.payout.withdrawable')} value={me ? formatTokens(withdrawable, lang) : '-'} data-testid="acc-payout-withdrawable" />
          {me ? <PayoutRequest withdrawable={withdrawable} onDone={requested} /> : null}
        </div>
        {me && withdrawable <= 0 ? <p className="acc-small acc-muted">{t('wsAccount.payout.nothing')}</p> : null}
      </section>
      <PayoutList version={version} />
    </div>
  );
}
