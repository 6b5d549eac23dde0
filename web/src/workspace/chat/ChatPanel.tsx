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
 * - Replying, editing, recalling (after a confirmation), reacting and pinning start from a
 *   message's "⋯" menu; a refusal shows the server's reason. Pins show in a bar under the header;
 *   who is typing shows above the box; the header mutes the conversation.
 */
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Alert, Button, Tooltip } from 'antd';
import { BellOutlined, SearchOutlined, VerticalAlignTopOutlined } from '@ant-design/icons';
import { chatPath } from '../nav';
import { keyOf } from './chat-conversation';
import { MutedIcon } from './MutedIcon';
import type { ChatMessage } from '../../app/socket';
import type { MessageAction } from './MessageActions';
import PinnedBar from './PinnedBar';
import TypingLine from './TypingLine';
import { seenCount, usePins, useReaders } from './use-chat-extras';
import { contentText } from './chat-format';
import { useI18n } from '../../i18n';
import type { ChatStore } from './chat-store';
import type { Conversation } from './chat-conversation';
import type { RealtimeStatus, Target } from '../../app/socket';
import { useAuth } from '../../app/auth';
import { useChat, useConversation, useRealtimeStatus } from '../realtime';
import { isOwnRuns } from './chat-format';
import ChatHeader from './ChatHeader';
import { ChatMemoryButton } from './ChatMemory';
import Composer from './Composer';
import MessageList from './MessageList';
import RunsNote from './RunsNote';
import { useDirectory, useTargetInfo } from './use-directory';
import { useHistory } from './use-history';
import { usePeople } from './use-people';
import { usePageVisible } from './use-view';
import './chat-panel.css';
import { useAppApi } from '../../app/app-api';

export interface ChatPanelProps {
  target: Target;
  title?: string;
  onClose?: () => void;
  /** A back arrow before the title (the Chats section on phones). */
  onBack?: () => void;
  /** Open at this message (a search result in another conversation: `seq` of the chat's address). */
  at?: number;
}

// The search panel comes with its first use.
const ChatSearch = lazy(() => import('./ChatSearch'));

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

export default function ChatPanel({ target, title, onClose, onBack, at }: ChatPanelProps) {
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
  // The read mark the panel opened with: the "new messages" line and the jump to it.
  const [openedAt] = useState(() => ({ readSeq: conversation?.readSeq ?? 0, unread: conversation?.unread ?? 0 }));
  useMarkRead(chat, conversation);
  const { message, modal } = useAppApi();
  const [reply, setReply] = useState<ChatMessage | null>(null);
  const [editing, setEditing] = useState<ChatMessage | null>(null);
  const [jump, setJump] = useState<{ seq: number } | null>(() => (at ? { seq: at } : null));
  const [searching, setSearching] = useState(false);
  const navigate = useNavigate();
  const openFound = (found: Target, seq: number) => {
    setSearching(false);
    if (keyOf(found) === keyOf(target)) setJump({ seq });
    else navigate(`${chatPath(found)}&seq=${seq}`);
  };
  const [showFirstUnread, setShowFirstUnread] = useState(openedAt.unread > 0);
  const lastSeq = messages.at(-1)?.seq;
  const readers = useReaders(target, lastSeq);
  const { pins, reload: reloadPins } = usePins(target, me);
  const myRole = isGroup ? dir?.member(target.toId, me)?.role : undefined;
  const leads = myRole === 'owner' || myRole === 'deputy';
  const canPin = !isGroup || leads;
  const failed = useCallback(
    (err: unknown) => void message.error(t('wsChatActions.failed', { reason: err instanceof Error ? err.message : String(err) })),
    [message, t],
  );
  const onJump = useCallback((seq: number) => setJump({ seq }), []);
  const onReact = useCallback(
    (m: ChatMessage, emoji: Parameters<NonNullable<typeof chat>['react']>[1], on: boolean) => {
      chat?.react(m, emoji, on).catch(failed);
    },
    [chat, failed],
  );
  const onAction = useCallback(
    (action: MessageAction, m: ChatMessage) => {
      if (!chat) return;
      if (action === 'reply') {
        setEditing(null);
        setReply(m);
      } else if (action === 'edit') {
        setReply(null);
        setEditing(m);
      } else if (action === 'copy') {
        void navigator.clipboard?.writeText(contentText(m.content).text).then(() => message.success(t('wsChatActions.copied')), failed);
      } else if (action === 'pin' || action === 'unpin') {
        chat.pin(m, action === 'pin').then(reloadPins, failed);
      } else if (action === 'recall') {
        modal.confirm({
          title: t('wsChatActions.recallConfirm'),
          okText: t('wsChatActions.recallOk'),
          okButtonProps: { danger: true, ...({ 'data-testid': 'chat-recall-ok' } as Record<`data-${string}`, string>) },
          cancelText: t('wsChatActions.cancel'),
          onOk: () => chat.recall(m).catch(failed),
        });
      }
    },
    [chat, failed, message, modal, reloadPins, t],
  );
  const editLast = useCallback(() => {
    const mine = [...messages].reverse().find((m) => Number(m.fromId) === me && !m.recallTime && (Number(m.type ?? 0) || 0) === 0);
    if (mine) {
      setReply(null);
      setEditing(mine);
    }
  }, [messages, me]);
  const memberCount = isGroup ? dir?.memberCount(target.toId) : undefined;
  const seenBy = useMemo(
    () => (m: ChatMessage) => {
      const n = seenCount(readers, m);
      if (!n) return undefined;
      return memberCount !== undefined && n >= memberCount - 1 ? t('wsChatActions.seenByAll') : t('wsChatActions.seenBy', { count: n });
    },
    [readers, memberCount, t],
  );
  const muted = !!conversation?.muted;
  const toggleMute = () => {
    chat?.setMuted(target, !muted).then(() => message.info(t(muted ? 'wsChatActions.unmutedDone' : 'wsChatActions.mutedDone')), failed);
  };

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
        extra={
          runs ? null : (
            <>
              <ChatMemoryButton target={target} />
              <Tooltip title={t('wsChatActions.search')}>
                <Button
                  type="text"
                  icon={<SearchOutlined />}
                  onClick={() => setSearching(true)}
                  aria-label={t('wsChatActions.search')}
                  data-testid="chat-search-open"
                />
              </Tooltip>
              <Tooltip title={muted ? t('wsChatActions.unmute') : t('wsChatActions.mute')}>
                <Button
                  type="text"
                  icon={muted ? <MutedIcon /> : <BellOutlined />}
                  onClick={toggleMute}
                  aria-label={muted ? t('wsChatActions.unmute') : t('wsChatActions.mute')}
                  aria-pressed={muted}
                  data-testid="chat-mute"
                  data-muted={muted ? '1' : '0'}
                />
              </Tooltip>
            </>
          )
        }
      />
      {searching && (
        <Suspense fallback={null}>
          <ChatSearch open={searching} target={target} onClose={() => setSearching(false)} onOpen={openFound} />
        </Suspense>
      )}
      <OfflineBanner status={status} />
      <PinnedBar pins={pins} people={people} canPin={canPin} onJump={onJump} onUnpin={(m) => onAction('unpin', m)} />
      {showFirstUnread && openedAt.unread > 0 && (
        <Button
          className="chat-first-unread"
          size="small"
          shape="round"
          icon={<VerticalAlignTopOutlined />}
          onClick={() => {
            setShowFirstUnread(false);
            setJump({ seq: openedAt.readSeq + 1 });
          }}
          data-testid="chat-first-unread"
        >
          {t('wsChatActions.firstUnread')}
        </Button>
      )}
      {conversation && (
        <MessageList
          key={key}
          conversation={conversation}
          history={history}
          people={people}
          isGroup={isGroup}
          ownRuns={runs}
          onRetry={(id) => void chat?.retry(id)}
          onAction={runs ? undefined : onAction}
          onReact={runs ? undefined : onReact}
          canPin={canPin}
          canModerate={leads}
          jump={jump}
          onJump={onJump}
          seenBy={isGroup ? seenBy : undefined}
          unreadAfter={openedAt.unread > 0 ? openedAt.readSeq : undefined}
        />
      )}
      {!runs && <TypingLine chat={chat} target={target} people={people} />}
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
          reply={reply ? { message: reply, name: people.senderOf(Number(reply.fromId)).name } : null}
          editing={editing}
          onCancel={() => {
            setReply(null);
            setEditing(null);
          }}
          onEditLast={editLast}
          onError={failed}
        />
      )}
    </section>
  );
}
