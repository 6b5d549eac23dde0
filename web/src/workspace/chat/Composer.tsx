/**
 * The message box: Enter sends, Shift+Enter starts a new line (not while an input method is
 * composing), an empty message is not sent. In a group, `@` opens the member picker; a picked
 * member becomes `@Name ` in the text and an id in the draft's `atMentions`. The draft
 * (`{content, atMentions}`) is kept per conversation by the chat store, so it survives switching
 * chats and a reload; a send clears it. Mounted once per conversation (the panel keys it).
 *
 * Decisions the spec leaves open:
 * - The text is sent trimmed; `at` holds the mentioned ids whose `@Name` is still in it.
 * - Sending never waits: the message shows at once in the list as "sending" (or failed, with
 *   Retry), and the box is free for the next one.
 * - Before the box, "Run an AI app" (apps/, loaded apart) runs an app into this conversation.
 * - Replying: a bar above the box quotes the message answered (× or Esc cancels); the send names
 *   it. Editing: the box holds the message's text (the draft waits meanwhile), Enter saves, Esc
 *   cancels; Up in an empty box edits the member's last text message.
 * - While the member types, the others are told (the store sends it at most every 3 s).
 */
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Button, Input, Tooltip } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { CloseOutlined, EditOutlined, RollbackOutlined, SendOutlined } from '@ant-design/icons';
import type { ChatMessage } from '../../app/socket';
import { contentText, previewText } from './chat-format';
import { useI18n } from '../../i18n';
import type { ChatStore } from './chat-store';
import type { Target } from '../../app/socket';
import { MAX_CONTENT_CHARS } from './chat-format';
import { filterCandidates, insertMention, mentionedIds, mentionQueryAt, withMention, type MentionCandidate, type MentionQuery } from './mentions';
import MentionList from './MentionList';
import { useChatRuns } from '../apps/chat-runs';
import type { People } from './use-people';
import AttachButton from './AttachButton';

export interface ComposerProps {
  chat: ChatStore | null;
  target: Target;
  isGroup: boolean;
  people: People;
  avatarOf: (userId: number) => string | undefined;
  /** The message being answered, with its sender's name. */
  reply?: { message: ChatMessage; name: string } | null;
  /** The member's own message being edited. */
  editing?: ChatMessage | null;
  /** Ends replying or editing. */
  onCancel?: () => void;
  /** Up in an empty box: edit the member's last text message. */
  onEditLast?: () => void;
  /** A change failed: show why. */
  onError?: (err: unknown) => void;
}

export default function Composer({ chat, target, isGroup, people, avatarOf, reply, editing, onCancel, onEditLast, onError }: ComposerProps) {
  const { t } = useI18n();
  // The stored draft is read once: the panel mounts one composer per conversation and store.
  const [text, setText] = useState(() => chat?.getDraft(target).content ?? '');
  const [ids, setIds] = useState<number[]>(() => chat?.getDraft(target).atMentions ?? []);
  const [query, setQuery] = useState<MentionQuery | null>(null);
  const [active, setActive] = useState(0);
  const area = useRef<TextAreaRef>(null);
  const caretAfter = useRef<number | null>(null);
  const runs = useChatRuns();

  const options = useMemo(() => (isGroup && query ? filterCandidates(people.candidates, query.query, people.me) : []), [isGroup, query, people]);
  const pickerOpen = isGroup && !!query && (options.length > 0 || query.query.length > 0);

  const el = () => area.current?.resizableTextArea?.textArea ?? null;

  // Editing: the box holds the message's text; the draft comes back after.
  const [editText, setEditText] = useState('');
  const editId = editing?.id;
  useEffect(() => {
    if (editing) setEditText(contentText(editing.content).text);
    el()?.focus();
  }, [editId, reply?.message.id]); // editing and reply change with their ids
  const shown = editing ? editText : text;

  useEffect(() => {
    const node = el();
    if (node && caretAfter.current !== null) {
      node.setSelectionRange(caretAfter.current, caretAfter.current);
      caretAfter.current = null;
    }
  }, [text]);

  const save = (content: string, at: number[]) => {
    setText(content);
    setIds(at);
    chat?.setDraft(target, { content, atMentions: isGroup ? mentionedIds(content, at, people.nameOf) : [] });
  };

  const follow = (value: string, caret: number) => {
    const q = isGroup ? mentionQueryAt(value, caret) : null;
    setQuery(q);
    if (q?.query !== query?.query || q?.start !== query?.start) setActive(0);
  };

  const pick = (c: MentionCandidate) => {
    if (!query) return;
    const next = insertMention(text, query, c.name);
    caretAfter.current = next.caret;
    save(next.text, withMention(ids, c.userId));
    setQuery(null);
  };

  const send = () => {
    if (editing) {
      const content = editText.trim();
      if (!chat || !content || content.length > MAX_CONTENT_CHARS) return;
      const before = contentText(editing.content).text;
      onCancel?.();
      if (content !== before) chat.edit(editing, content).catch((err) => onError?.(err));
      el()?.focus();
      return;
    }
    const content = text.trim();
    if (!chat || !content || content.length > MAX_CONTENT_CHARS) return;
    const at = isGroup ? mentionedIds(content, ids, people.nameOf) : [];
    void chat.send(target, { content, ...(at.length ? { at } : {}), ...(reply ? { replyTo: reply.message.id } : {}) });
    if (reply) onCancel?.();
    save('', []);
    setQuery(null);
    el()?.focus();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.nativeEvent.isComposing || e.keyCode === 229) return;
    if (pickerOpen) {
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        e.preventDefault();
        if (options.length) setActive((i) => (i + (e.key === 'ArrowDown' ? 1 : options.length - 1)) % options.length);
        return;
      }
      if ((e.key === 'Enter' || e.key === 'Tab') && options.length) {
        e.preventDefault();
        pick(options[Math.min(active, options.length - 1)]);
        return;
      }
      if (e.key === 'Escape') {
        e.preventDefault();
        setQuery(null);
        return;
      }
    }
    if (e.key === 'Escape' && (editing || reply)) {
      e.preventDefault();
      onCancel?.();
      return;
    }
    if (e.key === 'ArrowUp' && !editing && !text && onEditLast) {
      e.preventDefault();
      onEditLast();
      return;
    }
    if (e.key === 'Enter' && !e.shiftKey) {
      e.preventDefault();
      send();
    }
  };

  const length = shown.length;
  const tooLong = length > MAX_CONTENT_CHARS;
  return (
    <div className="chat-composer-wrap">
      {(reply || editing) && (
        <div className="chat-compose-bar" data-testid={editing ? 'chat-editing-bar' : 'chat-reply-bar'}>
          {editing ? <EditOutlined /> : <RollbackOutlined />}
          <div className="chat-compose-bar-text">
            <span className="chat-compose-bar-title">{editing ? t('wsChatActions.editing') : t('wsChatActions.replyingTo', { name: reply!.name })}</span>
            <span className="chat-compose-bar-sub">{editing ? t('wsChatActions.editHint') : previewText(reply!.message.content, 80)}</span>
          </div>
          <Button
            type="text"
            size="small"
            icon={<CloseOutlined />}
            onClick={onCancel}
            aria-label={editing ? t('wsChatActions.cancelEdit') : t('wsChatActions.cancelReply')}
            data-testid="chat-compose-cancel"
          />
        </div>
      )}
      <div className="chat-composer" data-testid="chat-composer">
        {pickerOpen && <MentionList items={options} active={active} avatarOf={avatarOf} onPick={pick} onHover={setActive} />}
        {runs && <runs.RunAppButton target={target} disabled={!chat} />}
        <AttachButton target={target} disabled={!chat || !!editing} onSend={(m) => void chat?.send(target, m)} />
        <Input.TextArea
          ref={area}
          value={shown}
          autoSize={{ minRows: 1, maxRows: 6 }}
          placeholder={isGroup ? t('wsChat.placeholderGroup') : t('wsChat.placeholder')}
          aria-label={isGroup ? t('wsChat.placeholderGroup') : t('wsChat.placeholder')}
          maxLength={MAX_CONTENT_CHARS}
          disabled={!chat}
          onChange={(e) => {
            if (editing) {
              setEditText(e.target.value);
              return;
            }
            save(e.target.value, ids);
            follow(e.target.value, e.target.selectionStart ?? e.target.value.length);
            if (e.target.value.trim()) chat?.typing(target);
          }}
          onKeyDown={onKeyDown}
          onKeyUp={(e) => {
            if (['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(e.key)) follow(e.currentTarget.value, e.currentTarget.selectionStart);
          }}
          onClick={(e) => follow(e.currentTarget.value, e.currentTarget.selectionStart)}
          onBlur={() => setQuery(null)}
          title={t('wsChat.keysHint')}
          className="chat-input"
          data-testid="chat-input"
        />
        {length > MAX_CONTENT_CHARS * 0.9 && (
          <Tooltip title={t('wsChat.tooLong', { max: MAX_CONTENT_CHARS })}>
            <span className={tooLong ? 'chat-count chat-count-over' : 'chat-count'} data-testid="chat-count">
              {length} / {MAX_CONTENT_CHARS}
            </span>
          </Tooltip>
        )}
        <Button
          type="primary"
          icon={<SendOutlined />}
          onClick={send}
          disabled={!chat || !shown.trim() || tooLong}
          aria-label={editing ? t('wsChatActions.save') : t('wsChat.send')}
          data-testid="chat-send"
        >
          <span className="chat-send-label">{editing ? t('wsChatActions.save') : t('wsChat.send')}</span>
        </Button>
      </div>
    </div>
  );
}
