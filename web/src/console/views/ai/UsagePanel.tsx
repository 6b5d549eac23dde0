/**
 * AI usage for administrators (`base/run/usage`, issue 39): the tokens charged per day as a chart,
 * and runs, input and output tokens and the charge grouped by model, app, member or day, over the
 * last 7, 30 or 90 days in the browser's time zone.
 */
import { useEffect, useState } from 'react';
import { Card, Empty, Segmented, Skeleton, Space, Table, Typography, theme } from 'antd';
import { calls } from '../../../app/data';
import { formatTokens } from '../../../app/money';
import { useI18n } from '../../../i18n';
import { AreaChart } from '../system/charts';

const BY = ['model', 'app', 'member', 'day'] as const;
type By = (typeof BY)[number];
const RANGES = [7, 30, 90];

type Usage = Awaited<ReturnType<typeof calls.base.run.usage>>;
type UsageRow = Usage['rows'][number];

export default function UsagePanel() {
  const { t, lang } = useI18n();
  const { token } = theme.useToken();
  const [by, setBy] = useState<By>('model');
  const [days, setDays] = useState(30);
  const [usage, setUsage] = useState<Usage | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    setFailed(false);
    calls.base.run.usage({ by, days, tzOffset: -new Date().getTimezoneOffset() }).then(
      (u) => live && setUsage(u),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [by, days]);

  const num = new Intl.NumberFormat(lang);
  const sum = (f: 'runs' | 'promptTokens' | 'completionTokens' | 'charged') => (usage?.rows ?? []).reduce((a, r) => a + r[f], 0);
  const count = (v: number) => num.format(v);

  const columns = [
    {
      title: t(`viewsAi.usage.key.${by}`),
      dataIndex: 'label',
      render: (_: unknown, r: UsageRow) => (r.key === '' ? <Typography.Text type="secondary">{t('viewsAi.usage.none')}</Typography.Text> : r.label || r.key),
    },
    { title: t('viewsAi.usage.runCount'), dataIndex: 'runs', align: 'right' as const, render: count },
    { title: t('viewsAi.usage.promptTokens'), dataIndex: 'promptTokens', align: 'right' as const, render: count },
    { title: t('viewsAi.usage.completionTokens'), dataIndex: 'completionTokens', align: 'right' as const, render: count },
    { title: t('viewsAi.usage.charged'), dataIndex: 'charged', align: 'right' as const, render: (v: number) => formatTokens(v, lang) || '0' },
  ];

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="usage-panel">
      <Space wrap size={[12, 8]}>
        <Segmented
          value={by}
          onChange={(v) => setBy(v as By)}
          options={BY.map((b) => ({ value: b, label: t(`viewsAi.usage.by.${b}`) }))}
          data-testid="usage-by"
        />
        <Segmented value={days} onChange={(v) => setDays(Number(v))} options={RANGES.map((d) => ({ value: d, label: t('viewsAi.usage.days', { n: d }) }))} />
      </Space>
      {failed ? (
        <Card>
          <Empty description={t('common.loadFailed')} />
        </Card>
      ) : !usage ? (
        <Card>
          <Skeleton active paragraph={{ rows: 6 }} />
        </Card>
      ) : (
        <>
          <Card title={t('viewsAi.usage.chart')} size="small">
            <AreaChart
              labels={usage.dates.map((d) => d.slice(5))}
              series={[{ name: t('viewsAi.usage.charged'), color: token.colorPrimary, values: usage.charged }]}
              height={220}
            />
          </Card>
          <Table<UsageRow>
            rowKey="key"
            size="small"
            columns={columns}
            dataSource={usage.rows}
            pagination={usage.rows.length > 20 ? { pageSize: 20 } : false}
            scroll={{ x: 560 }}
            data-testid="usage-table"
            summary={() =>
              usage.rows.length > 1 ? (
                <Table.Summary.Row>
                  <Table.Summary.Cell index={0}>
                    <Typography.Text strong>{t('viewsAi.usage.total')}</Typography.Text>
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={1} align="right">
                    {count(sum('runs'))}
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={2} align="right">
                    {count(sum('promptTokens'))}
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={3} align="right">
                    {count(sum('completionTokens'))}
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={4} align="right">
                    {formatTokens(Math.round(sum('charged') * 10_000) / 10_000, lang) || '0'}
                  </Table.Summary.Cell>
                </Table.Summary.Row>
              ) : null
            }
          />
        </>
      )}
    </Space>
  );
}
