/**
 * The workbench's Chats section (`/workbench?tab=chats&to=1-7`): the conversation list beside the
 * selected conversation on wide screens; on phones (<= 640 px) the list or the conversation, full
 * width, with a back arrow. Selecting a conversation changes `?to=` (a history entry, so the
 * browser's back returns to the list on phones).
 *
 * Decisions the spec leaves open:
 * - A `to=` not in the list (a first chat from a friend's card) opens all the same and is listed
 *   first while it holds no message (the store lists empty conversations last).
 * - With no conversation at all, the list side says so and points to Friends.
 */
import { useEffect, useMemo } from 'react';
import { Button, Empty } from 'antd';
import { MessageOutlined, UsergroupAddOutlined } from '@ant-design/icons';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useI18n } from '../../i18n';
import { useAuth } from '../../app/auth';
import { keyOf } from './chat-conversation';
import type { Target } from '../../app/socket';
import { chatPath, tabPath, targetOf } from '../nav';
import { useChat, useConversations } from '../realtime';
import ChatPanel from './ChatPanel';
import ConversationList from './ConversationList';
import { REFRESH_MS, useDirectory } from './use-directory';
import { useNarrow } from './use-view';
import './chat.css';

function NoConversations() {
  const { t } = useI18n();
  const navigate = useNavigate();
  return (
    <div className="chat-view-empty" data-testid="chat-no-conversations">
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('wsChat.empty')}>
        <p className="chat-muted">{t('wsChat.emptyHint')}</p>
        <Button type="primary" icon={<UsergroupAddOutlined />} onClick={() => navigate(tabPath('friends'))} data-testid="chat-go-friends">
          {t('wsChat.goFriends')}
        </Button>
      </Empty>
    </div>
  );
}

export default function ChatsView() {
  const { t } = useI18n();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const narrow = useNarrow();
  const me = useAuth().user?.id ?? 0;
  const chat = useChat();
  const dir = useDirectory();
  const { list } = useConversations();
  const selected = targetOf(search);
  const selectedKey = selected ? keyOf(selected) : '';

  useEffect(() => {
    void dir?.ensureGroups(REFRESH_MS);
  }, [dir]);

  const rows = useMemo(() => {
    if (!selected || !chat) return list;
    const held = list.find((c) => c.key === selectedKey);
    if (held?.messages.length) return list;
    return [held ?? chat.conversation(selected), ...list.filter((c) => c !== held)];
  }, [list, selectedKey, chat]); // selectedKey names selected

  const select = (target: Target) => navigate(chatPath(target));
  const back = () => navigate(tabPath('chats'));
  const showList = !narrow || !selected;
  const showPanel = !narrow || !!selected;

  return (
    <div className={narrow ? 'chat-view narrow' : 'chat-view'} data-testid="chats-view">
      {showList && (
        <aside className="chat-view-list">
          <div className="chat-view-title">
            <MessageOutlined /> <span>{t('wsChat.title')}</span>
          </div>
          {rows.length ? <ConversationList list={rows} selected={selected} me={me} chat={chat} dir={dir} onSelect={select} /> : <NoConversations />}
        </aside>
      )}
      {showPanel && (
        <div className="chat-view-panel">
          {selected ? (
            <ChatPanel key={selectedKey} target={selected} at={Number(search.get('seq')) || undefined} onBack={narrow ? back : undefined} />
          ) : (
            <div className="chat-view-empty" data-testid="chat-pick">
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('wsChat.pick')} />
            </div>
          )}
        </div>
      )}
    </div>
  );
}
