/**
 * One conversation: header, connection banner, the message list and the composer. Used by the
 * Chats section and, in a drawer, by the board; it fills the height its container gives it.
 *
 *   <ChatPanel target={{ toType: 1, toId: 7 }} onClose={close} />
 *
 * Decisions the spec leaves open:
 * - `title`, when given, wins over the looked-up name (the board knows the group's name already).
 * - The conversation is marked read while the panel shows and the page is visible, whenever it
 *   holds messages past the read mark (a failed mark is sent again after a reconnect, when the
 *   server's unread count comes back).
 * - "My AI runs" (the member's own conversation) shows a note leading to the AI apps instead of
 *   the composer: nothing typed there would reach anyone.
 * - While the connection is not online a banner says so; sending still works the store's way
 *   (a failed entry with Retry), so nothing typed is lost.
 */
import { useEffect } from 'react';
import { Alert } from 'antd';
import { useI18n } from '../../i18n';
import type { ChatStore } from './chat-store';
import type { Conversation } from './chat-conversation';
import type { RealtimeStatus, Target } from '../../app/socket';
import { useAuth } from '../../app/auth';
import { useChat, useConversation, useRealtimeStatus } from '../realtime';
import { isOwnRuns } from './chat-format';
import ChatHeader from './ChatHeader';
import Composer from './Composer';
import MessageList from './MessageList';
import RunsNote from './RunsNote';
import { useDirectory, useTargetInfo } from './use-directory';
import { useHistory } from './use-history';
import { usePeople } from './use-people';
import { usePageVisible } from './use-view';
import './chat-panel.css';

export interface ChatPanelProps {
  target: Target;
  title?: string;
  onClose?: () => void;
  /** A back arrow before the title (the Chats section on phones). */
  onBack?: () => void;
}

function useMarkRead(chat: ChatStore | null, c: Conversation | null): void {
  const visible = usePageVisible();
  const top = c?.messages.at(-1)?.seq ?? 0;
  const behind = !!c && (top > c.readSeq || c.unread > 0);
  useEffect(() => {
    if (chat && c && visible && behind) chat.markRead(c.target).catch(() => undefined); // sent again after a reconnect
  }, [chat, c, visible, behind]);
}

function OfflineBanner({ status }: { status: RealtimeStatus }) {
  const { t } = useI18n();
  if (status.state === 'online') return null;
  const refused = status.state === 'offline' && status.reason === 'refused';
  return (
    <Alert
      className="chat-banner"
      type={refused ? 'error' : 'warning'}
      showIcon
      banner
      message={refused ? t('wsChat.refusedBanner') : t('wsChat.offlineBanner')}
      description={refused ? undefined : <span className="chat-banner-hint">{t('wsChat.offlineHint')}</span>}
      data-testid="chat-offline"
      data-state={status.state}
    />
  );
}

export default function ChatPanel({ target, title, onClose, onBack }: ChatPanelProps) {
  const { t } = useI18n();
  const chat = useChat();
  const me = useAuth().user?.id ?? 0;
  const conversation = useConversation(target);
  const status = useRealtimeStatus();
  const dir = useDirectory();
  const isGroup = target.toType === 1;
  useTargetInfo(dir, target, isGroup);
  const messages = conversation?.messages ?? [];
  const people = usePeople(dir, target, messages);
  const history = useHistory(chat, target);
  useMarkRead(chat, conversation);

  const group = isGroup ? dir?.group(target.toId) : undefined;
  const profile = !isGroup ? dir?.user(target.toId) : undefined;
  const runs = isOwnRuns(target, me);
  const shownTitle =
    title ||
    (isGroup
      ? group?.name || t('wsChat.groupName', { id: target.toId })
      : runs
        ? t('wsChat.runsTitle')
        : profile?.name || t('wsChat.userName', { id: target.toId }));
  const key = `${target.toType}-${target.toId}`;

  return (
    <section className="chat-panel" data-testid="chat-panel" data-to={key}>
      <ChatHeader
        title={shownTitle}
        avatar={isGroup ? (group?.avatar ?? undefined) : profile?.avatar}
        isGroup={isGroup}
        runs={runs}
        memberCount={isGroup ? dir?.memberCount(target.toId) : undefined}
        online={isGroup ? undefined : dir?.online(target.toId)}
        onBack={onBack}
        onClose={onClose}
      />
      <OfflineBanner status={status} />
      {conversation && (
        <MessageList
          key={key}
          conversation={conversation}
          history={history}
          people={people}
          isGroup={isGroup}
          ownRuns={runs}
          onRetry={(id) => void chat?.retry(id)}
        />
      )}
      {runs ? (
        <RunsNote />
      ) : (
        <Composer
          key={`${key}-${chat ? 'on' : 'off'}`}
          chat={chat}
          target={target}
          isGroup={isGroup}
          people={people}
          avatarOf={(id) => people.senderOf(id).avatar}
        />
      )}
    </section>
  );
}
