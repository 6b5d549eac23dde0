/**
 * The members in a group's settings: each with picture, name, role and whether they are online
 * (AI members marked AI), and a menu with what the caller may do to them (group-roles.ts
 * `memberActions`): the owner makes a person deputy or plain member, hands the group over (after a
 * confirm; the owner then becomes a deputy) and removes members; a deputy removes plain members.
 * An AI member shows its price of a reply; its owner (whom the server sends its config) edits it
 * (EditAiDialog.tsx), whatever their role in the group.
 */
import { useState } from 'react';
import { Avatar, Button, Dropdown, List, Tag, Typography } from 'antd';
import { CrownOutlined, DeleteOutlined, EditOutlined, MoreOutlined, UserSwitchOutlined } from '@ant-design/icons';
import { useI18n } from '../../i18n';
import { useAuth } from '../../app/auth';
import { boardApi, type GroupMember, type MyGroup } from './board-api';
import { avatarColor, initials, memberName, memberPicture } from './board-grid';
import { memberActions, type GroupRole } from './group-roles';
import { isOnline, type PresenceMap } from './presence-map';
import { aiPriceText } from './ai-price';
import EditAiDialog from './EditAiDialog';
import { useAppApi } from '../../app/app-api';

interface Props {
  group: MyGroup;
  members: GroupMember[] | null;
  presence: PresenceMap;
  /** After a change: read the members and the board again. */
  onChanged(): void;
}

const ROLE_COLORS: Record<GroupRole, string | undefined> = { owner: 'orange', deputy: 'purple', member: undefined };

export default function SettingsMembers({ group, members, presence, onChanged }: Props) {
  const { t } = useI18n();
  const { modal, message } = useAppApi();
  const me = useAuth().user?.id ?? 0;
  const [editing, setEditing] = useState<GroupMember | null>(null);

  const setRole = async (m: GroupMember, role: GroupRole) => {
    try {
      await boardApi.setRole(group.id, m.userId, role);
      void message.success(t('wsBoard.settings.roleSet'));
      onChanged();
    } catch {
      /* shown by the http client */
    }
  };

  const handOver = (m: GroupMember) =>
    modal.confirm({
      title: t('wsBoard.settings.handOverTitle', { group: group.name, name: memberName(m) }),
      content: t('wsBoard.settings.handOverBody'),
      okText: t('wsBoard.settings.handOverOk'),
      okButtonProps: { 'data-testid': 'board-handover-ok' },
      onOk: () => setRole(m, 'owner'),
    });

  const remove = (m: GroupMember) =>
    modal.confirm({
      title: t('wsBoard.settings.removeTitle', { name: memberName(m) }),
      okText: t('wsBoard.settings.removeOk'),
      okButtonProps: { danger: true, 'data-testid': 'board-remove-ok' },
      onOk: async () => {
        await boardApi.removeMembers([m.id]);
        void message.success(t('wsBoard.settings.removed'));
        onChanged();
      },
    });

  const menuOf = (m: GroupMember) => {
    const can = memberActions(group.role, me, m);
    const items = [
      ...(m.userType === 1 && m.config
        ? [{ key: 'edit', icon: <EditOutlined />, label: t('wsBoard.aiEdit.edit'), 'data-testid': 'board-member-edit-ai', onClick: () => setEditing(m) }]
        : []),
      ...can.roles.map((r) => ({
        key: r,
        icon: <UserSwitchOutlined />,
        label: r === 'deputy' ? t('wsBoard.settings.makeDeputy') : t('wsBoard.settings.makeMember'),
        'data-testid': `board-member-role-${r}`,
        onClick: () => void setRole(m, r),
      })),
      ...(can.handOver
        ? [{ key: 'owner', icon: <CrownOutlined />, label: t('wsBoard.settings.handOver'), 'data-testid': 'board-member-handover', onClick: () => handOver(m) }]
        : []),
      ...(can.remove
        ? [
            {
              key: 'remove',
              icon: <DeleteOutlined />,
              danger: true,
              label: t('wsBoard.settings.remove'),
              'data-testid': 'board-member-remove',
              onClick: () => remove(m),
            },
          ]
        : []),
    ];
    return items;
  };

  return (
    <>
      <List
        loading={members === null}
        dataSource={members ?? []}
        rowKey="id"
        data-testid="board-settings-members"
        renderItem={(m) => {
          const name = memberName(m);
          const items = menuOf(m);
          const online = isOnline(presence, m);
          return (
            <List.Item
              data-testid={`board-member-${m.userId}`}
              actions={
                items.length
                  ? [
                      <Dropdown key="more" menu={{ items }} trigger={['click']} placement="bottomRight">
                        <Button
                          type="text"
                          size="small"
                          icon={<MoreOutlined />}
                          aria-label={t('wsBoard.settings.memberMenu')}
                          data-testid={`board-member-menu-${m.userId}`}
                        />
                      </Dropdown>,
                    ]
                  : []
              }
            >
              <List.Item.Meta
                avatar={
                  <span className="board-member-face">
                    <Avatar src={memberPicture(m)} style={{ background: avatarColor(m.userId) }}>
                      {initials(name)}
                    </Avatar>
                    {m.userType !== 1 && (
                      <span className={`board-dot${online ? ' on' : ''}`} aria-label={online ? t('wsBoard.tile.online') : t('wsBoard.tile.offline')} />
                    )}
                  </span>
                }
                title={
                  <span className="board-member-title">
                    <Typography.Text ellipsis>{name}</Typography.Text>
                    {m.userId === me && <Typography.Text type="secondary">({t('wsBoard.settings.you')})</Typography.Text>}
                  </span>
                }
                description={
                  <span>
                    <Tag color={ROLE_COLORS[m.role]} data-testid="board-member-role">
                      {t(`wsBoard.role.${m.role}`)}
                    </Tag>
                    {m.userType === 1 && <Tag color="geekblue">{t('wsBoard.tile.ai')}</Tag>}
                    {m.userType === 1 && m.price !== undefined && (
                      <Tag color={m.price === null ? 'default' : 'gold'} data-testid="board-member-price">
                        {aiPriceText(t, m.price)}
                      </Tag>
                    )}
                  </span>
                }
              />
            </List.Item>
          );
        }}
      />
      {editing && <EditAiDialog member={editing} onClose={() => setEditing(null)} onSaved={onChanged} />}
    </>
  );
}
