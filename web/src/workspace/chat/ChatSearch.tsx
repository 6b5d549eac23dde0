/**
 * The chat's search panel: a drawer (full width on phones) with a search box and the messages found
 * (`message/search`, use-chat-search.ts), each with its conversation, sender, time and text, the
 * query's words marked (search-highlight.ts). Choosing a result hands its conversation and sequence
 * number to `onOpen`, which opens the conversation at the message.
 *
 *   <ChatSearch open={searching} target={current} onClose={() => setSearching(false)}
 *     onOpen={(t, seq) => { setSearching(false); openAt(t, seq); }} />
 *
 * Decisions:
 * - The box asks the server DEBOUNCE_MS after the last key; while a conversation is open
 *   (`target`), the search starts in it, and a switch widens it to all chats.
 * - Names come from the chat's directory (use-directory.ts): a group's name, the other user's
 *   profile, a sender's group-specific name when the group's member list is held, else their profile.
 * - A long text shows the part around its first mark; images and files show their name, team
 *   notices and AI runs a label, as the conversation list does.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Drawer, Empty, Grid, Input, List, Segmented, Spin, Typography, type InputRef } from 'antd';
import { CloseOutlined, SearchOutlined } from '@ant-design/icons';
import '../../i18n/chat-search-texts';
import { useI18n } from '../../i18n';
import { useAuth } from '../../app/auth';
import type { Target } from '../../app/socket';
import { RUN_MESSAGE_TYPE } from '../apps/run-stream-model';
import { contentText, isOwnRuns, messageTime, NOTICE_TYPE } from './chat-format';
import type { Directory } from './directory';
import { highlightParts, searchNeedles, snippet } from './search-highlight';
import { useChatSearch, type SearchHit } from './use-chat-search';
import { REFRESH_MS, useDirectory } from './use-directory';
import './chat-search.css';

export const DEBOUNCE_MS = 300;

export interface ChatSearchProps {
  open: boolean;
  onClose(): void;
  /** The conversation open now: the search starts in it (absent: all of the member's conversations). */
  target?: Target | null;
  /** A result was chosen: open `target` at the message numbered `seq`. */
  onOpen(target: Target, seq: number): void;
}

/** Label of a message type the text alone does not tell (wsChatSearch keys). */
function labelKey(type: number): string | null {
  if (type === 1) return 'wsChatSearch.image';
  if (type === 2) return 'wsChatSearch.file';
  if (type === NOTICE_TYPE) return 'wsChatSearch.notice';
  if (type === RUN_MESSAGE_TYPE.request) return 'wsChatSearch.runRequest';
  if (type === RUN_MESSAGE_TYPE.answer) return 'wsChatSearch.runAnswer';
  return null;
}

/** The text a result shows: a file's or an image's name and caption, else the message's text. */
function shownText(type: number, content: unknown): string {
  if ((type === 1 || type === 2) && content && typeof content === 'object') {
    const c = content as Record<string, unknown>;
    return [c.name, c.text].filter((s): s is string => typeof s === 'string' && s.trim() !== '').join(' · ');
  }
  return contentText(content).text;
}

/** Asks the directory for the names the results show. */
function useNames(dir: Directory | null, hits: readonly SearchHit[], me: number): void {
  const want = hits.map((h) => `${h.target.toType}-${h.target.toId}-${h.message.fromId}`).join(',');
  useEffect(() => {
    if (!dir) return;
    if (hits.some((h) => h.target.toType === 1 && !dir.group(h.target.toId))) void dir.ensureGroups(REFRESH_MS);
    for (const h of hits) {
      if (h.target.toType === 0) void dir.ensureUser(h.target.toId);
      const from = Number(h.message.fromId);
      if (from && from !== me && !(h.target.toType === 1 && dir.member(h.target.toId, from))) void dir.ensureUser(from);
    }
  }, [dir, want, me]); // want names the results' conversations and senders
}

function Result({
  hit,
  dir,
  me,
  needles,
  now,
  onOpen,
}: {
  hit: SearchHit;
  dir: Directory | null;
  me: number;
  needles: string[];
  now: number;
  onOpen: ChatSearchProps['onOpen'];
}) {
  const { t } = useI18n();
  const { message: m, target } = hit;
  const from = Number(m.fromId);
  const type = Number(m.type ?? 0);
  const conversation =
    target.toType === 1
      ? dir?.group(target.toId)?.name || t('wsChatSearch.groupName', { id: target.toId })
      : isOwnRuns(target, me)
        ? t('wsChatSearch.runs')
        : dir?.user(target.toId)?.name || t('wsChatSearch.userName', { id: target.toId });
  const sender =
    from === me
      ? t('wsChatSearch.you')
      : (target.toType === 1 && dir?.member(target.toId, from)?.name) || dir?.user(from)?.name || t('wsChatSearch.userName', { id: from });
  const label = labelKey(type);
  const text = snippet(shownText(type, m.content), needles);
  const time = messageTime(m.createTime, now);
  return (
    <List.Item className="chat-search-item">
      <button
        type="button"
        className="chat-search-hit"
        onClick={() => onOpen(target, m.seq)}
        data-testid="chat-search-result"
        data-message-id={m.id}
        aria-label={t('wsChatSearch.result', { sender, conversation, time, text })}
      >
        <span className="chat-search-line">
          <Typography.Text strong ellipsis className="chat-search-conversation">
            {conversation}
          </Typography.Text>
          <span className="chat-search-time">{time}</span>
        </span>
        <span className="chat-search-text">
          <span className="chat-search-sender">{sender}</span>
          {label && <span className="chat-search-label">{t(label)}</span>}
          {highlightParts(text, needles).map((p, i) =>
            p.hit ? (
              <mark key={i} className="chat-search-mark">
                {p.text}
              </mark>
            ) : (
              <span key={i}>{p.text}</span>
            ),
          )}
        </span>
      </button>
    </List.Item>
  );
}

export default function ChatSearch({ open, onClose, target, onOpen }: ChatSearchProps) {
  const { t } = useI18n();
  const screens = Grid.useBreakpoint();
  const me = useAuth().user?.id ?? 0;
  const dir = useDirectory();
  const input = useRef<InputRef>(null);
  const [typed, setTyped] = useState('');
  const [query, setQuery] = useState('');
  const [inThis, setInThis] = useState(true);
  const scope = target && inThis ? target : null;
  const targetKey = target ? `${target.toType}-${target.toId}` : '';
  useEffect(() => setInThis(true), [targetKey]);
  useEffect(() => {
    const timer = setTimeout(() => setQuery(typed), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const search = useChatSearch(open ? query : '', scope);
  useNames(dir, search.hits, me);
  const needles = useMemo(() => searchNeedles(query), [query]);
  const now = Date.now();
  const asked = query.trim() !== '';

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t('wsChatSearch.title')}
      width={screens.md ? 440 : '100%'}
      className="chat-search-drawer"
      data-testid="chat-search"
      afterOpenChange={(shown) => shown && input.current?.focus()}
      closeIcon={<CloseOutlined aria-label={t('wsChatSearch.close')} data-testid="chat-search-close" />}
    >
      <div className="chat-search">
        <Input
          ref={input}
          allowClear
          size="large"
          prefix={<SearchOutlined />}
          value={typed}
          maxLength={100}
          placeholder={t('wsChatSearch.placeholder')}
          aria-label={t('wsChatSearch.inputLabel')}
          onChange={(e) => setTyped(e.target.value)}
          onPressEnter={() => setQuery(typed)}
          data-testid="chat-search-input"
        />
        {target && (
          <Segmented
            block
            value={inThis ? 'this' : 'all'}
            onChange={(v) => setInThis(v === 'this')}
            options={[
              { value: 'this', label: t('wsChatSearch.scopeThis') },
              { value: 'all', label: t('wsChatSearch.scopeAll') },
            ]}
            data-testid="chat-search-scope"
          />
        )}
        {search.error && (
          <Alert
            type="error"
            showIcon
            message={t(search.error === 'tooFast' ? 'wsChatSearch.tooFast' : 'wsChatSearch.failed')}
            action={
              <Button size="small" onClick={search.retry} data-testid="chat-search-retry">
                {t('wsChatSearch.retry')}
              </Button>
            }
          />
        )}
        {!asked && <Typography.Text type="secondary">{t(target && inThis ? 'wsChatSearch.hintThis' : 'wsChatSearch.hint')}</Typography.Text>}
        {search.noWord && <Typography.Text type="secondary">{t('wsChatSearch.noWord')}</Typography.Text>}
        {asked && search.done && !search.loading && !search.error && !search.hits.length && (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('wsChatSearch.noResults')} data-testid="chat-search-empty">
            <Typography.Text type="secondary">{t('wsChatSearch.noResultsHint')}</Typography.Text>
          </Empty>
        )}
        {search.hits.length > 0 && (
          <List
            className="chat-search-list"
            dataSource={search.hits}
            rowKey={(h) => h.message.id}
            renderItem={(hit) => <Result hit={hit} dir={dir} me={me} needles={needles} now={now} onOpen={onOpen} />}
            data-testid="chat-search-results"
          />
        )}
        {search.loading && (
          <div className="chat-search-loading" data-testid="chat-search-loading">
            <Spin size="small" /> {t('wsChatSearch.searching')}
          </div>
        )}
        {search.hasMore && !search.loading && (
          <Button block onClick={search.more} data-testid="chat-search-more">
            {t('wsChatSearch.more')}
          </Button>
        )}
      </div>
    </Drawer>
  );
}
