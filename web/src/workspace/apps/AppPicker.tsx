/** The chat's run dialog, first step: the catalogue's apps as a list to pick one from (cost and kind beside each). */
import { Button, Empty, Result, Spin, Tag } from 'antd';
import { ClockCircleOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { useI18n } from '../../i18n';
import { useAuth } from '../../app/auth';
import AppAvatar from './AppAvatar';
import { appDescription, isAsyncApp, type PublicApp } from './app-cost';
import { costLabel } from './app-format';
import { useCatalogue } from './use-catalogue';
import '../../i18n/apps-texts';

export default function AppPicker({ onPick }: { onPick: (app: PublicApp) => void }) {
  const { t, lang } = useI18n();
  const coefficient = useAuth().user?.efficiencyCoefficient;
  const { groups, failed, retry } = useCatalogue();
  if (failed) return <Result status="warning" title={t('wsApps.store.loadFailed')} extra={<Button onClick={retry}>{t('wsApps.store.retry')}</Button>} />;
  if (!groups) return <Spin className="ws-spin" />;
  const apps = groups.flatMap((g) => g.apps);
  if (!apps.length) return <Empty description={t('wsApps.store.empty')} />;
  return (
    <div className="apps-picker" data-testid="app-picker">
      <div className="apps-muted">{t('wsApps.chat.pickHint')}</div>
      <ul className="apps-pick-list">
        {apps.map((a) => {
          const background = isAsyncApp(a);
          return (
            <li key={a.id}>
              <button type="button" className="apps-pick" onClick={() => onPick(a)} data-testid="app-pick" data-app={a.id}>
                <AppAvatar avatar={a.avatar} name={a.name} size={36} />
                <span className="apps-pick-text">
                  <span className="apps-pick-name">{a.name}</span>
                  {appDescription(a) && <span className="apps-pick-desc">{appDescription(a)}</span>}
                </span>
                <span className="apps-pick-tags">
                  <Tag color="gold" bordered={false}>
                    {costLabel(t, lang, a, coefficient)}
                  </Tag>
                  <Tag color={background ? 'blue' : 'green'} bordered={false} icon={background ? <ClockCircleOutlined /> : <ThunderboltOutlined />}>
                    {background ? t('wsApps.card.async') : t('wsApps.card.sync')}
                  </Tag>
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
