/**
 * What a tile opens, one at a time: the chat drawer, the settings drawer, and the add people,
 * add AI member and move dialogs. The group is looked up in the board's current list, so a group
 * that is gone (left, deleted) closes what was open for it.
 */
import type { MyGroup } from './board-api';
import type { TileAction } from './group-roles';
import type { PresenceMap } from './presence-map';
import type { Board } from './use-board';
import AddAiDialog from './AddAiDialog';
import AddPeopleDialog from './AddPeopleDialog';
import ChatDrawer from './ChatDrawer';
import GroupSettingsDrawer from './GroupSettingsDrawer';
import MoveGroupDialog from './MoveGroupDialog';

export interface Opened {
  kind: Exclude<TileAction, 'leave' | 'delete'>;
  groupId: number;
}

interface Props {
  opened: Opened | null;
  board: Board;
  presence: PresenceMap;
  onClose(): void;
}

export default function BoardDialogs({ opened, board, presence, onClose }: Props) {
  const group: MyGroup | undefined = opened ? board.groups?.find((g) => g.id === opened.groupId) : undefined;
  if (!opened || !group || !board.desktops) return null;
  const reload = () => void board.reload();
  switch (opened.kind) {
    case 'chat':
      return <ChatDrawer group={group} onClose={onClose} />;
    case 'settings':
      return <GroupSettingsDrawer group={group} version={board.version} presence={presence} onChanged={reload} onClose={onClose} />;
    case 'addPeople':
      return <AddPeopleDialog group={group} onClose={onClose} onAdded={reload} />;
    case 'addAi':
      return <AddAiDialog group={group} onClose={onClose} onAdded={reload} />;
    case 'move':
      return <MoveGroupDialog group={group} desktops={board.desktops} onMove={board.moveGroupTo} onClose={onClose} />;
  }
}
