/**
 * A conversation's pinned messages: a bar under the header with the newest pin and their count;
 * pressing it opens the list (a drawer, full width on a phone), where a press jumps to the message
 * and whoever may pin can unpin.
 */
import { useState } from 'react';
import { Button, Drawer, Empty, List, Typography } from 'antd';
import { PushpinFilled, PushpinOutlined } from '@ant-design/icons';
import { useI18n } from '../../i18n';
import type { ChatMessage } from '../../app/socket';
import { messageTime, previewText } from './chat-format';
import type { People } from './use-people';

export interface PinnedBarProps {
  pins: readonly ChatMessage[];
  people: People;
  canPin: boolean;
  onJump: (seq: number) => void;
  onUnpin: (message: ChatMessage) => void;
}

export default function PinnedBar({ pins, people, canPin, onJump, onUnpin }: PinnedBarProps) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  if (!pins.length) return null;
  const newest = pins[0];
  const now = Date.now();
  return (
    <>
      <button type="button" className="chat-pinned-bar" onClick={() => setOpen(true)} data-testid="chat-pinned-bar" data-count={pins.length}>
        <PushpinFilled className="chat-pinned-icon" />
        <span className="chat-pinned-text">
          <span className="chat-pinned-count">{t('wsChatActions.pinnedCount', { count: pins.length })}</span>
          <span className="chat-pinned-preview">{previewText(newest.content, 80)}</span>
        </span>
      </button>
      <Drawer
        open={open}
        onClose={() => setOpen(false)}
        title={t('wsChatActions.pinnedTitle')}
        placement="right"
        width="min(420px, 100vw)"
        data-testid="chat-pins"
        rootClassName="chat-pins-drawer"
      >
        {pins.length ? (
          <List
            dataSource={[...pins]}
            renderItem={(m) => (
              <List.Item
                data-testid="chat-pin-item"
                actions={
                  canPin
                    ? [
                        <Button
                          key="unpin"
                          type="text"
                          size="small"
                          icon={<PushpinOutlined />}
                          onClick={() => onUnpin(m)}
                          aria-label={t('wsChatActions.unpin')}
                          data-testid="chat-unpin"
                        />,
                      ]
                    : []
                }
              >
                <button
                  type="button"
                  className="chat-pin-open"
                  onClick={() => {
                    setOpen(false);
                    onJump(m.seq);
                  }}
                >
                  <Typography.Text strong>{people.senderOf(Number(m.fromId)).name}</Typography.Text>
                  <span className="chat-pin-when">{messageTime(m.createTime, now)}</span>
                  <span className="chat-pin-body">{previewText(m.content, 200)}</span>
                  {!!m.pinnedBy && <span className="chat-pin-by">{t('wsChatActions.pinnedBy', { name: people.senderOf(Number(m.pinnedBy)).name })}</span>}
                </button>
              </List.Item>
            )}
          />
        ) : (
          <Empty description={t('wsChatActions.pinnedNone')} />
        )}
      </Drawer>
    </>
  );
}
