/**
 * Images and files in chat, as data: which messages hold one, what their content says, the file
 * scope a conversation's uploads are shared with, and the size a thumbnail is shown at.
 *
 * The server's contract (server/modules/chat/chat-files.ts): type 1 is an image and 2 a file; the
 * stored content is `{ fileId, name, size, mime, width?, height?, text? }` (text: a caption), name,
 * size and mime taken from the file's row. A client sends `{ fileId, text?, width?, height? }` and
 * may add name, size and mime, which the server replaces (they show the message while it is sent).
 *
 * Decisions the spec leaves open:
 * - A thumbnail is at most 240 px wide and 320 px high, never larger than the image, with the
 *   image's aspect; its box is sized before it loads (from the width and height the sender's browser
 *   measured), so loading images never moves the list. Without them, a 240 by 180 box.
 * - Images a browser shows (png, jpg, gif, webp, bmp, svg) are sent as images; any other file, a
 *   tif included, as a file.
 */
import type { Target } from '../../app/socket';
import type { FileScope } from '../../components/space';

export const IMAGE_TYPE = 1;
export const FILE_TYPE = 2;

export const THUMB_MAX_WIDTH = 240;
export const THUMB_MAX_HEIGHT = 320;
const THUMB_DEFAULT = { width: THUMB_MAX_WIDTH, height: 180 };

/** Extensions of images a browser shows in an <img>. */
const SHOWN_IMAGES = ['png', 'jpg', 'jpeg', 'gif', 'webp', 'bmp', 'svg'];

export interface Attachment {
  fileId: number;
  name: string;
  size: number | null;
  mime: string;
  width: number | null;
  height: number | null;
  text: string;
}

export function isAttachment(type: unknown): boolean {
  const n = Number(type);
  return n === IMAGE_TYPE || n === FILE_TYPE;
}

const whole = (v: unknown): number | null => (typeof v === 'number' && Number.isSafeInteger(v) && v > 0 ? v : null);

/** The attachment a message's content names, or null when it names none. */
export function attachmentOf(content: unknown): Attachment | null {
  if (!content || typeof content !== 'object' || Array.isArray(content)) return null;
  const c = content as Record<string, unknown>;
  const fileId = whole(c.fileId);
  if (fileId === null) return null;
  return {
    fileId,
    name: typeof c.name === 'string' && c.name ? c.name : `#${fileId}`,
    size: typeof c.size === 'number' && c.size >= 0 ? c.size : null,
    mime: typeof c.mime === 'string' ? c.mime : '',
    width: whole(c.width),
    height: whole(c.height),
    text: typeof c.text === 'string' ? c.text.trim() : '',
  };
}

/** The scope a conversation's files are shared with: the group, or the other user of a private chat. */
export function fileScopeOf(target: Target): FileScope {
  return target.toType === 1 ? { scope: 'group', scopeId: target.toId } : { scope: 'user', scopeId: target.toId };
}

/** The size a thumbnail is shown at (see the decisions above). */
export function thumbSize(width: number | null, height: number | null): { width: number; height: number } {
  if (!width || !height) return THUMB_DEFAULT;
  const scale = Math.min(1, THUMB_MAX_WIDTH / width, THUMB_MAX_HEIGHT / height);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** Whether a file of this name is sent as an image (a browser shows it), given the server found it one. */
export function sendsAsImage(name: string, serverType: unknown): boolean {
  const m = /\.([A-Za-z0-9]{1,10})$/.exec(name);
  return serverType === 'image' && !!m && SHOWN_IMAGES.includes(m[1].toLowerCase());
}

/** The text the conversation list shows of an attachment: an image's caption or name, a file's name. */
export function attachmentPreview(type: unknown, content: unknown): string {
  const a = attachmentOf(content);
  if (!a) return '';
  return Number(type) === IMAGE_TYPE && a.text ? a.text : a.name;
}
