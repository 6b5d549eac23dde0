/**
 * What I earned as a creator over the last 7, 30 or 90 days (`base/tokenLog/earnings`, from my
 * ledger entries): the runs of my bought AI members and the sales, with the tokens each earned, the
 * tokens earned per day (MiniChart) and each listing's figures.
 */
import { useEffect, useMemo, useState } from 'react';
import { Alert, Empty, Segmented, Skeleton, Statistic, Typography } from 'antd';
import { useI18n } from '../../i18n';
import { calls } from '../../app/data';
import { formatTokens } from '../../app/money';
import { errorText } from '../pay/pay-calls';
import { daysOf, fillSeries, lastDays, statsBody, type DayRange } from './stats-series';
import MiniChart from './MiniChart';

type Earnings = Awaited<ReturnType<typeof calls.base.tokenLog.earnings>>;

const PRESETS = [7, 30, 90] as const;

/** The earnings call's input for a range of local days. */
function earningsInput(range: DayRange) {
  const { startTime, endTime, tzOffset } = statsBody(range);
  return { startTime, endTime, tzOffset };
}

export default function CreatorEarnings({ version }: { version: number }) {
  const { t, lang } = useI18n();
  const [preset, setPreset] = useState<number>(30);
  const range = useMemo(() => lastDays(preset, new Date()), [preset]);
  const [earnings, setEarnings] = useState<Earnings | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    calls.base.tokenLog
      .earnings(earningsInput(range), { silent: true })
      .then((e) => live && (setEarnings(e), setError(null)))
      .catch((e: unknown) => live && setError(errorText(e)));
    return () => {
      live = false;
    };
  }, [range, version]);

  const days = useMemo(() => daysOf(range), [range]);
  const perDay = useMemo(
    () =>
      fillSeries(
        days,
        earnings?.byDay.map((d) => ({ day: d.day, value: d.runTokens + d.saleTokens })),
      ),
    [days, earnings],
  );
  const tokens = (v: number) => formatTokens(v, lang);
  const count = (v: number) => new Intl.NumberFormat(lang).format(v);
  const total = earnings?.total;

  return (
    <section className="acc-stats" data-testid="acc-earnings">
      <div className="acc-toolbar acc-toolbar-split">
        <Typography.Title level={5} className="acc-box-title">
          {t('wsAccount.earnings.title')}
        </Typography.Title>
        <Segmented
          value={preset}
          onChange={(v) => setPreset(Number(v))}
          options={PRESETS.map((n) => ({ value: n, label: t('wsAccount.stats.lastDays', { count: n }) }))}
        />
      </div>
      {error ? <Alert type="error" showIcon message={t('wsAccount.earnings.failed')} description={error} className="acc-alert" /> : null}
      {!earnings && !error ? <Skeleton active paragraph={{ rows: 3 }} /> : null}
      {earnings && total ? (
        <>
          <div className="acc-figures">
            <Statistic title={t('wsAccount.earnings.runs')} value={count(total.runs)} data-testid="acc-earn-runs" />
            <Statistic title={t('wsAccount.earnings.runTokens')} value={tokens(total.runTokens)} data-testid="acc-earn-run-tokens" />
            <Statistic title={t('wsAccount.earnings.sales')} value={count(total.sales)} data-testid="acc-earn-sales" />
            <Statistic title={t('wsAccount.earnings.saleTokens')} value={tokens(total.saleTokens)} data-testid="acc-earn-sale-tokens" />
          </div>
          <div className="acc-charts">
            <figure>
              <figcaption>{t('wsAccount.earnings.perDay')}</figcaption>
              <MiniChart days={days} values={perDay} kind="bar" format={tokens} label={t('wsAccount.earnings.perDay')} />
            </figure>
          </div>
          <Typography.Text strong>{t('wsAccount.earnings.byListing')}</Typography.Text>
          {earnings.byListing.length ? (
            <div className="acc-list" data-testid="acc-earn-listings">
              {earnings.byListing.map((g) => (
                <div key={g.goodsId} className="acc-row" data-testid="acc-earn-listing">
                  <div className="acc-row-main">
                    <span className="acc-row-title">{g.title || t('wsAccount.earnings.untitled', { id: g.goodsId })}</span>
                    <Typography.Text type="secondary" className="acc-small">
                      {t('wsAccount.earnings.figures', {
                        runs: count(g.runs),
                        runTokens: tokens(g.runTokens),
                        sales: count(g.sales),
                        saleTokens: tokens(g.saleTokens),
                      })}
                    </Typography.Text>
                  </div>
                  <span className="acc-plus">{tokens(g.runTokens + g.saleTokens)}</span>
                </div>
              ))}
            </div>
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('wsAccount.earnings.none')} />
          )}
          <p className="acc-small acc-muted">{t('wsAccount.earnings.note')}</p>
        </>
      ) : null}
    </section>
  );
}
