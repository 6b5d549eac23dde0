/**
 * My sales at a glance: views of all my goods (`goods/info/totalView`, all time), and over a range of
 * days (the last 7, 30 or 90, or chosen) the items sold, the revenue in the site currency and the
 * tokens earned (`totalSold`, `totalRevenue`, `totalEarnedTokens` with `by: 'day'`), each with its chart.
 */
import { useEffect, useMemo, useState } from 'react';
import { Alert, DatePicker, Segmented, Skeleton, Statistic } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useI18n } from '../../i18n';
import { calls } from '../../app/data';
import { errorText } from '../pay/pay-calls';
import { currencyCode, formatMoney, formatTokens } from '../../app/money';
import { daysOf, fillSeries, lastDays, statsBody, type DayRange } from './stats-series';
import MiniChart from './MiniChart';

interface Figure {
  total: number;
  series?: Array<{ day: string; value: number }>;
  currency?: string;
}

interface Figures {
  views: number;
  sold: Figure;
  revenue: Figure;
  tokens: Figure;
}

const PRESETS = [7, 30, 90] as const;

export default function GoodsStats({ version }: { version: number }) {
  const { t, lang } = useI18n();
  const [preset, setPreset] = useState<number | 'custom'>(30);
  const [range, setRange] = useState<DayRange>(() => lastDays(30, new Date()));
  const [figures, setFigures] = useState<Figures | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    const body = statsBody(range);
    const info = calls.goods.info;
    const quiet = { silent: true };
    const figure = (asking: Promise<unknown>) => asking as Promise<Figure>;
    Promise.all([
      figure(info.totalView({}, quiet)),
      figure(info.totalSold(body, quiet)),
      figure(info.totalRevenue(body, quiet)),
      figure(info.totalEarnedTokens(body, quiet)),
    ])
      .then(([views, sold, revenue, tokens]) => live && (setFigures({ views: Number(views.total ?? 0), sold, revenue, tokens }), setError(null)))
      .catch((e: unknown) => live && setError(errorText(e)));
    return () => {
      live = false;
    };
  }, [range, version]);

  const days = useMemo(() => daysOf(range), [range]);
  const choose = (v: number | 'custom') => {
    setPreset(v);
    if (v !== 'custom') setRange(lastDays(v, new Date()));
  };
  const currency = currencyCode(figures?.revenue.currency);
  const money = (v: number) => formatMoney(v, currency, lang);
  const tokens = (v: number) => formatTokens(v, lang);
  const count = (v: number) => new Intl.NumberFormat(lang).format(v);

  return (
    <section className="acc-stats" data-testid="acc-goods-stats">
      <div className="acc-toolbar">
        <Segmented
          value={preset}
          onChange={(v) => choose(v as number | 'custom')}
          options={[
            ...PRESETS.map((n) => ({ value: n, label: t('wsAccount.stats.lastDays', { count: n }) })),
            { value: 'custom', label: t('wsAccount.stats.custom') },
          ]}
        />
        {preset === 'custom' ? (
          <DatePicker.RangePicker
            allowClear={false}
            value={[dayjs(range.from), dayjs(range.to)]}
            disabledDate={(d: Dayjs) => d.isAfter(dayjs(), 'day')}
            onChange={(v) => {
              if (v?.[0] && v[1]) setRange({ from: v[0].format('YYYY-MM-DD'), to: v[1].format('YYYY-MM-DD') });
            }}
            className="acc-range"
          />
        ) : null}
      </div>
      {error ? <Alert type="error" showIcon message={t('wsAccount.stats.failed')} description={error} className="acc-alert" /> : null}
      {!figures && !error ? <Skeleton active paragraph={{ rows: 3 }} /> : null}
      {figures ? (
        <>
          <div className="acc-figures">
            <Statistic title={t('wsAccount.stats.views')} value={count(figures.views)} data-testid="acc-stat-views" />
            <Statistic title={t('wsAccount.stats.sold')} value={count(Number(figures.sold.total ?? 0))} data-testid="acc-stat-sold" />
            <Statistic title={t('wsAccount.stats.revenue')} value={money(Number(figures.revenue.total ?? 0))} data-testid="acc-stat-revenue" />
            <Statistic title={t('wsAccount.stats.earned')} value={tokens(Number(figures.tokens.total ?? 0))} data-testid="acc-stat-earned" />
          </div>
          <div className="acc-charts">
            <figure>
              <figcaption>{t('wsAccount.stats.soldPerDay')}</figcaption>
              <MiniChart days={days} values={fillSeries(days, figures.sold.series)} kind="bar" format={count} label={t('wsAccount.stats.soldPerDay')} />
            </figure>
            <figure>
              <figcaption>{t('wsAccount.stats.revenuePerDay')}</figcaption>
              <MiniChart days={days} values={fillSeries(days, figures.revenue.series)} kind="line" format={money} label={t('wsAccount.stats.revenuePerDay')} />
            </figure>
            <figure>
              <figcaption>{t('wsAccount.stats.earnedPerDay')}</figcaption>
              <MiniChart days={days} values={fillSeries(days, figures.tokens.series)} kind="bar" format={tokens} label={t('wsAccount.stats.earnedPerDay')} />
            </figure>
          </div>
          <p className="acc-small acc-muted">{t('wsAccount.stats.note')}</p>
        </>
      ) : null}
    </section>
  );
}
