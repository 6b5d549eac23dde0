/**
 * The @ picker above the composer: the group's members matching what follows the `@`, people and
 * AI members (tagged). The composer keeps the keyboard (arrows, Enter/Tab, Escape); a click picks.
 */
import { Tag } from 'antd';
import { useEffect, useRef } from 'react';
import { useI18n } from '../../i18n';
import type { MentionCandidate } from './mentions';
import { SenderAvatar } from './MessageItem';

export interface MentionListProps {
  items: MentionCandidate[];
  active: number;
  avatarOf: (userId: number) => string | undefined;
  onPick: (c: MentionCandidate) => void;
  onHover: (index: number) => void;
}

export default function MentionList({ items, active, avatarOf, onPick, onHover }: MentionListProps) {
  const { t } = useI18n();
  const list = useRef<HTMLDivElement>(null);
  useEffect(() => {
    list.current?.querySelector<HTMLElement>(`[data-index="${active}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [active]);
  return (
    <div className="chat-mentions" role="listbox" aria-label={t('wsChat.mentionTitle')} data-testid="chat-mention-list" ref={list}>
      <div className="chat-mentions-title">{t('wsChat.mentionTitle')}</div>
      {!items.length && <div className="chat-mentions-none">{t('wsChat.mentionNone')}</div>}
      {items.map((c, i) => (
        <div
          key={c.userId}
          role="option"
          aria-selected={i === active}
          data-index={i}
          data-testid="chat-mention-option"
          data-user-id={c.userId}
          className={i === active ? 'chat-mention-option active' : 'chat-mention-option'}
          // mousedown, not click: the textarea must keep its focus and caret
          onMouseDown={(e) => {
            e.preventDefault();
            onPick(c);
          }}
          onMouseEnter={() => onHover(i)}
        >
          <SenderAvatar sender={{ name: c.name, avatar: avatarOf(c.userId), ai: c.ai }} size={24} />
          <span className="chat-mention-name">{c.name}</span>
          {c.ai && (
            <Tag color="purple" bordered={false} className="chat-ai-tag">
              {t('wsChat.ai')}
            </Tag>
          )}
        </div>
      ))}
    </div>
  );
}
