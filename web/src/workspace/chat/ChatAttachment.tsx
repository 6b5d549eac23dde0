/**
 * An image or a file in a chat message (types 1 and 2, chat-attachment.ts), in the message's bubble:
 * - an image: a thumbnail (at most 240 px wide, the image's aspect, its box sized before it loads)
 *   that opens the viewer (antd's Image preview: zoom, rotate, Esc to close) on a click or a tap;
 * - a file: its kind's icon, its name (cut with an ellipsis, the whole name as its title), its size
 *   and a Download button that saves it under its own name;
 * - the caption, when the sender wrote one, under either.
 *
 * Decisions the spec leaves open:
 * - Nothing is asked before the attachment comes near the screen; then one signed url is asked
 *   (use-file-url.ts) and kept until shortly before it expires. The viewer asks for a fresh one when
 *   the held one has run out (a conversation left open for minutes).
 * - A file the member may no longer open (removed from the space, or a group they left) shows
 *   "no longer available" in the attachment's place; a failure to ask shows "could not be loaded"
 *   with Try again.
 */
import { memo, useRef, useState } from 'react';
import { saveUrl as save } from '../../lib/save-file';
import { Button, Image } from 'antd';
import { DownloadOutlined, FileExclamationOutlined, PictureOutlined, ReloadOutlined } from '@ant-design/icons';
import { useI18n } from '../../i18n';
import '../../i18n/chat-files-texts';
import { notify } from '../../app/notify';
import { formatSize, kindOf, KindIcon } from '../../components/space';
import { attachmentOf, IMAGE_TYPE, thumbSize, type Attachment } from './chat-attachment';
import { isUnavailable } from './file-urls';
import { chatFileUrls, useFileUrl, useSeen, type FileUrl } from './use-file-url';
import './chat-files.css';

function Unavailable() {
  const { t } = useI18n();
  return (
    <div className="chat-att-missing" data-testid="chat-att-unavailable" title={t('wsChatFiles.unavailableHint')}>
      <FileExclamationOutlined />
      <span>{t('wsChatFiles.unavailable')}</span>
    </div>
  );
}

function Failed({ onRetry }: { onRetry: () => void }) {
  const { t } = useI18n();
  return (
    <div className="chat-att-missing" data-testid="chat-att-failed">
      <FileExclamationOutlined />
      <span>{t('wsChatFiles.loadFailed')}</span>
      <Button size="small" icon={<ReloadOutlined />} onClick={onRetry} data-testid="chat-att-retry">
        {t('wsChatFiles.retry')}
      </Button>
    </div>
  );
}

function ImageThumb({ a, file }: { a: Attachment; file: FileUrl }) {
  const { t } = useI18n();
  const [broken, setBroken] = useState(false);
  const box = thumbSize(a.width, a.height);
  const style = { width: box.width, aspectRatio: `${box.width} / ${box.height}` };
  if (file.status === 'unavailable') return <Unavailable />;
  if (file.status === 'failed' || broken) {
    return (
      <Failed
        onRetry={() => {
          setBroken(false);
          file.reload();
        }}
      />
    );
  }
  return (
    <div className="chat-att-thumb" style={style} data-testid="chat-att-image">
      {file.url ? (
        <Image
          src={file.url}
          alt={a.name}
          width="100%"
          height="100%"
          loading="lazy"
          onError={() => setBroken(true)}
          preview={{
            src: file.url,
            mask: <PictureOutlined aria-label={t('wsChatFiles.openImage', { name: a.name })} />,
            // A url that has run out is asked again before the viewer loads the full image.
            onVisibleChange: (open) => {
              if (open && !chatFileUrls.cached(a.fileId)) file.reload();
            },
          }}
        />
      ) : (
        <div className="chat-att-thumb-wait" aria-label={t('wsChatFiles.image')} />
      )}
    </div>
  );
}

function FileCard({ a, file }: { a: Attachment; file: FileUrl }) {
  const { t } = useI18n();
  const [busy, setBusy] = useState(false);
  if (file.status === 'unavailable') return <Unavailable />;
  const download = async () => {
    setBusy(true);
    try {
      save(await chatFileUrls.get(a.fileId), a.name);
    } catch (err) {
      if (isUnavailable(err)) file.reload();
      else notify('error', t('wsChatFiles.loadFailed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="chat-att-file" data-testid="chat-att-file">
      <span className="chat-att-icon">
        <KindIcon kind={kindOf(a.name)} size={26} />
      </span>
      <span className="chat-att-file-text">
        <span className="chat-att-name" title={a.name}>
          {a.name}
        </span>
        {a.size !== null && <span className="chat-att-size">{formatSize(a.size)}</span>}
      </span>
      <Button
        shape="circle"
        icon={<DownloadOutlined />}
        loading={busy}
        onClick={() => void download()}
        aria-label={t('wsChatFiles.downloadName', { name: a.name })}
        title={t('wsChatFiles.download')}
        data-testid="chat-att-download"
      />
    </div>
  );
}

/** The attachment of `message` (its type and content), with its caption. */
export default memo(function ChatAttachment({ message }: { message: { type?: unknown; content: unknown } }) {
  const a = attachmentOf(message.content);
  const ref = useRef<HTMLDivElement>(null);
  const seen = useSeen(ref);
  const file = useFileUrl(a?.fileId ?? 0, seen && !!a);
  const image = Number(message.type) === IMAGE_TYPE;
  return (
    <div
      ref={ref}
      className={`chat-att ${image ? 'chat-att-is-image' : 'chat-att-is-file'}`}
      data-testid="chat-attachment"
      data-state={a ? file.status : 'unavailable'}
    >
      {!a ? <Unavailable /> : image ? <ImageThumb a={a} file={file} /> : <FileCard a={a} file={file} />}
      {a?.text && (
        <div className="chat-att-caption" data-testid="chat-att-caption">
          {a.text}
        </div>
      )}
    </div>
  );
});
