/**
 * What a member does with a sent message: a "⋯" button beside the bubble (shown on hover with a
 * mouse, always on touch screens) opens the quick reactions and the actions the member may take:
 * reply, edit (their own text), recall (their own; a group's owner or deputy any), pin or unpin (a
 * group's owner or deputy; either user of a private chat) and copy. The server decides in the end
 * (a recall past its window is refused with its reason); the menu only leaves out what surely fails.
 *
 * Also here: the reactions under a bubble (emoji and count, pressed when the member reacted; who
 * reacted in the title on hover and on long press) and the emoji each reaction name is drawn as.
 */
import { useState } from 'react';
import { Button, Dropdown, Tooltip, type MenuProps } from 'antd';
import { CopyOutlined, DeleteOutlined, EditOutlined, EllipsisOutlined, PushpinOutlined, RollbackOutlined } from '@ant-design/icons';
import { useI18n } from '../../i18n';
import type { ChatMessage } from '../../app/socket';
import { REACTIONS, type Reaction } from './chat-store';

export const EMOJI: Record<Reaction, string> = {
  like: '👍',
  love: '❤️',
  laugh: '😂',
  wow: '😮',
  sad: '😢',
  thanks: '🙏',
  celebrate: '🎉',
  eyes: '👀',
};

export type MessageAction = 'reply' | 'edit' | 'recall' | 'pin' | 'unpin' | 'copy';

export interface MessageActionsProps {
  message: ChatMessage;
  mine: boolean;
  /** The member leads the group (owner or deputy), or the chat is private (pins). */
  canPin: boolean;
  /** The member may recall others' messages here (a group's owner or deputy). */
  canModerate: boolean;
  onAction: (action: MessageAction, message: ChatMessage) => void;
  onReact: (message: ChatMessage, emoji: Reaction, on: boolean) => void;
  me: number;
}

/** The reactions of a message as lists of member ids (what the server stores). */
export function reactionsOf(m: ChatMessage): Array<[Reaction, number[]]> {
  const r = m.reactions;
  if (!r || typeof r !== 'object') return [];
  const out: Array<[Reaction, number[]]> = [];
  for (const name of REACTIONS) {
    const ids = (r as Record<string, unknown>)[name];
    if (Array.isArray(ids) && ids.length) out.push([name, ids.map(Number)]);
  }
  return out;
}

const isText = (m: ChatMessage) => (Number(m.type ?? 0) || 0) === 0;

export function MessageActions({ message, mine, canPin, canModerate, onAction, onReact, me }: MessageActionsProps) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  const pinned = !!message.pinTime;
  const items: MenuProps['items'] = [
    { key: 'reply', icon: <RollbackOutlined />, label: t('wsChatActions.reply') },
    ...(mine && isText(message) ? [{ key: 'edit', icon: <EditOutlined />, label: t('wsChatActions.edit') }] : []),
    ...(canPin ? [{ key: pinned ? 'unpin' : 'pin', icon: <PushpinOutlined />, label: t(pinned ? 'wsChatActions.unpin' : 'wsChatActions.pin') }] : []),
    ...(isText(message) ? [{ key: 'copy', icon: <CopyOutlined />, label: t('wsChatActions.copy') }] : []),
    ...(mine || canModerate ? [{ key: 'recall', icon: <DeleteOutlined />, danger: true, label: t('wsChatActions.recall') }] : []),
  ];
  const mineOf = (name: Reaction) => reactionsOf(message).some(([n, ids]) => n === name && ids.includes(me));
  return (
    <Dropdown
      open={open}
      onOpenChange={setOpen}
      trigger={['click']}
      destroyOnHidden
      placement="bottomRight"
      menu={{
        items,
        onClick: ({ key }) => {
          setOpen(false);
          onAction(key as MessageAction, message);
        },
      }}
      popupRender={(menu) => (
        <div className="chat-actions-pop" data-testid="chat-actions-menu">
          <div className="chat-react-row" role="group" aria-label={t('wsChatActions.react')}>
            {REACTIONS.map((name) => (
              <button
                key={name}
                type="button"
                className={mineOf(name) ? 'chat-react-pick on' : 'chat-react-pick'}
                title={t(`wsChatActions.reactions.${name}`)}
                aria-label={t(`wsChatActions.reactions.${name}`)}
                aria-pressed={mineOf(name)}
                data-testid="chat-react-pick"
                data-emoji={name}
                onClick={() => {
                  setOpen(false);
                  onReact(message, name, !mineOf(name));
                }}
              >
                {EMOJI[name]}
              </button>
            ))}
          </div>
          {menu}
        </div>
      )}
    >
      <Button type="text" size="small" className="chat-more" icon={<EllipsisOutlined />} aria-label={t('wsChatActions.more')} data-testid="chat-more" />
    </Dropdown>
  );
}

export interface ReactionBarProps {
  message: ChatMessage;
  me: number;
  nameOf: (userId: number) => string | undefined;
  onReact: (message: ChatMessage, emoji: Reaction, on: boolean) => void;
}

/** The reactions under a bubble: press one to add or take back yours; who reacted shows on hover or long press. */
export function ReactionBar({ message, me, nameOf, onReact }: ReactionBarProps) {
  const { t } = useI18n();
  const list = reactionsOf(message);
  if (!list.length) return null;
  return (
    <div className="chat-reactions" data-testid="chat-reactions">
      {list.map(([name, ids]) => {
        const on = ids.includes(me);
        const names = ids.map((id) => (id === me ? t('wsChatActions.you') : (nameOf(id) ?? `#${id}`))).join(', ');
        return (
          <Tooltip key={name} title={`${EMOJI[name]} ${t(`wsChatActions.reactions.${name}`)} · ${names}`} trigger={['hover', 'contextMenu']}>
            <button
              type="button"
              className={on ? 'chat-reaction on' : 'chat-reaction'}
              aria-pressed={on}
              aria-label={`${t(`wsChatActions.reactions.${name}`)}: ${ids.length}`}
              data-testid="chat-reaction"
              data-emoji={name}
              data-count={ids.length}
              onClick={() => onReact(message, name, !on)}
            >
              <span className="chat-reaction-emoji">{EMOJI[name]}</span>
              <span className="chat-reaction-count">{ids.length}</span>
            </button>
          </Tooltip>
        );
      })}
    </div>
  );
}
