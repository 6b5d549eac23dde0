/**
 * What an uploaded file is: its safe display name, its type group of 000 §9 from the extension, and,
 * for images, whether the content's first bytes agree with that extension.
 */

export type TypeGroup = 'image' | 'video' | 'audio' | 'word' | 'excel' | 'ppt' | 'pdf' | 'archive' | 'other';

/** The file type groups of 000 §9 (word, excel and ppt by their usual Office extensions). */
export const TYPE_GROUPS: Record<Exclude<TypeGroup, 'other'>, readonly string[]> = {
  image: ['bmp', 'jpg', 'jpeg', 'png', 'tif', 'gif', 'svg', 'webp'],
  video: ['avi', 'wmv', 'mpg', 'mpeg', 'mov', 'rm', 'ram', 'swf', 'flv', 'mp4'],
  audio: ['mp3', 'wav', 'wma', 'mp2', 'flac', 'midi', 'ra', 'ape', 'aac', 'cda'],
  word: ['doc', 'docx'],
  excel: ['xls', 'xlsx'],
  ppt: ['ppt', 'pptx'],
  pdf: ['pdf'],
  archive: ['rar', 'zip'],
};

const GROUP_OF = new Map<string, TypeGroup>(Object.entries(TYPE_GROUPS).flatMap(([g, exts]) => exts.map((x) => [x, g as TypeGroup] as const)));

/** Bytes of the content looked at to recognise an image (an SVG's root element may follow a prolog). */
export const HEAD_BYTES = 1024;
const MAX_NAME = 200;

/**
 * The name a file is listed under: the last segment of what the client sent (no folders, so no `../`
 * and no absolute path), without control characters or NUL, no leading dots, at most 200 characters
 * (its extension kept). Only ever stored as data: files are stored under generated keys.
 */
export function safeName(raw: string | undefined): string {
  let s = (raw ?? '').normalize('NFC').replace(/[\u0000-\u001f\u007f]/g, '');
  s = (s.split(/[\\/]/).pop() ?? '').trim().replace(/^[.\s]+/, '');
  if ([...s].length > MAX_NAME) {
    const ext = extensionOf(s);
    const keep = MAX_NAME - (ext ? ext.length + 1 : 0);
    s = [...s].slice(0, keep).join('') + (ext ? `.${ext}` : '');
  }
  return s || 'file';
}

/** The lower-case extension of a name when it is 1-10 letters or digits, else ''. */
export function extensionOf(name: string): string {
  const m = /\.([A-Za-z0-9]{1,10})$/.exec(name);
  return m ? m[1].toLowerCase() : '';
}

export function groupOf(ext: string): TypeGroup {
  return GROUP_OF.get(ext) ?? 'other';
}

const startsWith = (head: Buffer, bytes: number[], at = 0) => bytes.every((b, i) => head[at + i] === b);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/** Whether the first bytes of a file are those of an image of this extension. */
export function looksLikeImage(ext: string, head: Buffer): boolean {
  switch (ext) {
    case 'png':
      return startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    case 'jpg':
    case 'jpeg':
      return startsWith(head, [0xff, 0xd8, 0xff]);
    case 'gif':
      return startsWith(head, ascii('GIF87a')) || startsWith(head, ascii('GIF89a'));
    case 'bmp':
      return startsWith(head, ascii('BM')) && head.length >= 26;
    case 'webp':
      return startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBP'), 8);
    case 'tif':
      return startsWith(head, [0x49, 0x49, 0x2a, 0x00]) || startsWith(head, [0x4d, 0x4d, 0x00, 0x2a]);
    case 'svg': {
      // An XML document whose root is <svg>: only a prolog, comments or a doctype may come before it.
      const text = head.toString('utf8').replace(/^\uFEFF/, '');
      const rest = text.replace(/^(\s+|<\?xml[^>]*\?>|<!--[\s\S]*?-->|<!DOCTYPE\s+svg[^>]*>)*/i, '');
      return /^<svg[\s>/]/i.test(rest) && !/<(html|body|iframe|object|embed)[\s>/]/i.test(text);
    }
    default:
      return false;
  }
}

export interface FileKind {
  /** Type group stored in space/info.type. */
  type: TypeGroup;
  /** Extension of the storage key. */
  ext: string;
}

/**
 * How a file is stored: an image whose content is not what its extension says is stored as `other`
 * under `.bin` (served as an octet-stream download), so a `.png` holding HTML is never shown as a page.
 */
export function classify(name: string, head: Buffer): FileKind {
  const ext = extensionOf(name);
  const type = groupOf(ext);
  if (type === 'image' && !looksLikeImage(ext, head)) return { type: 'other', ext: 'bin' };
  return { type, ext: ext || 'bin' };
}
