/**
 * The public card of a team someone is invited to: avatar, name, remark, member count and owner when
 * given. Once the person is a member (just joined, or already was) it says so instead of inviting.
 */
import type { ReactNode } from 'react';
import { Avatar, Card, Typography } from 'antd';
import { CrownOutlined, TeamOutlined, UserOutlined } from '@ant-design/icons';
import { useI18n } from '../../i18n';

export interface PublicTeam {
  id: number;
  name?: string | null;
  avatar?: string | null;
  remark?: string | null;
  memberCount?: number;
  /** Not in canJoin's answer today; shown when a server gives it. */
  ownerName?: string | null;
  owner?: { nickName?: string | null; name?: string | null } | null;
}

export default function JoinTeamCard({ team, member = false, children }: { team: PublicTeam; member?: boolean; children?: ReactNode }) {
  const { t } = useI18n();
  const owner = team.ownerName || team.owner?.nickName || team.owner?.name;
  return (
    <Card data-testid="join-team-card" data-team-id={team.id} data-member={member ? '1' : '0'}>
      <div className="tm-hero-main">
        <Avatar shape="square" size={64} src={team.avatar || undefined} icon={<TeamOutlined />} />
        <div className="tm-hero-text">
          <Typography.Text type="secondary" data-testid="join-team-lead">
            {t(member ? 'wsTeams.join.memberOf' : 'wsTeams.join.invited')}
          </Typography.Text>
          <Typography.Title level={3} style={{ margin: '2px 0 4px' }} ellipsis={{ tooltip: team.name }} data-testid="join-team-name">
            {team.name || `#${team.id}`}
          </Typography.Title>
          {team.remark && <Typography.Paragraph style={{ marginBottom: 4 }}>{team.remark}</Typography.Paragraph>}
          <Typography.Text type="secondary">
            <UserOutlined /> {t('wsTeams.memberCount', { count: Number(team.memberCount ?? 0) })}
            {owner && (
              <>
                {' · '}
                <CrownOutlined /> {t('wsTeams.join.owner', { name: owner })}
              </>
            )}
          </Typography.Text>
        </div>
      </div>
      {children && <div style={{ marginTop: 16 }}>{children}</div>}
    </Card>
  );
}
