/**
 * The member's conversations, newest first: avatar, name, time and preview of the last message,
 * unread count. Names come from the directory (groups from `group/list2`, people from their public
 * profile), asked once for all rows.
 *
 * Decisions the spec leaves open:
 * - The preview says who wrote the last message ("You: …", or the sender's name in a group: from
 *   the member list when loaded, else the sender's profile), marks team notices, shows a draft of an unselected conversation
 *   ("[Draft] …"), and says "[You were mentioned]" while an unread message mentions the member.
 * - A conversation named in the address but not held yet (a first chat with a friend) is listed
 *   first, so the selection is always visible.
 */
import { useEffect } from 'react';
import { Badge, List } from 'antd';
import { MutedIcon } from './MutedIcon';
import { useI18n } from '../../i18n';
import type { Conversation } from './chat-conversation';
import type { ChatStore } from './chat-store';
import type { Target } from '../../app/socket';
import { isOwnRuns, listTime, NOTICE_TYPE, previewOf, previewText } from './chat-format';
import type { Directory } from './directory';
import { SenderAvatar } from './MessageItem';
import { REFRESH_MS } from './use-directory';
import '../../i18n/chat-files-texts';

export interface ConversationListProps {
  list: readonly Conversation[];
  selected: Target | null;
  me: number;
  chat: ChatStore | null;
  dir: Directory | null;
  onSelect: (t: Target) => void;
}

/** The last message's sender in a group row: the member name when the group's list is loaded, else the profile. */
function senderName(dir: Directory | null, c: Conversation, from: number): string | undefined {
  return dir?.member(c.target.toId, from)?.name || dir?.user(from)?.name || undefined;
}

function useNames(dir: Directory | null, list: readonly Conversation[], me: number): void {
  const want = list.map((c) => `${c.key}:${c.messages.at(-1)?.fromId ?? ''}`).join(',');
  useEffect(() => {
    if (!dir) return;
    if (list.some((c) => c.target.toType === 1 && !dir.group(c.target.toId))) void dir.ensureGroups(REFRESH_MS);
    for (const c of list) {
      if (c.target.toType === 0) void dir.ensureUser(c.target.toId);
      const from = Number(c.messages.at(-1)?.fromId);
      if (c.target.toType === 1 && from && from !== me && !dir.member(c.target.toId, from)) void dir.ensureUser(from);
    }
  }, [dir, want, me]); // want names the rows and their last senders
}

function Row({
  c,
  active,
  me,
  chat,
  dir,
  onSelect,
}: {
  c: Conversation;
  active: boolean;
  me: number;
  chat: ChatStore | null;
  dir: Directory | null;
  onSelect: (t: Target) => void;
}) {
  const { t } = useI18n();
  const isGroup = c.target.toType === 1;
  const group = isGroup ? dir?.group(c.target.toId) : undefined;
  const person = !isGroup ? dir?.user(c.target.toId) : undefined;
  const runs = isOwnRuns(c.target, me);
  const name = isGroup
    ? group?.name || t('wsChat.groupName', { id: c.target.toId })
    : runs
      ? t('wsChat.runsTitle')
      : person?.name || t('wsChat.userName', { id: c.target.toId });
  const avatar = isGroup ? group?.avatar || undefined : person?.avatar;
  const last = c.messages.at(-1);
  const draft = !active ? chat?.getDraft(c.target).content.trim() : '';
  const mentioned =
    c.unread > 0 && c.messages.some((m) => m.seq > c.readSeq && Number(m.fromId) !== me && Array.isArray(m.at) && m.at.map(Number).includes(me));

  let preview = '';
  if (draft) preview = t('wsChat.previewDraft', { text: previewText(draft) });
  else if (last?.recallTime) preview = t('wsChatActions.recalledPreview');
  else if (last) {
    const shown = previewOf(last.type, last.content);
    const from = Number(last.fromId);
    // An AI member's answer names the AI member as any message does; an app's, stored in the member's name, is labelled.
    const attached = shown.label === 'image' || shown.label === 'file';
    const labelled = shown.label !== null && !attached && !(shown.label === 'runAnswer' && from !== me);
    const text = !labelled
      ? attached
        ? t(shown.label === 'image' ? 'wsChatFiles.previewImage' : 'wsChatFiles.previewFile', { text: shown.text })
        : shown.text
      : shown.label === 'runFailed'
        ? t('wsChat.previewRunFailed')
        : shown.label === 'runAnswer'
          ? t('wsChat.previewRunAnswer', { text: shown.text })
          : t(shown.text ? 'wsChat.previewRun' : 'wsChat.previewRunForm', { text: shown.text });
    const sender = isGroup && from !== me ? senderName(dir, c, from) : undefined;
    if (Number(last.type) === NOTICE_TYPE) preview = t('wsChat.previewNotice', { text });
    else if (labelled) preview = text;
    else if (from === me) preview = t('wsChat.previewMine', { text });
    else if (sender) preview = t('wsChat.previewFrom', { name: sender, text });
    else preview = text;
  } else preview = t('wsChat.noMessages');

  return (
    <List.Item
      className={active ? 'chat-conv active' : 'chat-conv'}
      onClick={() => onSelect(c.target)}
      data-testid="chat-conv-item"
      data-to={`${c.target.toType}-${c.target.toId}`}
      aria-current={active ? 'true' : undefined}
    >
      <SenderAvatar sender={runs ? { name: '', ai: true } : { name, avatar, ai: false }} size={40} />
      <div className="chat-conv-main">
        <div className="chat-conv-line">
          <span className="chat-conv-name" data-testid="chat-conv-name">
            {name}
          </span>
          <span className="chat-conv-time">{listTime(last?.createTime, Date.now())}</span>
        </div>
        <div className="chat-conv-line">
          <span className={draft ? 'chat-conv-preview draft' : 'chat-conv-preview'} data-testid="chat-conv-preview">
            {mentioned && <span className="chat-conv-at">{t('wsChat.mentioned')}</span>}
            {preview}
          </span>
          {c.muted && <MutedIcon />}
          <Badge count={c.unread} size="small" overflowCount={99} color={c.muted ? '#bfbfbf' : undefined} data-testid="chat-conv-unread" />
        </div>
      </div>
    </List.Item>
  );
}

export default function ConversationList({ list, selected, me, chat, dir, onSelect }: ConversationListProps) {
  const { t } = useI18n();
  useNames(dir, list, me);
  const selectedKey = selected ? `${selected.toType}:${selected.toId}` : '';
  return (
    <nav className="chat-convs" aria-label={t('wsChat.listLabel')} data-testid="chat-conv-list">
      <List
        dataSource={list as Conversation[]}
        rowKey="key"
        split={false}
        renderItem={(c) => <Row c={c} active={c.key === selectedKey} me={me} chat={chat} dir={dir} onSelect={onSelect} />}
      />
    </nav>
  );
}
