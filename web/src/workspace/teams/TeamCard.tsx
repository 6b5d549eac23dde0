/** One of my teams in the list: name, my role, remark and member count; the whole card opens it. */
import { Avatar, Card, Typography } from 'antd';
import { TeamOutlined, UserOutlined } from '@ant-design/icons';
import { useI18n } from '../../i18n';
import RoleTag from './RoleTag';
import type { MyTeam } from './team-model';

export default function TeamCard({ team, onOpen }: { team: MyTeam; onOpen: () => void }) {
  const { t } = useI18n();
  return (
    <Card hoverable size="small" className="tm-card" onClick={onOpen} data-testid="team-card" data-team-id={team.id}>
      <div className="tm-card-head">
        <Avatar shape="square" size={40} src={team.avatar || undefined} icon={<TeamOutlined />} />
        <div className="tm-card-title">
          <Typography.Text strong ellipsis={{ tooltip: team.name }}>
            {team.name}
          </Typography.Text>
          <RoleTag role={team.role} />
        </div>
      </div>
      <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} className="tm-card-remark">
        {team.remark || t('wsTeams.noRemark')}
      </Typography.Paragraph>
      <Typography.Text type="secondary" className="tm-card-count">
        <UserOutlined /> {t('wsTeams.memberCount', { count: team.memberCount })}
      </Typography.Text>
    </Card>
  );
}
