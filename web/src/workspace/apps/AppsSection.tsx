/**
 * The store's apps (`/workflow_store?view=apps`): every shown app of the public catalogue, grouped
 * by parent type, each with its cost and Run. Run opens the run dialog (loaded on first use); a
 * visitor is sent to sign in first and comes back here. A signed-in member also reads how much
 * time their runs saved so far.
 *
 * Decisions the spec leaves open:
 * - Parent types have no names in the catalogue: groups read "Category {n}", in ascending order as
 *   the server gives them, apps without one last as "Other apps"; one group shows no heading.
 * - A run started here goes to the member's own runs conversation (the server's default), where
 *   the dialog's "Open in chat" leads.
 */
import { Suspense, lazy, useEffect, useState } from 'react';
import { Button, Empty, Result, Spin, Typography } from 'antd';
import { FieldTimeOutlined } from '@ant-design/icons';
import { useLocation, useNavigate } from 'react-router-dom';
import { useI18n } from '../../i18n';
import { useAuth } from '../../app/auth';
import { loginFor } from '../../lib/router-rules';
import AppCard from './AppCard';
import AiNotReady from './AiNotReady';
import { loadSavedTime, type SavedTime } from './app-calls';
import type { PublicApp } from './app-cost';
import { savedTimeText } from './app-format';
import { useCatalogue } from './use-catalogue';
import './apps.css';
import '../../i18n/apps-texts';

const RunDialog = lazy(() => import('./RunDialog'));

function SavedLine() {
  const { t } = useI18n();
  const [saved, setSaved] = useState<SavedTime | null>(null);
  useEffect(() => {
    let live = true;
    loadSavedTime().then(
      (s) => live && setSaved(s),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  if (!saved || !saved.runs) return null;
  return (
    <div className="apps-saved" data-testid="apps-saved">
      <FieldTimeOutlined /> {t('wsApps.store.saved', { count: saved.runs, time: savedTimeText(t, saved.minutes) })}
    </div>
  );
}

export default function AppsSection() {
  const { t } = useI18n();
  const user = useAuth().user;
  const navigate = useNavigate();
  const location = useLocation();
  const { groups, failed, retry } = useCatalogue();
  const [running, setRunning] = useState<PublicApp | null>(null);

  const run = (app: PublicApp) => {
    if (!user) navigate(loginFor(location.pathname, location.search));
    else setRunning(app);
  };

  const shown = groups?.filter((g) => g.apps.length) ?? [];
  let body;
  if (failed) {
    body = (
      <div data-testid="apps-error">
        <Result status="warning" title={t('wsApps.store.loadFailed')} extra={<Button onClick={retry}>{t('wsApps.store.retry')}</Button>} />
      </div>
    );
  } else if (!groups) body = <Spin className="ws-spin" />;
  else if (!shown.length) {
    body = <Empty className="st-empty" description={t('wsApps.store.empty')} data-testid="apps-empty" />;
  } else {
    body = shown.map((g) => (
      <section key={String(g.parentType)} className="apps-group" data-testid="apps-group" data-parent={g.parentType ?? ''}>
        {shown.length > 1 && (
          <Typography.Title level={5} className="apps-group-title">
            {g.parentType === null ? t('wsApps.store.groupOther') : t('wsApps.store.group', { n: g.parentType })}
          </Typography.Title>
        )}
        <div className="apps-grid">
          {g.apps.map((a) => (
            <AppCard key={a.id} app={a} coefficient={user?.efficiencyCoefficient} signedIn={!!user} onRun={run} />
          ))}
        </div>
      </section>
    ));
  }

  return (
    <div className="apps-section" data-testid="store-apps">
      <Typography.Paragraph type="secondary" className="apps-intro">
        {t('wsApps.store.intro')}
      </Typography.Paragraph>
      {user && <AiNotReady purpose="chat" />}
      {user && <SavedLine />}
      {body}
      {running && (
        <Suspense fallback={null}>
          <RunDialog app={running} target={null} onClose={() => setRunning(null)} />
        </Suspense>
      )}
    </div>
  );
}
