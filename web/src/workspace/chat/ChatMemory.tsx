/**
 * What the AI members remember of a conversation (issue 41): the rolling summary they read before its
 * latest messages (`ai/summary/read`), with when it was written and the last message it covers, in a
 * drawer that is full width on phones. `ChatMemoryButton` is the header's button that opens it:
 *
 *   <ChatMemoryButton target={target} />
 *
 * Decisions:
 * - Read each time the drawer opens (a summary changes after replies, rarely): no cache to go stale.
 * - A 403 (not a member any more) says who may read it rather than showing an error.
 * - The summary is shown as plain text with its line breaks, never as markup: a model wrote it.
 */
import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, Drawer, Empty, Grid, Skeleton, Tooltip, Typography } from 'antd';
import { BulbOutlined, CloseOutlined } from '@ant-design/icons';
import '../../i18n/chat-memory-texts';
import { useI18n } from '../../i18n';
import { calls } from '../../app/data';
import { ApiError } from '../../lib/http';
import { formatDateTime } from '../../app/money';
import type { Target } from '../../app/socket';
import './chat-memory.css';

type Memory = Awaited<ReturnType<typeof calls.ai.summary.read>>;
type Loaded = { state: 'loading' } | { state: 'ready'; memory: Memory } | { state: 'refused' } | { state: 'failed' };

function useMemory(target: Target, open: boolean): { loaded: Loaded; retry: () => void } {
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!open) return;
    let live = true;
    setLoaded({ state: 'loading' });
    calls.ai.summary.read({ toType: target.toType, toId: target.toId }, { silent: true }).then(
      (memory) => live && setLoaded({ state: 'ready', memory }),
      (e: unknown) => live && setLoaded({ state: e instanceof ApiError && e.status === 403 ? 'refused' : 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [target.toType, target.toId, open, attempt]);
  return { loaded, retry: useCallback(() => setAttempt((n) => n + 1), []) };
}

export interface ChatMemoryProps {
  open: boolean;
  /** The conversation: a group (toType 1) or the other user of a private chat (toType 0). */
  target: Target;
  onClose(): void;
}

/** The drawer with the conversation's summary. */
export default function ChatMemory({ open, target, onClose }: ChatMemoryProps) {
  const { t, lang } = useI18n();
  const screens = Grid.useBreakpoint();
  const { loaded, retry } = useMemory(target, open);
  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t('wsChatMemory.title')}
      width={screens.md ? 440 : '100%'}
      className="chat-memory-drawer"
      data-testid="chat-memory"
      closeIcon={<CloseOutlined aria-label={t('wsChatMemory.close')} data-testid="chat-memory-close" />}
    >
      <div className="chat-memory" data-state={loaded.state}>
        <Typography.Paragraph type="secondary" className="chat-memory-intro">
          {t('wsChatMemory.intro')}
        </Typography.Paragraph>
        {loaded.state === 'loading' && <Skeleton active paragraph={{ rows: 4 }} />}
        {loaded.state === 'refused' && <Alert type="info" showIcon message={t('wsChatMemory.notMember')} />}
        {loaded.state === 'failed' && (
          <Alert
            type="warning"
            showIcon
            message={t('wsChatMemory.failed')}
            action={
              <Button size="small" onClick={retry}>
                {t('wsChatMemory.retry')}
              </Button>
            }
          />
        )}
        {loaded.state === 'ready' && !loaded.memory && (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('wsChatMemory.empty')} data-testid="chat-memory-empty">
            <Typography.Text type="secondary">{t('wsChatMemory.emptyHint')}</Typography.Text>
          </Empty>
        )}
        {loaded.state === 'ready' && loaded.memory && (
          <article className="chat-memory-card" data-testid="chat-memory-summary" data-seq={loaded.memory.upToSeq}>
            <div className="chat-memory-text">{loaded.memory.text}</div>
            <div className="chat-memory-meta">
              {loaded.memory.updateTime && <span>{t('wsChatMemory.updated', { time: formatDateTime(loaded.memory.updateTime, lang) })}</span>}
              <span>{t('wsChatMemory.covers', { seq: loaded.memory.upToSeq })}</span>
            </div>
          </article>
        )}
      </div>
    </Drawer>
  );
}

/** The header's button that opens what the AI members remember of `target`. */
export function ChatMemoryButton({ target }: { target: Target }) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Tooltip title={t('wsChatMemory.open')}>
        <Button type="text" icon={<BulbOutlined />} onClick={() => setOpen(true)} aria-label={t('wsChatMemory.open')} data-testid="chat-memory-open" />
      </Tooltip>
      {open && <ChatMemory open={open} target={target} onClose={() => setOpen(false)} />}
    </>
  );
}
