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
 */
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Button, Input, Tooltip } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { SendOutlined } from '@ant-design/icons';
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
}

export default function Composer({ chat, target, isGroup, people, avatarOf }: ComposerProps) {
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
    const content = text.trim();
    if (!chat || !content || content.length > MAX_CONTENT_CHARS) return;
    const at = isGroup ? mentionedIds(content, ids, people.nameOf) : [];
    void chat.send(target, { content, ...(at.length ? { at } : {}) });
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
    if (e.key === 'Enter' && !e.shiftKey) {
      e.preventDefault();
      send();
    }
  };

  const length = text.length;
  const tooLong = length > MAX_CONTENT_CHARS;
  return (
    <div className="chat-composer" data-testid="chat-composer">
      {pickerOpen && <MentionList items={options} active={active} avatarOf={avatarOf} onPick={pick} onHover={setActive} />}
      {runs && <runs.RunAppButton target={target} disabled={!chat} />}
      <AttachButton target={target} disabled={!chat} onSend={(m) => void chat?.send(target, m)} />
      <Input.TextArea
        ref={area}
        value={text}
        autoSize={{ minRows: 1, maxRows: 6 }}
        placeholder={isGroup ? t('wsChat.placeholderGroup') : t('wsChat.placeholder')}
        aria-label={isGroup ? t('wsChat.placeholderGroup') : t('wsChat.placeholder')}
        maxLength={MAX_CONTENT_CHARS}
        disabled={!chat}
        onChange={(e) => {
          save(e.target.value, ids);
          follow(e.target.value, e.target.selectionStart ?? e.target.value.length);
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
        disabled={!chat || !text.trim() || tooLong}
        aria-label={t('wsChat.send')}
        data-testid="chat-send"
      >
        <span className="chat-send-label">{t('wsChat.send')}</span>
      </Button>
    </div>
  );
}
