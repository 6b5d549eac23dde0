/**
 * The composer's paperclip: picks images or files, uploads each privately to the file space shared
 * with the conversation (its group, or the other user of a private chat: chat-attachment.ts
 * fileScopeOf), within the space's limits (SpaceUpload: at most 9 at once, 100 MB each), and hands
 * each stored file to `onSend` as a message: an image the browser can show as type 1, with the
 * width and height it measured, anything else as type 2. The uploads' progress shows above the
 * composer; a refused or failed upload stays there in red, with the server's reason told too.
 *
 * Decisions the spec leaves open:
 * - Each file is sent as soon as it is stored, on its own, without a caption (the composer's text is
 *   the member's next message, not the file's caption); files picked together are sent in the order
 *   their uploads finish.
 * - The message carries the file's name and size for the moment it shows as "sending"; the server
 *   replaces them with the file row's own.
 */
import { Button } from 'antd';
import { PaperClipOutlined } from '@ant-design/icons';
import { useI18n } from '../../i18n';
import '../../i18n/chat-files-texts';
import { SpaceUpload, type SpaceFile } from '../../components/space';
import type { Target } from '../../app/socket';
import { FILE_TYPE, fileScopeOf, IMAGE_TYPE, sendsAsImage } from './chat-attachment';
import './chat-files.css';

/** The largest side the server keeps (server/modules/chat/chat-files.ts MAX_PIXELS). */
const MAX_PIXELS = 100_000;

export interface AttachButtonProps {
  target: Target;
  disabled?: boolean;
  onSend: (message: { type: number; content: unknown }) => void;
}

/** The size of an image as the browser decodes it, or null when it cannot show it. */
function measureImage(file: Blob): Promise<{ width: number; height: number } | null> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const img = new window.Image();
    const done = (size: { width: number; height: number } | null) => {
      URL.revokeObjectURL(url);
      resolve(size);
    };
    img.onload = () => done(img.naturalWidth > 0 && img.naturalHeight > 0 ? { width: img.naturalWidth, height: img.naturalHeight } : null);
    img.onerror = () => done(null);
    img.src = url;
  });
}

export default function AttachButton({ target, disabled, onSend }: AttachButtonProps) {
  const { t } = useI18n();

  const sendFile = async (row: SpaceFile, file: File) => {
    const name = row.name ?? file.name;
    const content = { fileId: row.id, name, size: row.size ?? file.size };
    if (sendsAsImage(name, row.type)) {
      const size = await measureImage(file);
      if (size) {
        const fits = size.width <= MAX_PIXELS && size.height <= MAX_PIXELS;
        onSend({ type: IMAGE_TYPE, content: fits ? { ...content, ...size } : content });
        return;
      }
    }
    onSend({ type: FILE_TYPE, content });
  };

  return (
    <span className="chat-attach" data-testid="chat-attach-area">
      <SpaceUpload scope={fileScopeOf(target)} onUploaded={(row, file) => void sendFile(row, file)}>
        <Button
          icon={<PaperClipOutlined />}
          disabled={disabled}
          aria-label={t('wsChatFiles.attach')}
          title={t('wsChatFiles.attach')}
          data-testid="chat-attach"
        />
      </SpaceUpload>
    </span>
  );
}
