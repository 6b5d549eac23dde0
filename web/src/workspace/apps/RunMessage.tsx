/**
 * The stored messages of a run in the message list (types 20-22, see run-stream-model.ts): the
 * request as the member's bubble marked with the app it ran, the answer spoken by the app, and a
 * failed run's error as the app's red bubble saying the tokens were refunded.
 *
 * Decisions the spec leaves open:
 * - The server stores answers with the member who ran the app as sender (run-messages.ts); they are
 *   shown as the app's (its picture and name from the public catalogue), which is who wrote them.
 * - An object input is shown as `key: value` lines, values other than text as JSON.
 * - An ended run's answer or error links to its receipt for whoever paid: an app run's messages are
 *   stored as its payer's, so only they see the link. An AI member's reply is stored as the AI
 *   member's and the message does not say who asked, so everyone sees it there and the receipt
 *   answers "not available" to all but the payer.
 */
import MessageSources, { sourcesOf } from '../chat/MessageSources';
import { memo, type ReactNode } from 'react';
import { ThunderboltOutlined } from '@ant-design/icons';
import { useI18n } from '../../i18n';
import type { ChatMessage } from '../../app/socket';
import { messageTime } from '../chat/chat-format';
import type { Sender } from '../chat/use-people';
import AppRow from './AppRow';
import RunReceiptButton from '../../components/receipt/RunReceiptButton';
import { answerText, appName, failureText } from './app-format';
import { receiptRunOf, RUN_MESSAGE_TYPE } from './run-stream-model';
import { useCatalogue } from './use-catalogue';
import './apps.css';
import '../../i18n/apps-texts';

/** Whether the list shows `m` as a run message: a request, answer or error naming its app. */
export function isRunMessage(m: Pick<ChatMessage, 'type'> & { appId?: unknown }): boolean {
  const type = Number(m.type);
  return Number(m.appId) > 0 && (type === RUN_MESSAGE_TYPE.request || type === RUN_MESSAGE_TYPE.answer || type === RUN_MESSAGE_TYPE.error);
}

/** A run's input as text: itself when text, else one `key: value` line per property. */
export function inputText(content: unknown): string {
  if (content && typeof content === 'object' && !Array.isArray(content)) {
    return Object.entries(content as Record<string, unknown>)
      .map(([k, v]) => `${k}: ${typeof v === 'string' ? v : JSON.stringify(v)}`)
      .join('\n');
  }
  return answerText(content).text;
}

export interface RunMessageProps {
  message: ChatMessage;
  mine: boolean;
  sender: Sender;
  /** The sender's avatar as the list draws it (another member's request). */
  avatar: ReactNode;
  showName: boolean;
  now: number;
  /** A source of the answer that is a message of the conversation was pressed: jump there. */
  onJump?: (seq: number) => void;
}

export const RunMessage = memo(function RunMessage({ message: m, mine, sender, avatar, showName, now, onJump }: RunMessageProps) {
  const { t } = useI18n();
  const { byId } = useCatalogue();
  const app = byId.get(Number(m.appId));
  const time = messageTime(m.createTime, now);
  const type = Number(m.type);

  if (type === RUN_MESSAGE_TYPE.request) {
    return (
      <div className={`chat-msg head${mine ? ' mine' : ''}`} data-testid="run-request" data-seq={m.seq} data-mine={mine ? '1' : '0'}>
        {!mine && <div className="chat-msg-avatar">{avatar}</div>}
        <div className="chat-msg-body">
          <div className="chat-msg-meta">
            {showName && !mine && <span className="chat-msg-name">{sender.name}</span>}
            <span className="apps-ran">
              <ThunderboltOutlined /> {t('wsApps.chat.ran', { name: appName(t, app, m.appId) })}
            </span>
            <span className="chat-msg-time">{time}</span>
          </div>
          <div className="chat-bubble">{inputText(m.content)}</div>
        </div>
      </div>
    );
  }

  const failed = type === RUN_MESSAGE_TYPE.error;
  const shown = failed ? null : answerText(m.content);
  const receiptRun = receiptRunOf(m, mine, sender.ai);
  return (
    <AppRow
      app={app}
      appId={m.appId}
      time={time}
      attrs={{ 'data-testid': failed ? 'run-error' : 'run-answer', 'data-seq': m.seq, 'data-run': Number(m.relateId) || undefined }}
    >
      {failed ? (
        <div className="chat-bubble apps-bubble-failed">{t('wsApps.chat.failed', { name: appName(t, app, m.appId), reason: failureText(t, m.content) })}</div>
      ) : shown!.raw ? (
        <pre className="chat-raw">{shown!.text}</pre>
      ) : (
        <div className="chat-bubble">{shown!.text}</div>
      )}
      {!failed && <MessageSources sources={sourcesOf(m.content)} onOpenMessage={onJump} />}
      {receiptRun > 0 && <RunReceiptButton runId={receiptRun} />}
    </AppRow>
  );
});
