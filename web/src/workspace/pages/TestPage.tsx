/**
 * `/test` (000 §2 "Test page", no token needed): the client's state for support and developers —
 * the session, the realtime connection, language, theme, viewport — and the server's version and
 * a timed round trip. Decisions the spec leaves open:
 * - The server facts come from `GET /health` (public): version and database state. No open call
 *   answers the server's clock, so the server time shows only when /health gives a `time`.
 * - The page pings once on opening; "Ping" adds one more and the last ten are summarised.
 * - "Copy" puts the whole report, as JSON, on the clipboard for a support ticket.
 */
import { useCallback, useEffect, useState } from 'react';
import { Button, Card, Descriptions, Tag, Typography } from 'antd';
import { ThunderboltOutlined } from '@ant-design/icons';
import { api } from '../../app/api';
import { useAuth } from '../../app/auth';
import { breakpoint, useTheme } from '../../app/theme';
import { useI18n } from '../../i18n';
import WorkspaceLayout from '../WorkspaceLayout';
import { useRealtimeStatus } from '../realtime';
import { siteCalls } from '../social/social-calls';
import { ping, pingSummary, type PingResult } from '../social/ping';
import { useViewport } from '../social/use-viewport';
import '../social/social.css';
import '../../i18n/workspace-texts';

const KEEP_PINGS = 10;
const COLUMNS = { xs: 1, sm: 1, md: 2, lg: 2, xl: 2, xxl: 2 };
const LABEL = { label: { whiteSpace: 'nowrap' as const } };

const when = (ms: number | null, lang: string) => (ms ? new Date(ms).toLocaleString(lang) : '—');

function TestBody() {
  const { t, lang } = useI18n();
  const user = useAuth().user;
  const realtime = useRealtimeStatus();
  const theme = useTheme();
  const view = useViewport();
  const [pings, setPings] = useState<PingResult[]>([]);
  const [busy, setBusy] = useState(false);

  const doPing = useCallback(async () => {
    setBusy(true);
    const r = await ping(siteCalls.health);
    setPings((list) => [r, ...list].slice(0, KEEP_PINGS));
    setBusy(false);
  }, []);

  useEffect(() => {
    void doPing();
  }, [doPing]);

  const userName = typeof user?.username === 'string' ? user.username : (user?.name ?? '');
  const last = pings[0];
  const health = pings.find((p) => p.ok)?.health;
  const summary = pingSummary(pings);
  const tokenState = api.session.tokenState();
  const report = {
    signedIn: !!user,
    userId: user?.id ?? null,
    userName: userName || null,
    tokenState,
    tokenExpires: api.session.getTokenExpiresAt(),
    realtime: realtime.state,
    realtimeReason: realtime.reason ?? null,
    language: lang,
    theme: theme.name,
    dark: theme.dark,
    viewport: `${view.width}x${view.height}`,
    breakpoint: breakpoint(view.width),
    serverVersion: health?.version ?? null,
    serverTime: health?.time ?? null,
    pingMs: last?.ok ? last.ms : null,
    userAgent: navigator.userAgent,
    at: new Date().toISOString(),
  };
  const yes = (v: boolean) => (v ? <Tag color="success">{t('wsSocial.test.yes')}</Tag> : <Tag>{t('wsSocial.test.no')}</Tag>);

  return (
    <div className="soc-page" data-testid="test-page">
      <Card
        size="small"
        title={t('wsSocial.test.title')}
        extra={
          <Typography.Text
            copyable={{ text: JSON.stringify(report, null, 2), tooltips: [t('wsSocial.test.copy'), t('wsSocial.person.copied')] }}
            data-testid="test-copy"
          />
        }
      >
        <Descriptions bordered size="small" column={COLUMNS} styles={LABEL} data-testid="test-client">
          <Descriptions.Item label={t('wsSocial.test.signedIn')}>
            <span data-testid="test-signed-in">{yes(!!user)}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('wsSocial.test.user')}>
            <span className="soc-mono" data-testid="test-user">
              {user ? `#${user.id} ${userName}${user.nickName ? ` (${user.nickName})` : ''}` : '—'}
            </span>
          </Descriptions.Item>
          <Descriptions.Item label={t('wsSocial.test.token')}>
            <Tag data-testid="test-token" color={tokenState === 'valid' ? 'success' : tokenState === 'refreshable' ? 'warning' : 'default'}>
              {t(`wsSocial.test.tokenState.${tokenState}`)}
            </Tag>
          </Descriptions.Item>
          <Descriptions.Item label={t('wsSocial.test.tokenExpires')}>{when(api.session.getTokenExpiresAt(), lang)}</Descriptions.Item>
          <Descriptions.Item label={t('wsSocial.test.realtime')}>
            <Tag data-testid="test-realtime" color={realtime.state === 'online' ? 'success' : realtime.state === 'connecting' ? 'processing' : 'default'}>
              {t(`workspace.state.${realtime.state}`)}
            </Tag>
            {realtime.reason && <span className="soc-mono">{realtime.reason}</span>}
          </Descriptions.Item>
          <Descriptions.Item label={t('wsSocial.test.language')}>
            <span className="soc-mono">{lang}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('wsSocial.test.theme')}>
            <span className="soc-mono">{`${theme.name} · ${theme.color}`}</span> {theme.dark ? t('wsSocial.test.dark') : t('wsSocial.test.light')}
          </Descriptions.Item>
          <Descriptions.Item label={t('wsSocial.test.viewport')}>
            <span className="soc-mono" data-testid="test-viewport">{`${view.width} × ${view.height} · ${breakpoint(view.width)}`}</span>
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Card
        size="small"
        title={t('wsSocial.test.server')}
        extra={
          <Button type="primary" size="small" icon={<ThunderboltOutlined />} loading={busy} onClick={() => void doPing()} data-testid="test-ping">
            {t('wsSocial.test.ping')}
          </Button>
        }
      >
        <Descriptions bordered size="small" column={COLUMNS} styles={LABEL} data-testid="test-server">
          <Descriptions.Item label={t('wsSocial.test.version')}>
            <span className="soc-mono" data-testid="test-version">
              {health?.version ?? '—'}
            </span>
          </Descriptions.Item>
          <Descriptions.Item label={t('wsSocial.test.database')}>{health ? yes(health.db === true) : '—'}</Descriptions.Item>
          <Descriptions.Item label={t('wsSocial.test.serverTime')}>
            {health?.time ? when(Date.parse(health.time), lang) : t('wsSocial.test.notGiven')}
          </Descriptions.Item>
          <Descriptions.Item label={t('wsSocial.test.lastPing')}>
            <span data-testid="test-ping-ms">{last ? (last.ok ? t('wsSocial.test.ms', { ms: last.ms }) : t('wsSocial.test.pingFailed')) : '—'}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('wsSocial.test.pings')} span="filled">
            {summary
              ? t('wsSocial.test.summary', { n: pings.length, min: summary.min, median: summary.median, max: summary.max, failed: summary.failed })
              : '—'}
          </Descriptions.Item>
        </Descriptions>
      </Card>
    </div>
  );
}

export default function TestPage() {
  return (
    <WorkspaceLayout>
      <TestBody />
    </WorkspaceLayout>
  );
}
