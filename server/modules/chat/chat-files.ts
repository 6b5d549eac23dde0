/**
 * Images and files in chat: a message of type 1 (image) or 2 (file) names a file of the file space,
 * and this file checks and completes its content before the send path stores it (send.service.ts).
 *
 * A client sends `content: { fileId, text?, width?, height? }` and the stored content is
 * `{ fileId, name, size, mime, width?, height?, text? }`:
 * - `fileId` must be a space/info row that exists (rows have no soft delete), that the sender
 *   uploaded (anyone else's: 403, an administrator's own send included), that is private and shared
 *   with this conversation (1002 on content.fileId otherwise): in a group, scope `group` with the
 *   group's id; in a private chat, scope `user` with the receiver's id. An image (type 1) must be one
 *   the upload recognised by its bytes (space/info type `image`, file-types.ts) with an image mime.
 * - name, size and mime come from the row, never from the client (a member renames a file in the
 *   space only after it is sent: the message keeps the name it was sent under).
 * - `text`, an optional caption, at most CAPTION_CHARS characters (empty: none); `width` and
 *   `height`, optional whole numbers from 1 to MAX_PIXELS, as the sender's browser measured them.
 *   Any other key of the client's content is dropped.
 *
 * Who fetches the file (space/info/fileUrl, files/file-access.ts) is the scope's rule, read at each
 * fetch: the group's live members (a member who left no longer gets a url), or, for `user` X, X
 * alone; the uploader and administrators always.
 *
 * The `user` scope (registered by chat-files.start.ts) and why it is safe: scope `user`/X grants X,
 * and only X, the one file it is set on. An upload may name it for any user the uploader may write a
 * private message to (not themself, a user who exists, is enabled and does not block them: the
 * send's own check, chat-access.ts). Naming it gives away nothing but the uploader's own file, to
 * a user they could send it to anyway, and grants nothing to the uploader (who has their own files
 * already); a file shared with X can be sent only into the chat with X, and only by its uploader.
 * The grant does not follow the chat afterwards: a later block leaves sent files readable, as it
 * leaves the history readable.
 */
import { SYSTEM, eq, fail, fieldRule, type InvalidField } from '../../core/api';
import type { AuthUser, Core } from '../../core/api';
import { contentTypeOf } from '../../adapters/storage.adapter';
import { CHAT_FILES, CHAT_FILE_FIELDS } from './chat-files.messages';
import { MESSAGE_TYPE, type MessageInput } from './conversation';

/** The longest caption, in characters. */
export const CAPTION_CHARS = 2000;
/** The largest width or height an image may state, in pixels. */
export const MAX_PIXELS = 100_000;

/** The file scopes of chat files: a group's members, or the other user of a private chat. */
export const CHAT_FILE_SCOPE = { group: 'group', user: 'user' } as const;

/** What a stored image or file message holds. */
export interface AttachmentContent {
  fileId: number;
  name: string;
  size: number;
  mime: string;
  width?: number;
  height?: number;
  text?: string;
}

export function isAttachment(type: number): boolean {
  return type === MESSAGE_TYPE.image || type === MESSAGE_TYPE.file;
}

/** The scope a file of conversation `input` must be shared with. */
function scopeOf(input: MessageInput): { scope: string; scopeId: number } {
  return { scope: input.toType === 1 ? CHAT_FILE_SCOPE.group : CHAT_FILE_SCOPE.user, scopeId: input.toId };
}

const positive = (v: unknown, max: number) => typeof v === 'number' && Number.isSafeInteger(v) && v >= 1 && v <= max;

/** The client's part of the content, checked: every bad field in one 1002. */
function readClientContent(content: unknown): { fileId: number; text?: string; width?: number; height?: number } {
  const errors: InvalidField[] = [];
  if (typeof content !== 'object' || content === null || Array.isArray(content)) {
    throw fail.invalid([{ field: 'content', rule: 'type', params: { type: 'object' } }]);
  }
  const c = content as Record<string, unknown>;
  if (c.fileId === undefined || c.fileId === null) errors.push({ field: 'content.fileId', rule: 'required', params: {} });
  else if (!positive(c.fileId, Number.MAX_SAFE_INTEGER)) errors.push({ field: 'content.fileId', rule: 'type', params: { type: 'integer' } });
  let text: string | undefined;
  if (c.text !== undefined && c.text !== null) {
    if (typeof c.text !== 'string') errors.push({ field: 'content.text', rule: 'type', params: { type: 'string' } });
    else if ([...c.text].length > CAPTION_CHARS) errors.push({ field: 'content.text', rule: 'max_length', params: { limit: CAPTION_CHARS } });
    else if (c.text.trim()) text = c.text;
  }
  const size: { width?: number; height?: number } = {};
  for (const k of ['width', 'height'] as const) {
    if (c[k] === undefined || c[k] === null) continue;
    if (positive(c[k], MAX_PIXELS)) size[k] = c[k] as number;
    else errors.push({ field: `content.${k}`, rule: 'range', params: {} });
  }
  if (errors.length) throw fail.invalid(errors);
  return { fileId: c.fileId as number, ...size, ...(text === undefined ? {} : { text }) };
}

const refuseFile = (key: `field_${string}`) => fail.invalid([{ field: 'content.fileId', rule: fieldRule(key), params: {} }]);

/**
 * The content to store for message `input` of `sender`: an image's or a file's checked and completed
 * (see the file's comment), any other type's as it came. Called after the send's checks, before its
 * transaction.
 */
export async function attachmentContent(core: Core, sender: AuthUser, input: MessageInput): Promise<unknown> {
  if (!isAttachment(input.type)) return input.content;
  const given = readClientContent(input.content);
  const [row] = await core.ops
    .reads(SYSTEM)
    .find('space/info', eq('id', given.fileId), { fields: ['id', 'userId', 'isPrivate', 'scope', 'scopeId', 'name', 'size', 'type', 'key'] });
  if (!row) throw refuseFile(CHAT_FILE_FIELDS.field_chat_file_missing);
  if (row.userId !== sender.id) throw fail.forbidden(CHAT_FILES.chat_file_not_yours);
  const want = scopeOf(input);
  if (!row.isPrivate || row.scope !== want.scope || Number(row.scopeId) !== want.scopeId) throw refuseFile(CHAT_FILE_FIELDS.field_chat_file_scope);
  const mime = contentTypeOf(String(row.key ?? row.name ?? ''));
  if (input.type === MESSAGE_TYPE.image && !(row.type === 'image' && mime.startsWith('image/'))) throw refuseFile(CHAT_FILE_FIELDS.field_chat_file_not_image);
  const out: AttachmentContent = { fileId: given.fileId, name: String(row.name ?? 'file'), size: Number(row.size ?? 0), mime };
  if (given.width !== undefined) out.width = given.width;
  if (given.height !== undefined) out.height = given.height;
  if (given.text !== undefined) out.text = given.text;
  return out;
}
