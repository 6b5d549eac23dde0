/**
 * The team's members with their roles and whether they are online. The owner gets a role choice per
 * person: member, deputy, or owner, which hands the team over after a confirmation saying the owner
 * becomes a deputy (`groupMember/setTeamMemberRole`).
 */
import { useState } from 'react';
import { Avatar, Badge, Button, Card, List, Select, Skeleton, Tag, Typography } from 'antd';
import { RobotOutlined, TeamOutlined, UserOutlined } from '@ant-design/icons';
import { useI18n } from '../../i18n';
import { useAuth } from '../../app/auth';
import { calls } from '../../app/data';
import { notify } from '../../app/notify';
import RoleTag from './RoleTag';
import { assignableRoles, memberName, type MyTeam, type TeamMember, type TeamRole } from './team-model';
import { useAppApi } from '../../app/app-api';

export interface TeamMembersProps {
  team: MyTeam;
  /** null while loading. */
  members: TeamMember[] | null;
  failed: boolean;
  reload: () => void;
  onChanged: () => void;
}

export default function TeamMembers({ team, members, failed, reload, onChanged }: TeamMembersProps) {
  const { t } = useI18n();
  const { modal } = useAppApi();
  const me = useAuth().user?.id;
  const [busy, setBusy] = useState<number | null>(null);
  const owner = team.role === 'owner';

  const apply = async (m: TeamMember, role: TeamRole) => {
    setBusy(m.userId);
    try {
      await calls.base.groupMember.setTeamMemberRole({ groupId: team.id, userId: m.userId, role });
      notify('success', role === 'owner' ? t('wsTeams.members.handedOver', { name: memberName(m) }) : t('wsTeams.members.roleSet'));
      reload();
      if (role === 'owner') onChanged();
    } catch {
      /* the server's message was shown; the list still shows the old role */
    } finally {
      setBusy(null);
    }
  };

  const choose = (m: TeamMember, role: TeamRole) => {
    if (role === m.role) return;
    if (role !== 'owner') return void apply(m, role);
    modal.confirm({
      title: t('wsTeams.members.handOverTitle'),
      content: t('wsTeams.members.handOverText', { name: memberName(m), team: team.name }),
      okText: t('wsTeams.members.handOverOk'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: true, ...{ 'data-testid': 'team-handover-ok' } },
      onOk: () => apply(m, 'owner'),
    });
  };

  return (
    <Card
      size="small"
      className="tm-block"
      title={
        <span>
          <TeamOutlined /> {t('wsTeams.members.title')}
        </span>
      }
      extra={members && <Typography.Text type="secondary">{members.length}</Typography.Text>}
      data-testid="team-members"
    >
      {failed && !members ? (
        <Button onClick={reload}>{t('workspace.retry')}</Button>
      ) : !members ? (
        <Skeleton active avatar paragraph={{ rows: 2 }} />
      ) : (
        <List
          dataSource={members}
          locale={{ emptyText: t('workspace.nothing') }}
          renderItem={(m) => {
            const roles = owner && m.userId !== me ? assignableRoles(m) : [];
            return (
              <List.Item className="tm-member" data-testid="team-member" data-user-id={m.userId} data-role={m.role}>
                <div className="tm-member-main">
                  <Badge dot status={m.online ? 'success' : 'default'} offset={[-4, 30]}>
                    <Avatar src={m.headImg || m.avatar || undefined} icon={m.userType === 1 ? <RobotOutlined /> : <UserOutlined />} />
                  </Badge>
                  <div className="tm-member-name">
                    <Typography.Text ellipsis={{ tooltip: memberName(m) }}>{memberName(m)}</Typography.Text>
                    <span className="tm-member-tags">
                      {m.userId === me && <Tag bordered={false}>{t('wsTeams.members.you')}</Tag>}
                      {m.userType === 1 && (
                        <Tag bordered={false} color="purple">
                          {t('wsTeams.members.ai')}
                        </Tag>
                      )}
                    </span>
                  </div>
                </div>
                {roles.length ? (
                  <Select
                    size="small"
                    value={m.role}
                    loading={busy === m.userId}
                    disabled={busy !== null}
                    onChange={(r) => choose(m, r)}
                    options={roles.map((r) => ({ value: r, label: r === 'owner' ? t('wsTeams.members.makeOwner') : t(`wsTeams.role.${r}`) }))}
                    style={{ width: 116 }}
                    popupMatchSelectWidth={false}
                    data-testid="team-member-role"
                    aria-label={t('wsTeams.members.roleLabel')}
                  />
                ) : (
                  <RoleTag role={m.role} />
                )}
              </List.Item>
            );
          }}
        />
      )}
    </Card>
  );
}
