/** One app in the store's apps: picture, name, what it does, the cost of a run in tokens (or priced by use), instant or background, and Run. */
import { Button, Tag, Tooltip } from 'antd';
import { ClockCircleOutlined, PlayCircleOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { useI18n } from '../../i18n';
import AppAvatar from './AppAvatar';
import { appDescription, isAsyncApp, isMeteredApp, type PublicApp } from './app-cost';
import { costLabel, savedTimeText } from './app-format';
import '../../i18n/apps-texts';

export interface AppCardProps {
  app: PublicApp;
  /** The member's efficiency coefficient (1 for visitors). */
  coefficient?: unknown;
  signedIn: boolean;
  onRun: (app: PublicApp) => void;
}

export default function AppCard({ app, coefficient, signedIn, onRun }: AppCardProps) {
  const { t, lang } = useI18n();
  const background = isAsyncApp(app);
  const description = appDescription(app);
  const saves = Number(app.config?.savedMinutes);
  return (
    <div className="apps-card" data-testid="app-card" data-app={app.id}>
      <div className="apps-card-head">
        <AppAvatar avatar={app.avatar} name={app.name} />
        <div className="apps-card-title">
          <div className="apps-card-name">{app.name}</div>
          <div className="apps-card-tags">
            <Tooltip title={isMeteredApp(app) ? t('wsApps.card.byUseHint') : undefined}>
              <Tag color="gold" bordered={false} data-testid="app-cost" data-pricing={isMeteredApp(app) ? '1' : '0'}>
                {costLabel(t, lang, app, coefficient)}
              </Tag>
            </Tooltip>
            <Tooltip title={background ? t('wsApps.card.asyncHint') : t('wsApps.card.syncHint')}>
              <Tag
                color={background ? 'blue' : 'green'}
                bordered={false}
                icon={background ? <ClockCircleOutlined /> : <ThunderboltOutlined />}
                data-testid="app-kind"
                data-async={background ? '1' : '0'}
              >
                {background ? t('wsApps.card.async') : t('wsApps.card.sync')}
              </Tag>
            </Tooltip>
          </div>
        </div>
      </div>
      {description && <div className="apps-card-desc">{description}</div>}
      <div className="apps-card-foot">
        <span className="apps-card-saves">{saves > 0 ? t('wsApps.card.saves', { time: savedTimeText(t, saves) }) : null}</span>
        <Button type={signedIn ? 'primary' : 'default'} icon={<PlayCircleOutlined />} onClick={() => onRun(app)} data-testid="app-run">
          {signedIn ? t('wsApps.card.run') : t('wsApps.card.signIn')}
        </Button>
      </div>
    </div>
  );
}
