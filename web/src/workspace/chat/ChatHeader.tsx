/**
 * The chat panel's top bar: back (phones, from the Chats section), avatar, title, then the member
 * count of a group or the other user's online state in a private chat, and close when the panel
 * sits in a drawer.
 *
 * Decisions the spec leaves open: a private chat whose presence is not known yet (no shared group
 * told it) shows no state rather than a guessed "offline".
 */
import type { ReactNode } from 'react';
import { Button, Typography } from 'antd';
import { ArrowLeftOutlined, CloseOutlined } from '@ant-design/icons';
import { useI18n } from '../../i18n';
import { SenderAvatar } from './MessageItem';

export interface ChatHeaderProps {
  title: string;
  avatar?: string;
  isGroup: boolean;
  memberCount?: number;
  online?: boolean;
  ai?: boolean;
  /** The member's own AI runs conversation: a robot instead of an initial, no online state. */
  runs?: boolean;
  onBack?: () => void;
  onClose?: () => void;
  /** Buttons before close (search, mute). */
  extra?: ReactNode;
}

export default function ChatHeader(p: ChatHeaderProps) {
  const { t } = useI18n();
  return (
    <header className="chat-head" data-testid="chat-header">
      {p.onBack && <Button type="text" icon={<ArrowLeftOutlined />} onClick={p.onBack} aria-label={t('wsChat.back')} data-testid="chat-back" />}
      <span className="chat-head-avatar">
        <SenderAvatar sender={{ name: p.runs ? '' : p.title, avatar: p.avatar, ai: !!p.ai || !!p.runs }} size={36} />
        {!p.isGroup && !p.runs && p.online !== undefined && (
          <span className={p.online ? 'chat-dot online' : 'chat-dot'} data-testid="chat-online-dot" data-online={p.online ? '1' : '0'} />
        )}
      </span>
      <div className="chat-head-text">
        <Typography.Text strong ellipsis className="chat-head-title" data-testid="chat-title">
          {p.title}
        </Typography.Text>
        <span className="chat-head-sub" data-testid="chat-subtitle">
          {p.isGroup
            ? p.memberCount !== undefined
              ? t('wsChat.members', { count: p.memberCount })
              : null
            : p.runs
              ? t('wsChat.runsSubtitle')
              : p.online !== undefined
                ? p.online
                  ? t('wsChat.online')
                  : t('wsChat.offline')
                : null}
        </span>
      </div>
      {p.extra}
      {p.onClose && <Button type="text" icon={<CloseOutlined />} onClick={p.onClose} aria-label={t('wsChat.close')} data-testid="chat-close" />}
    </header>
  );
}
