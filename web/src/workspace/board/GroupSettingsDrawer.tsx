/**
 * A group's settings, in a right-side drawer (full width on phones): the card (SettingsCard), a
 * team's invite link, and the members (SettingsMembers). Every change reloads the board, since the
 * caller's role, the member count or the grid may have changed with it.
 */
import { Divider, Drawer, Grid, Typography } from 'antd';
import { useI18n } from '../../i18n';
import type { MyGroup } from './board-api';
import type { PresenceMap } from './presence-map';
import { useGroupMembers } from './use-group-members';
import InviteLink from './InviteLink';
import SettingsCard from './SettingsCard';
import SettingsMembers from './SettingsMembers';
import GroupKnowledge from './GroupKnowledge';
import '../../i18n/knowledge-texts';

interface Props {
  group: MyGroup;
  version: number;
  presence: PresenceMap;
  onChanged(): void;
  onClose(): void;
}

export default function GroupSettingsDrawer({ group, version, presence, onChanged, onClose }: Props) {
  const { t } = useI18n();
  const screens = Grid.useBreakpoint();
  const { members, reload } = useGroupMembers(group.id, version);
  return (
    <Drawer open title={`${t('wsBoard.settings.title')} · ${group.name}`} width={screens.md ? 520 : '100%'} onClose={onClose} data-testid="board-settings">
      <Typography.Title level={5} className="board-first-title">
        {t('wsBoard.settings.card')}
      </Typography.Title>
      <SettingsCard group={group} onSaved={onChanged} />
      {group.type === 2 && group.key && (
        <>
          <Divider />
          <Typography.Title level={5}>{t('wsBoard.invite.link')}</Typography.Title>
          <InviteLink teamKey={group.key} />
        </>
      )}
      <Divider />
      <Typography.Title level={5}>{t('wsKnowledge.title')}</Typography.Title>
      <GroupKnowledge groupId={group.id} />
      <Divider />
      <Typography.Title level={5}>
        {t('wsBoard.settings.members')} ({members?.length ?? group.memberCount})
      </Typography.Title>
      <SettingsMembers
        group={group}
        members={members}
        presence={presence}
        onChanged={() => {
          reload();
          onChanged();
        }}
      />
    </Drawer>
  );
}
