/** The console's home: views, visitors, users and sales of the last days, as cards and SVG charts. */
import { useEffect, useState, type ReactNode } from 'react';
import { Col, Empty, Row, Segmented, Skeleton, Space, Tooltip, theme } from 'antd';
import { DollarOutlined, EyeOutlined, QuestionCircleOutlined, TeamOutlined, UserOutlined } from '@ant-design/icons';
import { calls } from '../../app/data';
import { useAuth, useCan } from '../../app/auth';
import { useI18n } from '../../i18n';
import { AreaChart, BarChart, Sparkline } from './system/charts';
import AiSetupCard from './AiSetupCard';
import { FIRST_DASHBOARD_DAYS, dashboardKey, takeFirst } from '../../app/first-screen';

interface Series {
  daily: number[];
  sum: number;
}

interface Summary {
  days: number;
  dates: string[];
  views: Series;
  visitors: Series;
  users: Series & { total: number };
  sales: Series & { total: number };
}

const RANGES = [7, 30, 90] as const;

/**
 * A card in antd Card's look (its border, corners, head and padding, from the theme's tokens): antd's
 * Card brings its tab list (rc-tabs) and Typography its editing parts (a text area), about 16 KB of
 * gzip JS the console's first page would load for plain frames and texts.
 */
function DashCard(props: { title?: ReactNode; extra?: ReactNode; bodyPadding?: number; children: ReactNode; testId?: string; fill?: boolean }) {
  const { token } = theme.useToken();
  const line = `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`;
  return (
    <section
      data-testid={props.testId}
      style={{
        background: token.colorBgContainer,
        border: line,
        borderRadius: token.borderRadiusLG,
        height: props.fill ? '100%' : undefined,
        boxSizing: 'border-box',
      }}
    >
      {props.title !== undefined && (
        <header
          style={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            gap: 12,
            flexWrap: 'wrap',
            minHeight: 56,
            padding: `0 ${token.paddingLG}px`,
            borderBottom: line,
            color: token.colorTextHeading,
            fontWeight: token.fontWeightStrong,
            fontSize: token.fontSizeLG,
          }}
        >
          <span>{props.title}</span>
          {props.extra}
        </header>
      )}
      <div style={{ padding: props.bodyPadding ?? token.paddingLG }}>{props.children}</div>
    </section>
  );
}

/** Secondary text in the theme's colour (antd's Typography.Text type="secondary"). */
function Muted(props: { children: ReactNode; size?: number }) {
  const { token } = theme.useToken();
  return <span style={{ color: token.colorTextSecondary, fontSize: props.size }}>{props.children}</span>;
}

/** One figure's card; its frame, title and icon show at once, the figures when the summary has come (`value` null until then). */
function StatCard(props: {
  id: string;
  title: string;
  help?: string;
  value: string | null;
  icon: ReactNode;
  color: string;
  foot: string | null;
  values: number[];
}) {
  const { token } = theme.useToken();
  return (
    <DashCard bodyPadding={20} fill testId={`dash-${props.id}`}>
      <Space align="start" style={{ width: '100%', justifyContent: 'space-between' }}>
        <div>
          <Muted>
            {props.title}
            {props.help ? (
              <Tooltip title={props.help}>
                <QuestionCircleOutlined style={{ marginInlineStart: 6 }} data-testid="stat-help" />
              </Tooltip>
            ) : null}
          </Muted>
          {props.value === null ? (
            <Skeleton.Input active size="small" style={{ marginBlock: 8 }} />
          ) : (
            <div style={{ fontSize: 28, fontWeight: 600, lineHeight: 1.3, color: token.colorText }} data-testid="dash-value">
              {props.value}
            </div>
          )}
        </div>
        <div
          style={{
            width: 44,
            height: 44,
            borderRadius: token.borderRadiusLG,
            display: 'grid',
            placeItems: 'center',
            fontSize: 20,
            color: props.color,
            background: token.colorFillTertiary,
          }}
        >
          {props.icon}
        </div>
      </Space>
      {props.value === null ? (
        <Skeleton active title={false} paragraph={{ rows: 2 }} />
      ) : (
        <>
          <Sparkline values={props.values} color={props.color} />
          <Muted size={12}>{props.foot}</Muted>
        </>
      )}
    </DashCard>
  );
}

export default function Dashboard() {
  const { t, lang } = useI18n();
  const can = useCan();
  const { user } = useAuth();
  const { token } = theme.useToken();
  const [days, setDays] = useState<number>(FIRST_DASHBOARD_DAYS);
  const [data, setData] = useState<Summary | null>(null);
  const [failed, setFailed] = useState(false);
  const allowed = can('base:dashboard:summary');

  useEffect(() => {
    if (!allowed) return;
    let live = true;
    setFailed(false);
    const tzOffset = -new Date().getTimezoneOffset();
    // The entry may have asked already (first-screen.ts); that answer is used once.
    const asked = takeFirst<Summary>(dashboardKey(days, tzOffset)) ?? (calls.base.dashboard.summary({ days, tzOffset }) as Promise<Summary>);
    asked.then(
      (d) => live && setData(d),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [days, allowed]);

  const num = new Intl.NumberFormat(lang);
  const money = new Intl.NumberFormat(lang, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const labels = (data?.dates ?? []).map((d) => d.slice(5));
  // Each card shows its frame at once and its figures when they come (no page-wide skeleton).
  const fig = (value: (d: Summary) => string) => (data ? value(data) : null);
  const daily = (pick: (d: Summary) => number[]) => (data ? pick(data) : []);
  const chart = (body: (d: Summary) => ReactNode) => (data ? body(data) : <Skeleton active title={false} paragraph={{ rows: 5 }} />);
  const colors = { views: token.colorPrimary, visitors: token.colorSuccess, users: token.colorInfo, sales: token.colorWarning };

  return (
    <div data-testid="dashboard">
      <AiSetupCard />
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 16 }} wrap>
        <h4
          style={{
            margin: 0,
            color: token.colorTextHeading,
            fontSize: token.fontSizeHeading4,
            lineHeight: token.lineHeightHeading4,
            fontWeight: token.fontWeightStrong,
          }}
        >
          {t('viewsSystem.dashboard.welcome', { name: user?.nickName || user?.username || '' })}
        </h4>
        {allowed && (
          <Segmented
            value={days}
            onChange={(v) => setDays(Number(v))}
            options={RANGES.map((d) => ({ value: d, label: t('viewsSystem.dashboard.lastDays', { count: d }) }))}
          />
        )}
      </Space>
      {!allowed || failed ? (
        <DashCard>
          <Empty description={failed ? t('common.loadFailed') : t('viewsSystem.dashboard.noAccess')} />
        </DashCard>
      ) : (
        <>
          <Row gutter={[16, 16]}>
            <Col xs={24} sm={12} xl={6}>
              <StatCard
                id="views"
                title={t('viewsSystem.dashboard.views')}
                help={t('viewsSystem.dashboard.viewsHelp')}
                value={fig((d) => num.format(d.views.sum))}
                icon={<EyeOutlined />}
                color={colors.views}
                values={daily((d) => d.views.daily)}
                foot={fig((d) => t('viewsSystem.dashboard.today', { value: num.format(d.views.daily.at(-1) ?? 0) }))}
              />
            </Col>
            <Col xs={24} sm={12} xl={6}>
              <StatCard
                id="visitors"
                title={t('viewsSystem.dashboard.visitors')}
                help={t('viewsSystem.dashboard.visitorsHelp')}
                value={fig((d) => num.format(d.visitors.sum))}
                icon={<TeamOutlined />}
                color={colors.visitors}
                values={daily((d) => d.visitors.daily)}
                foot={fig((d) => t('viewsSystem.dashboard.today', { value: num.format(d.visitors.daily.at(-1) ?? 0) }))}
              />
            </Col>
            <Col xs={24} sm={12} xl={6}>
              <StatCard
                id="users"
                title={t('viewsSystem.dashboard.users')}
                help={t('viewsSystem.dashboard.usersHelp')}
                value={fig((d) => num.format(d.users.total))}
                icon={<UserOutlined />}
                color={colors.users}
                values={daily((d) => d.users.daily)}
                foot={fig((d) => t('viewsSystem.dashboard.newInRange', { value: num.format(d.users.sum) }))}
              />
            </Col>
            <Col xs={24} sm={12} xl={6}>
              <StatCard
                id="sales"
                title={t('viewsSystem.dashboard.sales')}
                value={fig((d) => money.format(d.sales.sum))}
                icon={<DollarOutlined />}
                color={colors.sales}
                values={daily((d) => d.sales.daily)}
                foot={fig((d) => t('viewsSystem.dashboard.allTime', { value: money.format(d.sales.total) }))}
              />
            </Col>
          </Row>
          <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
            <Col xs={24} xl={12}>
              <DashCard
                title={t('viewsSystem.dashboard.traffic')}
                extra={
                  <Space size={16}>
                    <Legend color={colors.views} text={t('viewsSystem.dashboard.views')} />
                    <Legend color={colors.visitors} text={t('viewsSystem.dashboard.visitors')} />
                  </Space>
                }
              >
                {chart((d) => (
                  <AreaChart
                    labels={labels}
                    series={[
                      { name: t('viewsSystem.dashboard.views'), color: colors.views, values: d.views.daily },
                      { name: t('viewsSystem.dashboard.visitors'), color: colors.visitors, values: d.visitors.daily },
                    ]}
                  />
                ))}
              </DashCard>
            </Col>
            <Col xs={24} md={12} xl={6}>
              <DashCard title={t('viewsSystem.dashboard.salesByDay')}>
                {chart((d) => (
                  <BarChart labels={labels} series={{ name: t('viewsSystem.dashboard.sales'), color: colors.sales, values: d.sales.daily }} />
                ))}
              </DashCard>
            </Col>
            <Col xs={24} md={12} xl={6}>
              <DashCard title={t('viewsSystem.dashboard.newUsers')}>
                {chart((d) => (
                  <BarChart labels={labels} series={{ name: t('viewsSystem.dashboard.newUsers'), color: colors.users, values: d.users.daily }} />
                ))}
              </DashCard>
            </Col>
          </Row>
        </>
      )}
    </div>
  );
}

function Legend(props: { color: string; text: string }) {
  return (
    <Space size={6}>
      <span style={{ display: 'inline-block', width: 10, height: 10, borderRadius: 2, background: props.color }} />
      <Muted>{props.text}</Muted>
    </Space>
  );
}
