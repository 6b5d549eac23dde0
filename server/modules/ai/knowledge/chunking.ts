/**
 * Cuts a document's text into the chunks the knowledge index holds. Pure: no database, no clock.
 *
 * A document arrives as blocks in reading order (extract.ts): a PDF page, or a paragraph of a Word
 * or Markdown file, each with its place (`p. 3`, `Setup · ¶ 4`) and its part (the page, or the
 * section under one heading). Decisions:
 * - A chunk never crosses parts: a citation names one page or one section.
 * - Within a part, blocks are joined (a blank line between them) until a chunk holds at least
 *   CHUNK.min characters; a chunk never exceeds CHUNK.max: a longer text is cut at the last
 *   sentence end, else the last space, else hard, before the limit.
 * - Consecutive chunks of a part overlap by about CHUNK.overlap characters (the end of the one
 *   before, from a word start), so a sentence cut in two is still found whole in one of them.
 * - A chunk's place is its first block's; a chunk over several paragraphs names the first and the
 *   last (`¶ 4–6`) when their places differ only by number.
 */

export const CHUNK = { min: 800, max: 1200, overlap: 120 } as const;

/** One block of a document's text. */
export interface TextBlock {
  /** Where it is, as a reader names it. */
  place: string;
  /** Blocks of one part may share a chunk; a chunk never spans two parts. */
  part: number;
  text: string;
}

export interface Chunk {
  place: string;
  text: string;
}

export interface ChunkOptions {
  min?: number;
  max?: number;
  overlap?: number;
}

const clean = (s: string) =>
  s
    .replace(/\r\n?/g, '\n')
    .replace(/[ \t\f\v\u00a0]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();

/** Where to cut `text` at most `max` characters in: after a sentence end, else at a space, else at max. */
export function cutPoint(text: string, max: number): number {
  if (text.length <= max) return text.length;
  const head = text.slice(0, max);
  const floor = Math.floor(max / 2);
  let best = -1;
  for (const m of head.matchAll(/[.!?。！？；;]["'”’)]?\s|[。！？；]|\n/g)) best = m.index! + m[0].length;
  if (best >= floor) return best;
  const space = head.lastIndexOf(' ');
  return space >= floor ? space + 1 : max;
}

/** The last `overlap` characters of `text` or fewer, from the start of a word. */
export function tailOf(text: string, overlap: number): string {
  if (overlap <= 0) return '';
  if (text.length <= overlap) return text;
  const tail = text.slice(text.length - overlap);
  const space = tail.search(/\s/);
  return (space >= 0 && space < tail.length - 1 ? tail.slice(space + 1) : tail).trim();
}

/** `¶ 4` and `¶ 6` of the same heading read `¶ 4–6`; other pairs keep the first place. */
function spanOf(first: string, last: string): string {
  if (first === last) return first;
  const a = /^(.*?)(\d+)$/.exec(first);
  const b = /^(.*?)(\d+)$/.exec(last);
  return a && b && a[1] === b[1] ? `${first}–${b[2]}` : first;
}

/**
 * The chunks of `blocks` (rules in the file's comment).
 *
 * @example
 * chunkBlocks([{ place: 'p. 1', part: 1, text: 'Hello.' }]) // [{ place: 'p. 1', text: 'Hello.' }]
 */
export function chunkBlocks(blocks: readonly TextBlock[], opts: ChunkOptions = {}): Chunk[] {
  const min = opts.min ?? CHUNK.min;
  const max = Math.max(opts.max ?? CHUNK.max, min);
  const overlap = Math.min(opts.overlap ?? CHUNK.overlap, Math.floor(min / 2));
  const out: Chunk[] = [];
  let text = '';
  let first = '';
  let last = '';
  let part: number | null = null;
  /** Characters of `text` that repeat the chunk before (never a chunk on their own). */
  let carried = 0;
  const emit = (body: string) => {
    const t = body.trim();
    if (t) out.push({ place: spanOf(first, last), text: t });
  };
  const flush = () => {
    if (text.length > carried) emit(text);
    text = '';
    carried = 0;
  };
  for (const block of blocks) {
    const body = clean(block.text);
    if (!body) continue;
    if (part !== null && block.part !== part) flush();
    if (!text) first = block.place;
    part = block.part;
    last = block.place;
    text = text ? `${text}\n\n${body}` : body;
    while (text.length > max) {
      const at = cutPoint(text, max);
      const piece = text.slice(0, at);
      emit(piece);
      const tail = tailOf(piece, overlap);
      text = `${tail}${tail ? ' ' : ''}${text.slice(at).trimStart()}`;
      carried = tail.length + (tail ? 1 : 0);
      first = block.place;
    }
    if (text.length >= min) {
      emit(text);
      const tail = tailOf(text, overlap);
      text = tail;
      carried = tail.length;
      first = block.place;
    }
  }
  flush();
  return out;
}
