/**
 * A group's chat over the board: a right-side drawer (full width on phones) holding the shared
 * ChatPanel, which brings its own header (name, member count, close). The drawer therefore has no
 * header of its own; a slim bar above the panel links to the same conversation on the Chats tab.
 */
import { useMemo } from 'react';
import { Drawer, Grid } from 'antd';
import { ExportOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import { useI18n } from '../../i18n';
import ChatPanel from '../chat/ChatPanel';
import { chatPath } from '../nav';
import type { MyGroup } from './board-api';

export default function ChatDrawer({ group, onClose }: { group: MyGroup; onClose(): void }) {
  const { t } = useI18n();
  const screens = Grid.useBreakpoint();
  const target = useMemo(() => ({ toType: 1 as const, toId: group.id }), [group.id]);
  return (
    <Drawer
      open
      closable={false}
      width={screens.md ? 520 : '100%'}
      onClose={onClose}
      className="board-chat-drawer"
      data-testid="board-chat"
      aria-label={group.name}
    >
      <div className="board-chat-bar">
        <Link to={chatPath(target)} data-testid="board-chat-open-in-chats">
          <ExportOutlined /> {t('wsBoard.chat.openInChats')}
        </Link>
      </div>
      <div className="board-chat-panel">
        <ChatPanel target={target} title={group.name} onClose={onClose} />
      </div>
    </Drawer>
  );
}
