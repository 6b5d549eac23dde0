/**
 * `/discord`: the way to the chat community. The link is the site's `communityUrl` (`site/info`,
 * public; null when not configured). Decisions the spec leaves open:
 * - Only an http(s) link is followed; anything else counts as not configured.
 * - With a link the page counts down 2 s and then opens it in the same tab, unless the visitor
 *   presses "Stay" (the button to open it stays).
 * - The community's name and description are the site's (`name`/`title`, `description`).
 */
import { useEffect, useState } from 'react';
import { Button, Card, Result, Spin, Typography } from 'antd';
import { useNavigate } from 'react-router-dom';
import { useI18n } from '../../i18n';
import { useAuth } from '../../app/auth';
import { useSiteName } from '../../app/use-site';
import WorkspaceLayout from '../WorkspaceLayout';
import { safeHttpUrl } from '../social/profile';
import { siteCalls, type SiteInfo } from '../social/social-calls';
import { useCountdown } from '../social/use-countdown';
import '../social/social.css';
import '../../i18n/workspace-texts';

export const REDIRECT_MS = 2000;

function Community({ info, url }: { info: SiteInfo; url: string }) {
  const { t } = useI18n();
  const siteName = useSiteName();
  const left = useCountdown(REDIRECT_MS, () => window.location.assign(url));
  const name = info.name || info.title || siteName;
  return (
    <Card className="soc-center" data-testid="discord-page">
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('wsSocial.discord.title', { name })}
      </Typography.Title>
      {info.description && <Typography.Paragraph>{info.description}</Typography.Paragraph>}
      <Typography.Paragraph type="secondary" className="soc-mono">
        {url}
      </Typography.Paragraph>
      <div className="soc-chips">
        <Button type="primary" href={url} data-testid="discord-open">
          {t('wsSocial.discord.open')}
        </Button>
        {left.state === 'running' && (
          <Button onClick={left.stop} data-testid="discord-stay">
            {t('wsSocial.discord.stay')}
          </Button>
        )}
      </div>
      <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }} data-testid="discord-countdown">
        {left.state === 'running'
          ? t('wsSocial.discord.redirecting', { seconds: Math.max(1, Math.ceil(left.ms / 1000)) })
          : left.state === 'done'
            ? t('wsSocial.discord.opening')
            : t('wsSocial.discord.stayed')}
      </Typography.Paragraph>
    </Card>
  );
}

function DiscordBody() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const signedIn = !!useAuth().user;
  const [info, setInfo] = useState<SiteInfo | null | undefined>(undefined);

  useEffect(() => {
    let live = true;
    siteCalls.info().then(
      (v) => live && setInfo(v ?? {}),
      () => live && setInfo(null),
    );
    return () => {
      live = false;
    };
  }, []);

  if (info === undefined) return <Spin className="ws-spin" />;
  const url = safeHttpUrl(info?.communityUrl);
  if (info && url) return <Community info={info} url={url} />;
  return (
    <Result
      status="info"
      title={info ? t('wsSocial.discord.none') : t('wsSocial.loadFailed')}
      subTitle={info ? t('wsSocial.discord.noneHint') : undefined}
      data-testid="discord-none"
      extra={
        <Button type="primary" onClick={() => navigate(signedIn ? '/workbench' : '/')}>
          {t('wsSocial.back')}
        </Button>
      }
    />
  );
}

export default function Discord() {
  return (
    <WorkspaceLayout>
      <DiscordBody />
    </WorkspaceLayout>
  );
}
