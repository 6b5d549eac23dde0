/**
 * A team's page: its card (name, remark, my role, member count), "Open team chat" and "Leave team",
 * then the members, and for the owner and deputies the invite link and the notice form; the
 * allocation settings (editable by the owner) and the latest notices.
 *
 * Decisions the spec leaves open: the owner is not offered "Leave team" (the server refuses it until
 * the team is handed over; its card says how); deputies see the allocation read-only, as the
 * task gives its editing to the owner (the server would also take it from a deputy).
 */
import { useState } from 'react';
import { Avatar, Button, Card, Popconfirm, Typography } from 'antd';
import { ArrowLeftOutlined, LogoutOutlined, MessageOutlined, TeamOutlined, UserOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { useI18n } from '../../i18n';
import { calls } from '../../app/data';
import { notify } from '../../app/notify';
import { chatPath, tabPath } from '../nav';
import RoleTag from './RoleTag';
import InviteLinkCard from './InviteLinkCard';
import TeamMembers from './TeamMembers';
import TeamAllocation from './TeamAllocation';
import TeamNoticeForm from './TeamNoticeForm';
import RecentNotices from './RecentNotices';
import { canLeave, canManage, type MyTeam } from './team-model';
import { membershipChanged } from '../realtime';
import { useTeamMembers } from './use-team-members';

export default function TeamPage({ team, version, onChanged }: { team: MyTeam; version: number; onChanged: () => void }) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);
  const [noticesVersion, setNoticesVersion] = useState(0);
  const manager = canManage(team.role);
  const { members, failed, reload } = useTeamMembers(team.id, version);

  const leave = async () => {
    setLeaving(true);
    try {
      await calls.base.groupMember.withdrawFromTeam({ groupId: team.id });
      notify('success', t('wsTeams.leave.done', { name: team.name }));
      membershipChanged();
      onChanged();
      navigate(tabPath('teams'), { replace: true });
    } catch {
      /* the server's message was shown (the owner must hand over first); nothing changed */
      setLeaving(false);
    }
  };

  return (
    <div className="tm-page" data-testid="team-page" data-team-id={team.id}>
      <Button type="link" icon={<ArrowLeftOutlined />} onClick={() => navigate(tabPath('teams'))} className="tm-back" data-testid="team-back">
        {t('wsTeams.allTeams')}
      </Button>
      <Card className="tm-hero" data-testid="team-header">
        <div className="tm-hero-main">
          <Avatar shape="square" size={56} src={team.avatar || undefined} icon={<TeamOutlined />} />
          <div className="tm-hero-text">
            <div className="tm-hero-title">
              <Typography.Title level={4} style={{ margin: 0 }} ellipsis={{ tooltip: team.name }} data-testid="team-name">
                {team.name}
              </Typography.Title>
              <RoleTag role={team.role} />
            </div>
            <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0' }} data-testid="team-remark">
              {team.remark || t('wsTeams.noRemark')}
            </Typography.Paragraph>
            <Typography.Text type="secondary">
              <UserOutlined /> {t('wsTeams.memberCount', { count: team.memberCount })}
            </Typography.Text>
          </div>
        </div>
        <div className="tm-hero-actions">
          <Button type="primary" icon={<MessageOutlined />} onClick={() => navigate(chatPath({ toType: 1, toId: team.id }))} data-testid="team-open-chat">
            {t('wsTeams.openChat')}
          </Button>
          {canLeave(team.role) ? (
            <Popconfirm
              title={t('wsTeams.leave.confirmTitle')}
              description={t('wsTeams.leave.confirmText', { name: team.name })}
              okText={t('wsTeams.leave.button')}
              cancelText={t('common.cancel')}
              okButtonProps={{ danger: true }}
              onConfirm={leave}
            >
              <Button danger icon={<LogoutOutlined />} loading={leaving} data-testid="team-leave">
                {t('wsTeams.leave.button')}
              </Button>
            </Popconfirm>
          ) : (
            <Typography.Text type="secondary" className="tm-owner-hint" data-testid="team-owner-hint">
              {t('wsTeams.leave.ownerHint')}
            </Typography.Text>
          )}
        </div>
      </Card>
      <div className="tm-columns">
        <div className="tm-col">
          <TeamMembers team={team} members={members} failed={failed} reload={reload} onChanged={onChanged} />
          <TeamAllocation team={team} editable={team.role === 'owner'} onSaved={onChanged} />
        </div>
        <div className="tm-col">
          {manager && team.key && <InviteLinkCard teamKey={String(team.key)} />}
          {manager && <TeamNoticeForm groupId={team.id} onSent={() => setNoticesVersion((v) => v + 1)} />}
          <RecentNotices groupId={team.id} version={version + noticesVersion} members={members} />
        </div>
      </div>
    </div>
  );
}
