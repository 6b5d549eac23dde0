/**
 * Which parts of a found message's text the search panel marks, and the piece of a long text it
 * shows. The server matches words, and Chinese, Japanese and Korean text by pairs of characters
 * (server/modules/chat/search/terms.ts); the panel marks what a reader recognizes of the query:
 * each word (also as the start of a longer word, as the server matches the last one), and each CJK
 * run of the query, or its pairs where the text holds them apart.
 *
 *   highlightParts('We deploy today', searchNeedles('deploy'))
 *   // [{ text: 'We ', hit: false }, { text: 'deploy', hit: true }, { text: ' today', hit: false }]
 */

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u30fc]/u;
const WORD = /[\p{L}\p{N}\p{M}]/u;

export interface TextPart {
  text: string;
  hit: boolean;
}

/** Whether a query holds anything the server can search for (a letter or a digit). */
export function hasSearchWord(q: string): boolean {
  return WORD.test(q) || CJK.test(q);
}

/** The strings to mark for query `q`, lower-cased, longest first. */
export function searchNeedles(q: string): string[] {
  const out = new Set<string>();
  let run = '';
  let cjk = false;
  const end = () => {
    if (!run) return;
    out.add(run);
    const chars = [...run];
    if (cjk) for (let i = 0; i + 1 < chars.length; i++) out.add(chars[i] + chars[i + 1]);
    run = '';
  };
  for (const ch of q.normalize('NFKC').toLowerCase()) {
    const isCjk = CJK.test(ch);
    if (!isCjk && !WORD.test(ch)) {
      end();
      continue;
    }
    if (run && isCjk !== cjk) end();
    cjk = isCjk;
    run += ch;
  }
  end();
  return [...out].sort((a, b) => b.length - a.length);
}

/** Spans [start, end) of `text` that some needle covers, merged and in order. */
function spans(text: string, needles: readonly string[]): Array<[number, number]> {
  const lower = text.toLowerCase();
  // Lower-casing keeps the length for nearly every text; where it does not, indexes would drift.
  const hay = lower.length === text.length ? lower : text;
  const found: Array<[number, number]> = [];
  for (const n of needles) {
    if (!n) continue;
    for (let at = hay.indexOf(n); at !== -1; at = hay.indexOf(n, at + n.length)) found.push([at, at + n.length]);
  }
  found.sort((a, b) => a[0] - b[0]);
  const merged: Array<[number, number]> = [];
  for (const s of found) {
    const last = merged[merged.length - 1];
    if (last && s[0] <= last[1]) last[1] = Math.max(last[1], s[1]);
    else merged.push([...s]);
  }
  return merged;
}

/** `text` cut into marked and unmarked parts. */
export function highlightParts(text: string, needles: readonly string[]): TextPart[] {
  const out: TextPart[] = [];
  let at = 0;
  for (const [start, end] of spans(text, needles)) {
    if (start > at) out.push({ text: text.slice(at, start), hit: false });
    out.push({ text: text.slice(start, end), hit: true });
    at = end;
  }
  if (at < text.length) out.push({ text: text.slice(at), hit: false });
  return out;
}

/**
 * At most `max` characters of `text` on one line, starting a little before its first mark so the
 * mark is seen ('…' where it was cut).
 */
export function snippet(text: string, needles: readonly string[], max = 140, before = 30): string {
  const one = text.replace(/\s+/g, ' ').trim();
  if (one.length <= max) return one;
  const first = spans(one, needles)[0]?.[0] ?? 0;
  let start = first > before ? first - before : 0;
  // Start at a word where one begins shortly before (a text with spaces).
  const space = one.lastIndexOf(' ', start);
  if (start > 0 && space >= 0 && start - space <= 12) start = space + 1;
  const piece = one.slice(start, start + max);
  return `${start > 0 ? '…' : ''}${piece}${start + max < one.length ? '…' : ''}`;
}
