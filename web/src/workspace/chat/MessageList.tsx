/**
 * The scrolling list of one conversation: older pages load when the reader reaches the top (the
 * message they were reading stays in place), new messages follow the reader down only when they
 * are at the bottom, else a "new messages" pill counts them. Mounted once per conversation (the
 * panel keys it), so its scroll state never leaks into another chat.
 *
 * Decisions the spec leaves open:
 * - The member's own new message always scrolls down: they just wrote it.
 * - A first page that does not fill the list loads the next older one at once.
 * - In a private chat the member's last message says "Read" once the other user's read mark
 *   passed it, else "Sent".
 * - AI runs (apps/, loaded apart by chat-runs.ts): their stored messages show as the app's; runs
 *   still answering show their live text at the foot of the list, followed down while the reader is there;
 *   an AI member's stored answer links to its run's receipt.
 * - `jump` scrolls to a message (a quote pressed, a search result, a pin, the first unread),
 *   loading older pages until it is held; the message flashes once there.
 * - A line "New messages" sits above the first message past the read mark the list opened with.
 */
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Button, Empty, Spin } from 'antd';
import { ArrowDownOutlined } from '@ant-design/icons';
import { useI18n } from '../../i18n';
import type { Conversation } from './chat-conversation';
import type { ChatMessage } from '../../app/socket';
import { dayName } from './chat-format';
import { groupMessages, isNotice } from './message-groups';
import { anchoredScrollTop, nearBottom, shouldLoadOlder } from './scroll-keep';
import { MessageItem, NoticeCard, OutgoingItem, RecalledLine, SenderAvatar, type QuoteView } from './MessageItem';
import { MessageActions, ReactionBar, type MessageAction } from './MessageActions';
import type { Reaction } from './chat-store';
import { previewText } from './chat-format';
import { useChatRuns } from '../apps/chat-runs';
import type { History } from './use-history';
import type { People } from './use-people';
import './chat-messages.css';

export interface MessageListProps {
  conversation: Conversation;
  history: History;
  people: People;
  isGroup: boolean;
  /** "My AI runs": an empty list says runs will land here rather than "Say hello!". */
  ownRuns?: boolean;
  onRetry: (clientId: string) => void;
  /** What the member may do with sent messages (left out: nothing, e.g. a read-only view). */
  onAction?: (action: MessageAction, message: ChatMessage) => void;
  onReact?: (message: ChatMessage, emoji: Reaction, on: boolean) => void;
  canPin?: boolean;
  canModerate?: boolean;
  /** Scroll to this message (a new object each time it is asked). */
  jump?: { seq: number } | null;
  /** A quote was pressed: ask for a jump to what it answers. */
  onJump?: (seq: number) => void;
  /** "Seen by N" of the member's own message, or undefined. */
  seenBy?: (message: ChatMessage) => string | undefined;
  /** The read mark the conversation was opened with: a line above the first message after it. */
  unreadAfter?: number;
}

function DayRow({ day, now }: { day: number; now: number }) {
  const { t } = useI18n();
  const d = dayName(day, now);
  return (
    <div className="chat-day" data-testid="chat-day">
      <span>{d.kind === 'date' ? d.date : d.kind === 'today' ? t('wsChat.today') : t('wsChat.yesterday')}</span>
    </div>
  );
}

/** The first message row whose bottom is inside the list, and its distance from the list's top edge. */
function firstVisible(list: HTMLElement): { seq: number; offset: number } | null {
  const top = list.getBoundingClientRect().top;
  for (const node of list.querySelectorAll<HTMLElement>('[data-seq]')) {
    const r = node.getBoundingClientRect();
    if (r.bottom > top) return { seq: Number(node.dataset.seq), offset: r.top - top };
  }
  return null;
}

function mentionNamesOf(m: ChatMessage, people: People): string[] {
  if (!Array.isArray(m.at) || !m.at.length) return [];
  return m.at.map((id) => people.nameOf(Number(id))).filter((n): n is string => !!n);
}

function quoteOf(m: ChatMessage, byId: Map<number, ChatMessage>, people: People): QuoteView | null {
  const replyTo = Number(m.replyTo ?? 0);
  if (!replyTo) return null;
  const held = byId.get(replyTo);
  const reply = (m.reply ?? null) as { seq?: number; fromId?: number; text?: string | null; recalled?: boolean } | null;
  if (!held && !reply) return null;
  const fromId = Number(held?.fromId ?? reply?.fromId ?? 0);
  const recalled = held ? !!held.recallTime : !!reply?.recalled;
  const text = recalled ? null : held ? previewText(held.content, 140) : (reply?.text ?? '');
  return { name: people.senderOf(fromId).name, text, seq: Number(held?.seq ?? reply?.seq ?? 0) };
}

export default function MessageList({
  conversation,
  history,
  people,
  isGroup,
  ownRuns = false,
  onRetry,
  onAction,
  onReact,
  canPin = false,
  canModerate = false,
  jump,
  onJump,
  seenBy,
  unreadAfter,
}: MessageListProps) {
  const { t } = useI18n();
  const box = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const anchor = useRef<{ seq: number; offset: number } | null>(null);
  const seen = useRef<{ last?: number; out: number; ready: boolean }>({ out: 0, ready: false });
  const [pill, setPill] = useState(0);
  const { messages, outbox } = conversation;
  const first = messages[0]?.seq;
  const last = messages.at(-1)?.seq;
  const rows = useMemo(() => groupMessages(messages), [messages]);
  const now = Date.now();
  const me = people.me;
  const runs = useChatRuns();
  const byId = useMemo(() => new Map(messages.map((m) => [Number(m.id), m])), [messages]);
  const firstUnread = unreadAfter === undefined ? undefined : messages.find((m) => m.seq > unreadAfter && Number(m.fromId) !== me)?.seq;

  // A jump: scroll to the message once it is held, loading older pages until then.
  const [flash, setFlash] = useState<number | null>(null);
  useEffect(() => {
    if (!jump) return;
    const el = box.current;
    const node = el?.querySelector<HTMLElement>(`[data-seq="${jump.seq}"]`);
    if (node) {
      node.scrollIntoView({ block: 'center' });
      atBottom.current = el ? nearBottom(el) : false;
      setFlash(jump.seq);
      const off = setTimeout(() => setFlash(null), 1600);
      return () => clearTimeout(off);
    }
    if (first !== undefined && jump.seq < first && history.hasMore && !history.loadingOlder && !history.loading) history.loadOlder(first);
  }, [jump, first, history.hasMore, history.loadingOlder, history.loading]);

  const toBottom = () => {
    const el = box.current;
    if (!el) return;
    el.scrollTop = el.scrollHeight;
    atBottom.current = true;
    setPill(0);
  };

  const maybeLoadOlder = () => {
    const el = box.current;
    if (!el || !shouldLoadOlder(el, { hasMore: history.hasMore, loading: history.loading || history.loadingOlder })) return;
    anchor.current = firstVisible(el);
    history.loadOlder(first);
  };

  // Older messages were put above: keep the one being read where it was, until the page is in.
  useLayoutEffect(() => {
    const el = box.current;
    const a = anchor.current;
    if (!el || !a) return;
    const node = el.querySelector(`[data-seq="${a.seq}"]`);
    if (node) el.scrollTop = anchoredScrollTop(el.scrollTop, node.getBoundingClientRect().top - el.getBoundingClientRect().top, a.offset);
    if (!history.loadingOlder) anchor.current = null;
  }, [first, history.loadingOlder, history.hasMore]);

  // Newer messages (or the member's own outgoing ones) arrived at the bottom.
  useLayoutEffect(() => {
    const s = seen.current;
    const grewOut = outbox.length > s.out;
    if (!s.ready) {
      if (!history.loading) {
        s.ready = true;
        toBottom();
      }
    } else if (last !== s.last || grewOut) {
      const fresh = messages.filter((m) => s.last !== undefined && m.seq > s.last);
      const mineNew = grewOut || fresh.some((m) => Number(m.fromId) === me);
      if (atBottom.current || mineNew) toBottom();
      else {
        const others = fresh.filter((m) => Number(m.fromId) !== me).length;
        if (others) setPill((n) => n + others);
      }
    }
    s.last = last;
    s.out = outbox.length;
  }, [last, outbox.length, history.loading]); // messages change together with last

  // A page that does not fill the list: ask for the next older one.
  useEffect(() => {
    if (!history.loading && !history.loadingOlder) maybeLoadOlder();
  }, [history.loading, history.loadingOlder, history.hasMore, first]);

  const onScroll = () => {
    const el = box.current;
    if (!el) return;
    atBottom.current = nearBottom(el);
    if (atBottom.current && pill) setPill(0);
    maybeLoadOlder();
  };

  let lastOwnSeq: number | undefined;
  let lastMineSeq: number | undefined;
  for (const m of messages) if (Number(m.fromId) === me && !m.recallTime) lastMineSeq = m.seq;
  if (!isGroup) lastOwnSeq = lastMineSeq;
  const empty = !messages.length && !outbox.length;

  return (
    <div className="chat-list-wrap">
      {history.loadingOlder && (
        <div className="chat-list-loading" data-testid="chat-loading-older">
          <Spin size="small" /> <span>{t('wsChat.loadingOlder')}</span>
        </div>
      )}
      <div className="chat-list" ref={box} onScroll={onScroll} data-testid="chat-messages" aria-live="polite">
        {!history.loading && !history.loadingOlder && !history.hasMore && !!messages.length && (
          <div className="chat-list-top" data-testid="chat-history-start">
            {t('wsChat.historyStart')}
          </div>
        )}
        {history.loading && empty && <Spin className="chat-list-spin" />}
        {history.failed && empty && (
          <div className="chat-list-empty">
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('wsChat.loadFailed')}>
              <Button onClick={history.reload} data-testid="chat-history-retry">
                {t('wsChat.tryAgain')}
              </Button>
            </Empty>
          </div>
        )}
        {!history.loading && !history.failed && empty && (
          <div className="chat-list-empty" data-testid="chat-empty">
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('wsChat.noMessages')}>
              <span className="chat-muted">{t(ownRuns ? 'wsChat.runsEmptyHint' : 'wsChat.noMessagesHint')}</span>
            </Empty>
          </div>
        )}
        {rows.map((r) => {
          if (r.kind === 'day') return <DayRow key={r.key} day={r.day} now={now} />;
          const m = r.message;
          const from = Number(m.fromId);
          const sender = people.senderOf(from);
          if (isNotice(m)) return <NoticeCard key={r.key} message={m} sender={sender} now={now} />;
          const mine = from === me;
          const line =
            m.seq === firstUnread ? (
              <div className="chat-unread-line" data-testid="chat-unread-line" key={`u-${m.seq}`}>
                <span>{t('wsChatActions.unreadLine')}</span>
              </div>
            ) : null;
          if (m.recallTime)
            return [
              line,
              <RecalledLine key={r.key} message={m} text={mine ? t('wsChatActions.recalledMine') : t('wsChatActions.recalledBy', { name: sender.name })} />,
            ];
          // The thread of a chain of AI replies shows under the message that started it.
          const chain = runs && (
            <runs.ChainLine
              key={`c-${r.key}`}
              message={m}
              me={me}
              nameOf={(id) => people.senderOf(id).name}
              onJump={onJump}
              seqOf={(id) => byId.get(id)?.seq}
            />
          );
          if (runs?.isRunMessage(m))
            return [
              <runs.RunMessage
                key={r.key}
                message={m}
                mine={mine}
                sender={sender}
                avatar={<SenderAvatar sender={sender} />}
                showName={isGroup}
                now={now}
                onJump={onJump}
              />,
              chain,
            ];
          return [
            line,
            <MessageItem
              key={r.key}
              message={m}
              flash={flash === m.seq}
              me={me}
              quote={quoteOf(m, byId, people)}
              onQuote={onJump}
              actions={
                onAction && onReact ? (
                  <MessageActions message={m} mine={mine} me={me} canPin={canPin} canModerate={canModerate} onAction={onAction} onReact={onReact} />
                ) : undefined
              }
              reactions={onReact ? <ReactionBar message={m} me={me} nameOf={people.nameOf} onReact={onReact} /> : undefined}
              seenBy={mine && isGroup && m.seq === lastMineSeq ? seenBy?.(m) : undefined}
              head={r.head}
              mine={mine}
              sender={sender}
              showName={isGroup}
              mentionNames={mentionNamesOf(m, people)}
              mentionsMe={!mine && Array.isArray(m.at) && m.at.map(Number).includes(me)}
              now={now}
              receipt={m.seq === lastOwnSeq ? (conversation.peerReadSeq >= m.seq ? 'read' : 'sent') : undefined}
              runId={runs?.receiptRunOf(m, mine, sender.ai)}
              RunReceipt={runs?.RunReceiptButton}
            />,
            chain,
          ];
        })}
        {runs && (
          <runs.RunStreamBubbles
            me={me}
            target={conversation.target}
            held={messages}
            senderOf={people.senderOf}
            onGrow={() => atBottom.current && toBottom()}
          />
        )}
        {outbox
          .filter((o) => o.state !== 'sent')
          .map((o) => (
            <OutgoingItem key={o.clientId} item={o} onRetry={onRetry} />
          ))}
      </div>
      {pill > 0 && (
        <Button className="chat-pill" type="primary" shape="round" size="small" icon={<ArrowDownOutlined />} onClick={toBottom} data-testid="chat-new-pill">
          {pill === 1 ? t('wsChat.newMessagesOne') : t('wsChat.newMessages', { count: pill })}
        </Button>
      )}
    </div>
  );
}
