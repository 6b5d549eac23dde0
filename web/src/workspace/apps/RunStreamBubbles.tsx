/**
 * The live answers of the runs under way in one conversation, at the foot of its message list: one
 * bubble per run, growing with each delta notice, gone when the stored answer (or error) message
 * arrives, which the list then shows in its place. An AI member's reply is shown under the member's
 * own name and picture (as its stored answer will be), an app's under the app's; before the first
 * piece the bubble says the AI is thinking.
 */
import { useLayoutEffect, type ReactNode } from 'react';
import { Button, Tag } from 'antd';
import { LoadingOutlined, StopOutlined } from '@ant-design/icons';
import { useI18n } from '../../i18n';
import type { ChatMessage, Target } from '../../app/socket';
import { SenderAvatar } from '../chat/MessageItem';
import type { Sender } from '../chat/use-people';
import AppRow from './AppRow';
import { useCatalogue } from './use-catalogue';
import { conversationKeyOf } from './run-stream-model';
import { runAppOf, useConversationStreams } from './use-run-streams';
import { stopChain } from './ChainLine';
import '../../i18n/apps-texts';
import '../../i18n/chains-texts';

export interface RunStreamBubblesProps {
  /** The signed-in member and the conversation the list shows. */
  me: number;
  target: Target;
  /** The messages the list holds (a held final message hides its live bubble). */
  held: readonly ChatMessage[];
  /** Called after a bubble grew, so the list can follow the reader down. */
  onGrow: () => void;
  /** Who a user is in this conversation (the AI member answering). */
  senderOf: (userId: number) => Sender;
}

function MemberRow({ sender, state, children, attrs }: { sender: Sender; state: ReactNode; children: ReactNode; attrs: Record<string, string | number> }) {
  const { t } = useI18n();
  return (
    <div className="chat-msg head" {...attrs}>
      <div className="chat-msg-avatar">
        <SenderAvatar sender={sender} />
      </div>
      <div className="chat-msg-body">
        <div className="chat-msg-meta">
          <span className="chat-msg-name">{sender.name}</span>
          <Tag color="purple" bordered={false} className="chat-ai-tag">
            {t('wsChat.ai')}
          </Tag>
          {state}
        </div>
        {children}
      </div>
    </div>
  );
}

export default function RunStreamBubbles({ me, target, held, onGrow, senderOf }: RunStreamBubblesProps) {
  const { t } = useI18n();
  const live = useConversationStreams(conversationKeyOf(me, target), held);
  const { byId } = useCatalogue();
  useLayoutEffect(() => {
    if (live.length) onGrow();
  }, [live]); // a new array whenever a bubble of this conversation changed
  return (
    <>
      {live.map((r) => {
        const thinking = r.pieces === 0;
        // Before its text: thinking, reading the group's files or calling a tool, as the server says.
        const phase = thinking ? (r.phase ?? 'thinking') : 'answering';
        const label =
          phase === 'reading'
            ? t('wsChains.reading')
            : phase === 'calling'
              ? t('wsChains.calling', { tool: r.tool ?? '' })
              : thinking
                ? t('wsApps.chat.thinking')
                : t('wsApps.chat.answering');
        const state = (
          <>
            <span className="apps-answering" data-testid="run-stream-state" data-state={phase}>
              <LoadingOutlined /> {label}
            </span>
            {r.chainId && r.payerId === me && (
              <Button
                size="small"
                type="link"
                danger
                icon={<StopOutlined />}
                onClick={() => void stopChain(r.chainId!, t('wsChains.stopFailed'))}
                title={t('wsChains.stopHint')}
                data-testid="run-stream-stop"
              >
                {t('wsChains.stop')}
              </Button>
            )}
          </>
        );
        const attrs = { 'data-testid': 'run-stream', 'data-run': r.runId, 'data-from': r.fromId ?? '' };
        const bubble = (
          <div className="chat-bubble apps-live" title={r.complete ? undefined : t('wsApps.chat.missing')}>
            {thinking ? <span className="apps-thinking">…</span> : r.text}
          </div>
        );
        if (r.fromId) {
          return (
            <MemberRow key={r.runId} sender={{ ...senderOf(r.fromId), ai: true }} state={state} attrs={attrs}>
              {bubble}
            </MemberRow>
          );
        }
        const appId = runAppOf(r.runId);
        return (
          <AppRow key={r.runId} app={appId ? byId.get(appId) : undefined} appId={appId} state={state} attrs={attrs}>
            {bubble}
          </AppRow>
        );
      })}
    </>
  );
}
