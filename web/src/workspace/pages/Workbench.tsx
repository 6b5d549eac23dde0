/**
 * `/workbench`: the member's home. One page with four sections (`?tab=board|chats|friends|teams`),
 * each loaded on first use, inside the workspace frame.
 */
import { lazy } from 'react';
import { useSearchParams } from 'react-router-dom';
import WorkspaceLayout from '../WorkspaceLayout';
import { tabOf, type Tab } from '../nav';
import '../../i18n/workspace-texts';

const VIEWS: Record<Tab, ReturnType<typeof lazy>> = {
  board: lazy(() => import('../board/BoardView')),
  chats: lazy(() => import('../chat/ChatsView')),
  friends: lazy(() => import('../social/FriendsView')),
  teams: lazy(() => import('../teams/TeamsView')),
};

export default function Workbench() {
  const [search] = useSearchParams();
  const tab = tabOf(search);
  const View = VIEWS[tab];
  return (
    <WorkspaceLayout active={tab} wide={tab === 'board' || tab === 'chats'}>
      <View />
    </WorkspaceLayout>
  );
}
