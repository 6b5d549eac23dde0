/** The teams a person belongs to (member-only call: the page shows this to signed-in visitors). */
import { useEffect, useState } from 'react';
import { Avatar, Card, Tag, Typography } from 'antd';
import { TeamOutlined } from '@ant-design/icons';
import { useI18n } from '../../../i18n';
import { peopleCalls, type PublicTeam } from '../social-calls';

export default function PersonTeams({ userId }: { userId: number }) {
  const { t } = useI18n();
  const [teams, setTeams] = useState<PublicTeam[] | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    setTeams(null);
    setFailed(false);
    peopleCalls.teams(userId).then(
      (list) => live && setTeams(Array.isArray(list) ? list : []),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [userId]);

  return (
    <Card size="small" title={t('wsSocial.person.teams')} loading={!teams && !failed} data-testid="person-teams">
      {failed && <div className="soc-empty">{t('wsSocial.loadFailed')}</div>}
      {teams && teams.length === 0 && <div className="soc-empty">{t('wsSocial.person.noTeams')}</div>}
      {teams && teams.length > 0 && (
        <div className="soc-teams">
          {teams.map((team) => (
            <div className="soc-team" key={team.id} data-testid="person-team">
              <Avatar shape="square" src={team.avatar || undefined} icon={<TeamOutlined />} />
              <div>
                <Typography.Text strong ellipsis style={{ display: 'block' }}>
                  {team.name || `#${team.id}`}
                </Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {t('wsSocial.person.members', { count: Number(team.memberCount ?? 0) })}
                </Typography.Text>{' '}
                {team.role && team.role !== 'member' && <Tag>{t(`wsSocial.person.role.${team.role === 'owner' ? 'owner' : 'deputy'}`)}</Tag>}
              </div>
            </div>
          ))}
        </div>
      )}
    </Card>
  );
}
