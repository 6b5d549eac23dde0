/**
 * What a tile opens, one at a time: the chat drawer, the settings drawer, and the add people,
 * add AI member and move dialogs. The group is looked up in the board's current list, so a group
 * that is gone (left, deleted) closes what was open for it.
 */
import { lazy, Suspense } from 'react';
import type { MyGroup } from './board-api';
import type { TileAction } from './group-roles';
import type { PresenceMap } from './presence-map';
import type { Board } from './use-board';
// Loaded on first use: the board's first paint needs none of them (forms, lists, the chat panel).
const AddAiDialog = lazy(() => import('./AddAiDialog'));
const AddPeopleDialog = lazy(() => import('./AddPeopleDialog'));
const ChatDrawer = lazy(() => import('./ChatDrawer'));
const GroupSettingsDrawer = lazy(() => import('./GroupSettingsDrawer'));
const MoveGroupDialog = lazy(() => import('./MoveGroupDialog'));

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
  return <Suspense fallback={null}>{dialog(opened, group, board, presence, onClose, reload)}</Suspense>;
}

function dialog(opened: Opened, group: MyGroup, board: Board, presence: PresenceMap, onClose: () => void, reload: () => void) {
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
      return <MoveGroupDialog group={group} desktops={board.desktops ?? []} onMove={board.moveGroupTo} onClose={onClose} />;
  }
}
