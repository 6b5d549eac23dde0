/**
 * `/workbench?tab=teams`: my teams as cards, "Create team" and "Join with a key"; `&team=ID` opens
 * that team's page, `&create=1` opens the create dialog (the creator page links here).
 *
 * Decisions the spec leaves open: the list and a team page take the whole section (no split view,
 * so phones and desktops behave alike); after creating a team its page opens; a team the member no
 * longer belongs to (they left, or were removed) shows a "not found" state with the way back.
 */
import { Button, Empty, Result, Skeleton, Typography } from 'antd';
import { KeyOutlined, PlusOutlined } from '@ant-design/icons';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useI18n } from '../../i18n';
import { tabPath } from '../nav';
import CreateTeamModal from './CreateTeamModal';
import TeamCard from './TeamCard';
import TeamPage from './TeamPage';
import { teamIdOf, teamPath } from './team-model';
import { useMyTeams } from './use-teams';
import { JOIN_PATH } from './join-key';
import './teams.css';
import '../../i18n/teams-texts';

export default function TeamsView() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const teamId = teamIdOf(search);
  const { teams, loading, failed, ready, version, reload } = useMyTeams();
  const creating = search.get('create') === '1';

  const setCreating = (on: boolean) =>
    setSearch(
      (s) => {
        const next = new URLSearchParams(s);
        if (on) next.set('create', '1');
        else next.delete('create');
        return next;
      },
      { replace: true },
    );

  const created = (id: number) => {
    reload();
    navigate(teamPath(id), { replace: true });
  };

  const modal = <CreateTeamModal open={creating} onClose={() => setCreating(false)} onCreated={created} />;

  if (!ready) {
    return (
      <div className="tm-view" data-testid="teams-view">
        {failed ? <LoadFailed onRetry={reload} /> : <Skeleton active paragraph={{ rows: 4 }} />}
        {modal}
      </div>
    );
  }

  if (teamId) {
    const team = teams.find((x) => x.id === teamId);
    return (
      <div className="tm-view" data-testid="teams-view">
        {team ? (
          <TeamPage key={team.id} team={team} version={version} onChanged={reload} />
        ) : (
          <div data-testid="team-not-found">
            <Result
              status="404"
              title={t('wsTeams.notFound.title')}
              subTitle={t('wsTeams.notFound.text')}
              extra={<Button onClick={() => navigate(tabPath('teams'))}>{t('wsTeams.allTeams')}</Button>}
            />
          </div>
        )}
        {modal}
      </div>
    );
  }

  return (
    <div className="tm-view" data-testid="teams-view">
      <div className="tm-head">
        <div>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {t('wsTeams.title')}
          </Typography.Title>
          <Typography.Text type="secondary">{t('wsTeams.subtitle')}</Typography.Text>
        </div>
        <div className="tm-head-actions">
          <Button icon={<KeyOutlined />} onClick={() => navigate(JOIN_PATH)} data-testid="teams-join-link">
            {t('wsTeams.joinByKey')}
          </Button>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)} data-testid="teams-create">
            {t('wsTeams.create.button')}
          </Button>
        </div>
      </div>
      {failed && <LoadFailed onRetry={reload} />}
      {teams.length === 0 ? (
        <Empty className="tm-empty" description={t('wsTeams.empty')} data-testid="teams-empty">
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
            {t('wsTeams.create.button')}
          </Button>
        </Empty>
      ) : (
        <div className={loading ? 'tm-grid tm-reloading' : 'tm-grid'} data-testid="teams-list">
          {teams.map((team) => (
            <TeamCard key={team.id} team={team} onOpen={() => navigate(teamPath(team.id))} />
          ))}
        </div>
      )}
      {modal}
    </div>
  );
}

function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useI18n();
  return (
    <div data-testid="teams-load-failed">
      <Result status="warning" subTitle={t('workspace.loadFailed')} extra={<Button onClick={onRetry}>{t('workspace.retry')}</Button>} />
    </div>
  );
}
