/**
 * The sources under an AI member's answer (issue 41): the files and messages of the group it read,
 * numbered as the answer cites them ([1], [2]...), from the answer's `content.sources`. A file
 * source names the file and the place (`p. 3`, `Setup · ¶ 4`) and saves the file through its signed
 * url (a file the reader may no longer open says so); a message source jumps to that message in the
 * conversation (`onOpenMessage(seq)`, as a quote does).
 *
 * Usage (under an AI answer in MessageItem): `<MessageSources sources={sourcesOf(message.content)} onOpenMessage={onQuote} />`.
 */
import { memo } from 'react';
import { FileTextOutlined, MessageOutlined } from '@ant-design/icons';
import { useI18n } from '../../i18n';
import '../../i18n/knowledge-texts';
import { saveUrl } from '../../lib/save-file';
import { isUnavailable } from './file-urls';
import { chatFileUrls } from './use-file-url';
import { type AnswerSource } from './message-sources';
import './message-sources.css';
import { useAppApi } from '../../app/app-api';

export { sourcesOf, type AnswerSource } from './message-sources';

interface Props {
  sources: AnswerSource[];
  /** Jump to message `seq` of this conversation. */
  onOpenMessage?: (seq: number) => void;
}

function MessageSources({ sources, onOpenMessage }: Props) {
  const { t } = useI18n();
  const { message } = useAppApi();
  if (!sources.length) return null;
  const open = async (s: AnswerSource) => {
    try {
      saveUrl(await chatFileUrls.get(s.fileId!), s.name ?? 'file');
    } catch (err) {
      void message.error(isUnavailable(err) ? t('wsKnowledge.sourceUnavailable') : err instanceof Error ? err.message : String(err));
    }
  };
  return (
    <div className="chat-sources" data-testid="chat-sources">
      <span className="chat-sources-title">{t('wsKnowledge.sources')}</span>
      <ol className="chat-sources-list">
        {sources.map((s) => (
          <li key={s.n} value={s.n}>
            {s.kind === 'file' ? (
              <button
                type="button"
                className="chat-source"
                title={t('wsKnowledge.sourceFile', { name: s.name ?? '' })}
                onClick={() => void open(s)}
                data-testid="chat-source-file"
              >
                <span className="chat-source-n">[{s.n}]</span>
                <FileTextOutlined />
                <span className="chat-source-name">{s.name}</span>
                {s.place && <span className="chat-source-place">{s.place}</span>}
              </button>
            ) : (
              <button
                type="button"
                className="chat-source"
                title={t('wsKnowledge.sourceMessageJump', { seq: s.seq! })}
                onClick={() => onOpenMessage?.(s.seq!)}
                disabled={!onOpenMessage}
                data-testid="chat-source-message"
                data-seq={s.seq}
              >
                <span className="chat-source-n">[{s.n}]</span>
                <MessageOutlined />
                <span className="chat-source-name">{t('wsKnowledge.sourceMessage', { seq: s.seq! })}</span>
              </button>
            )}
          </li>
        ))}
      </ol>
    </div>
  );
}

export default memo(MessageSources);
