/**
 * `/join_team?key=…` (Team joining): the invited team's card from `groupMember/canJoin`, then "Join"
 * (`groupMember/joinTeam {key}`) and a link to the team's page; a signed-out visitor gets "Sign in to
 * join" (to `/login?redirect=…`). A missing or malformed key, or one no team has, shows a box to
 * paste a key or a whole invite link.
 *
 * Decisions the spec leaves open: reason codes `not_found`, `deleted` and `member` have their own
 * texts, any other reason is shown as the server wrote it; a member of the team is sent to its page
 * instead of a Join button.
 */
import { useState } from 'react';
import { Alert, Button, Card, Result, Skeleton, Space } from 'antd';
import { LoginOutlined, TeamOutlined, UsergroupAddOutlined } from '@ant-design/icons';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useI18n } from '../../i18n';
import { useAuth } from '../../app/auth';
import { calls } from '../../app/data';
import { notify } from '../../app/notify';
import WorkspaceLayout from '../WorkspaceLayout';
import { membershipChanged } from '../realtime';
import JoinKeyForm from '../teams/JoinKeyForm';
import JoinTeamCard from '../teams/JoinTeamCard';
import { useJoinCheck, type JoinCheck } from '../teams/use-join-check';
import { isValidKey, knownReason, signInPath } from '../teams/join-key';
import { teamPath } from '../teams/team-model';
import '../teams/teams.css';
import '../../i18n/workspace-texts';
import '../../i18n/teams-texts';

export default function JoinTeam() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const location = useLocation();
  const [search, setSearch] = useSearchParams();
  const user = useAuth().user;
  const raw = search.get('key');
  const key = isValidKey(raw) ? raw : null;
  const { state, retry, refresh } = useJoinCheck(key, user?.id ?? null);
  const [joining, setJoining] = useState(false);
  const [joined, setJoined] = useState<{ key: string; groupId: number } | null>(null);

  const chooseKey = (k: string | null) => {
    setJoined(null);
    setSearch(k ? { key: k } : {}, { replace: !k });
  };

  const join = async () => {
    if (!key) return;
    setJoining(true);
    try {
      const r = (await calls.base.groupMember.joinTeam({ key })) as { id: number; groupId: number };
      setJoined({ key, groupId: Number(r.groupId) });
      // The card counts the members: with the one who just joined.
      refresh();
      membershipChanged();
      notify('success', t('wsTeams.join.done'));
    } catch {
      retry();
    } finally {
      setJoining(false);
    }
  };

  const reasonText = (r: JoinCheck) => {
    const code = knownReason(r.reason);
    return code ? t(`wsTeams.join.reason.${code}`) : r.message || r.reason || t('wsTeams.join.reason.not_found');
  };

  let body;
  if (!key) {
    body = <JoinKeyForm onKey={chooseKey} initial={raw ?? ''} malformed={raw !== null} />;
  } else if (state.status === 'failed') {
    body = (
      <div data-testid="join-check-failed">
        <Result
          status="warning"
          title={t('wsTeams.join.checkFailed')}
          subTitle={state.message}
          extra={<Button onClick={retry}>{t('workspace.retry')}</Button>}
        />
      </div>
    );
  } else if (state.status !== 'done') {
    body = (
      <Card>
        <Skeleton active avatar paragraph={{ rows: 2 }} />
      </Card>
    );
  } else if (!state.result.team) {
    body = (
      <Space direction="vertical" size={16} style={{ width: '100%' }}>
        <Alert type="warning" showIcon message={reasonText(state.result)} data-testid="join-reason" data-reason={state.result.reason} />
        <JoinKeyForm key={key} onKey={chooseKey} />
      </Space>
    );
  } else {
    const r = state.result;
    const team = r.team!;
    const done = joined?.key === key ? joined : null;
    const openTeam = (id: number) => navigate(teamPath(id));
    body = (
      <JoinTeamCard team={team} member={!!done || r.reason === 'member'}>
        {done ? (
          <div data-testid="join-done">
            <Result
              status="success"
              title={t('wsTeams.join.doneTitle', { name: team.name })}
              extra={
                <Button type="primary" icon={<TeamOutlined />} onClick={() => openTeam(done.groupId)} data-testid="join-open-team">
                  {t('wsTeams.join.openTeam')}
                </Button>
              }
            />
          </div>
        ) : r.canJoin ? (
          user ? (
            <Button type="primary" size="large" block icon={<UsergroupAddOutlined />} loading={joining} onClick={join} data-testid="join-submit">
              {t('wsTeams.join.join')}
            </Button>
          ) : (
            <Button
              type="primary"
              size="large"
              block
              icon={<LoginOutlined />}
              onClick={() => navigate(signInPath(location.pathname + location.search))}
              data-testid="join-sign-in"
            >
              {t('wsTeams.join.signIn')}
            </Button>
          )
        ) : (
          <Space direction="vertical" size={12} style={{ width: '100%' }}>
            <Alert type={r.reason === 'member' ? 'info' : 'warning'} showIcon message={reasonText(r)} data-testid="join-reason" data-reason={r.reason} />
            {r.reason === 'member' && (
              <Button type="primary" block icon={<TeamOutlined />} onClick={() => openTeam(team.id)} data-testid="join-open-team">
                {t('wsTeams.join.openTeam')}
              </Button>
            )}
          </Space>
        )}
      </JoinTeamCard>
    );
  }

  return (
    <WorkspaceLayout>
      <div className="tm-narrow" data-testid="join-team-page">
        {body}
        {key && (
          <div style={{ textAlign: 'center', marginTop: 12 }}>
            <Button type="link" onClick={() => chooseKey(null)} data-testid="join-other-key">
              {t('wsTeams.join.otherKey')}
            </Button>
          </div>
        )}
      </div>
    </WorkspaceLayout>
  );
}
