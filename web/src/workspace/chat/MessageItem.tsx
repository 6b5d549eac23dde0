/**
 * One row of the message list: a stored message (a bubble, own ones on the right), a team notice
 * (a card across the list), or one of the member's outgoing messages (sending, or failed with the
 * reason and Retry).
 *
 * Decisions the spec leaves open:
 * - The sender's avatar and name show once per run (see message-groups.ts); the name only in
 *   groups, where it can be anyone, with an AI tag for AI members.
 * - A message that mentions the signed-in member is marked with a coloured edge.
 * - Each bubble's full date and time is its native title (no hover popup that a tap on a phone
 *   would leave open); the run's first message shows the time.
 * - A reply shows a quote of what it answers above its text (the held copy when there is one, so
 *   an edit or a recall shows at once; else the server's quote); pressing it jumps there.
 * - An edited message says "edited" (the time in its title); a recalled one is a line across the
 *   list ("Ann recalled a message") with nothing of what it said.
 */
import { memo, type ComponentType, type ReactNode } from 'react';
import { Avatar, Button, Tag } from 'antd';
import { ExclamationCircleFilled, LoadingOutlined, NotificationOutlined, PushpinFilled, RobotOutlined, UserOutlined } from '@ant-design/icons';
import { useI18n } from '../../i18n';
import type { ChatMessage } from '../../app/socket';
import type { Outgoing } from './chat-conversation';
import { contentText, messageTime, timeOf } from './chat-format';
import { splitMentions } from './mentions';
import type { Sender } from './use-people';
import { isAttachment } from './chat-attachment';
import ChatAttachment from './ChatAttachment';
import MessageSources, { sourcesOf } from './MessageSources';
import AnswerTools, { hasTools } from './AnswerTools';

function Content({ content, names }: { content: unknown; names: readonly string[] }) {
  const shown = contentText(content);
  if (shown.raw) return <pre className="chat-raw">{shown.text}</pre>;
  return (
    <>
      {splitMentions(shown.text, names).map((p, i) =>
        p.mention ? (
          <span key={i} className="chat-mention">
            {p.text}
          </span>
        ) : (
          <span key={i}>{p.text}</span>
        ),
      )}
    </>
  );
}

/** An AI member's answer its asker stopped while it streamed (`{ text, stopped: true }`). */
function isStopped(content: unknown): boolean {
  return !!content && typeof content === 'object' && (content as { stopped?: unknown }).stopped === true;
}

function fullTime(iso: unknown): string | undefined {
  const ms = timeOf(iso);
  return ms === null ? undefined : new Date(ms).toLocaleString();
}

export function SenderAvatar({ sender, size = 32 }: { sender: Sender; size?: number }) {
  const initial = sender.name ? [...sender.name][0].toUpperCase() : undefined;
  return (
    <Avatar
      size={size}
      src={sender.avatar}
      icon={initial ? undefined : sender.ai ? <RobotOutlined /> : <UserOutlined />}
      className={sender.ai ? 'chat-avatar chat-avatar-ai' : 'chat-avatar'}
    >
      {initial}
    </Avatar>
  );
}

export interface MessageItemProps {
  message: ChatMessage;
  head: boolean;
  mine: boolean;
  sender: Sender;
  showName: boolean;
  mentionNames: readonly string[];
  mentionsMe: boolean;
  now: number;
  /** Under the member's last message in a private chat. */
  receipt?: 'read' | 'sent';
  /** An AI member's answer: the run whose receipt `RunReceipt` (the runs' link, loaded apart) opens. */
  runId?: number;
  RunReceipt?: ComponentType<{ runId: number }>;
  /** The "⋯" menu (MessageActions), built by the list. */
  actions?: ReactNode;
  /** The reactions under the bubble (ReactionBar). */
  reactions?: ReactNode;
  /** What the quote of a reply shows: who and what (null: recalled), and where it jumps. */
  quote?: { name: string; text: string | null; seq: number } | null;
  onQuote?: (seq: number) => void;
  /** "Seen by N" under the member's last message in a group. */
  seenBy?: string;
  /** Just jumped to: flashes once. */
  flash?: boolean;
  /** The signed-in member (who may confirm the writes an AI member proposed to them). */
  me?: number;
}

export interface QuoteView {
  name: string;
  text: string | null;
  seq: number;
}

function ReplyQuote({ quote, onQuote }: { quote: QuoteView; onQuote?: (seq: number) => void }) {
  const { t } = useI18n();
  return (
    <button type="button" className="chat-quote" onClick={() => onQuote?.(quote.seq)} data-testid="chat-quote" data-seq={quote.seq}>
      <span className="chat-quote-name">{quote.name}</span>
      <span className={quote.text === null ? 'chat-quote-text recalled' : 'chat-quote-text'}>{quote.text ?? t('wsChatActions.recalledQuote')}</span>
    </button>
  );
}

/** A recalled message: a line across the list saying who recalled it, nothing of what it said. */
export const RecalledLine = memo(function RecalledLine({ message, text }: { message: ChatMessage; text: string }) {
  return (
    <div className="chat-recalled" data-testid="chat-recalled" data-seq={message.seq} data-id={message.id}>
      <span>{text}</span>
    </div>
  );
});

export const MessageItem = memo(function MessageItem(p: MessageItemProps) {
  const { t } = useI18n();
  const time = messageTime(p.message.createTime, p.now);
  return (
    <div
      className={`chat-msg${p.mine ? ' mine' : ''}${p.head ? ' head' : ''}${p.flash ? ' chat-flash' : ''}`}
      data-testid="chat-message"
      data-seq={p.message.seq}
      data-id={p.message.id}
      data-mine={p.mine ? '1' : '0'}
      data-pinned={p.message.pinTime ? '1' : '0'}
    >
      {!p.mine && <div className="chat-msg-avatar">{p.head && <SenderAvatar sender={p.sender} />}</div>}
      <div className="chat-msg-body">
        {p.head && (
          <div className="chat-msg-meta">
            {p.showName && !p.mine && <span className="chat-msg-name">{p.sender.name}</span>}
            {p.showName && !p.mine && p.sender.ai && (
              <Tag color="purple" bordered={false} className="chat-ai-tag">
                {t('wsChat.ai')}
              </Tag>
            )}
            <span className="chat-msg-time">{time}</span>
          </div>
        )}
        <div className="chat-bubble-row">
          <div className={`chat-bubble${p.mentionsMe ? ' chat-bubble-at-me' : ''}`} title={fullTime(p.message.createTime)} data-testid="chat-bubble">
            {p.quote && <ReplyQuote quote={p.quote} onQuote={p.onQuote} />}
            {isAttachment(p.message.type) ? <ChatAttachment message={p.message} /> : <Content content={p.message.content} names={p.mentionNames} />}
            {!!p.message.editTime && (
              <span className="chat-edited" title={t('wsChatActions.editedAt', { time: fullTime(p.message.editTime) ?? '' })} data-testid="chat-edited">
                {t('wsChatActions.edited')}
              </span>
            )}
            {isStopped(p.message.content) && (
              <span className="chat-edited chat-stopped" title={t('wsChatActions.stoppedAnswerHint')} data-testid="chat-stopped">
                {t('wsChatActions.stoppedAnswer')}
              </span>
            )}
            {!!p.message.pinTime && <PushpinFilled className="chat-pin-mark" aria-label={t('wsChatActions.pinned')} data-testid="chat-pin-mark" />}
          </div>
          {p.actions}
        </div>
        {/* An AI member's answer from the group's knowledge: the sources it cites; with tools: the calls and proposals. */}
        <MessageSources sources={sourcesOf(p.message.content)} onOpenMessage={p.onQuote} />
        {p.me !== undefined && hasTools(p.message.content) && <AnswerTools content={p.message.content} me={p.me} askerId={null} />}
        {p.reactions}
        {!!p.runId && p.RunReceipt && <p.RunReceipt runId={p.runId} />}
        {p.receipt && (
          <div className="chat-receipt" data-testid="chat-receipt" data-state={p.receipt}>
            {p.receipt === 'read' ? t('wsChat.read') : t('wsChat.sent')}
          </div>
        )}
        {p.seenBy && (
          <div className="chat-receipt" data-testid="chat-seen-by">
            {p.seenBy}
          </div>
        )}
      </div>
    </div>
  );
});

export const NoticeCard = memo(function NoticeCard({ message, sender, now }: { message: ChatMessage; sender: Sender; now: number }) {
  const { t } = useI18n();
  return (
    <div className="chat-notice" data-testid="chat-notice" data-seq={message.seq}>
      <div className="chat-notice-head">
        <NotificationOutlined />
        <span className="chat-notice-tag">{t('wsChat.noticeTag')}</span>
        <span className="chat-notice-from">{sender.name}</span>
        <span className="chat-msg-time">{messageTime(message.createTime, now)}</span>
      </div>
      <div className="chat-notice-body">
        <Content content={message.content} names={[]} />
      </div>
    </div>
  );
});

export function OutgoingItem({ item, onRetry }: { item: Outgoing; onRetry: (clientId: string) => void }) {
  const { t } = useI18n();
  const reason = item.error === 'offline' ? t('wsChat.reasonOffline') : item.error === 'timeout' ? t('wsChat.reasonTimeout') : (item.error ?? '');
  return (
    <div className={`chat-msg mine chat-out chat-out-${item.state}`} data-testid="chat-outgoing" data-state={item.state} data-client-id={item.clientId}>
      <div className="chat-msg-body">
        <div className="chat-bubble">{isAttachment(item.type) ? <ChatAttachment message={item} /> : <Content content={item.content} names={[]} />}</div>
        {item.state === 'sending' && (
          <div className="chat-out-state">
            <LoadingOutlined /> {t('wsChat.sending')}
          </div>
        )}
        {item.state === 'failed' && (
          <div className="chat-out-state chat-out-failed">
            <ExclamationCircleFilled />
            <span data-testid="chat-failed-reason">{t('wsChat.failed', { reason })}</span>
            <Button size="small" type="link" danger onClick={() => onRetry(item.clientId)} data-testid="chat-retry">
              {t('wsChat.retry')}
            </Button>
          </div>
        )}
      </div>
    </div>
  );
}
