/**
 * @mentions in the composer and in shown messages. The draft keeps the mentioned users' ids
 * (`atMentions`); the text keeps `@Name`. Before sending, an id stays only while its `@Name` is
 * still in the text, so deleting the text drops the mention.
 *
 * Decisions the spec leaves open:
 * - The picker opens on an `@` at the start or after a character that is not a Latin letter or
 *   digit (so an e-mail address does not open it) and follows the letters typed after it, up to
 *   32 characters without a space.
 * - At one `@`, the longest name that fits wins: with Ann and Anna both mentioned, `@Anna` is Anna.
 *   A mentioned id whose name is not known yet (the member list has not loaded) is kept; the
 *   server keeps only the group's members anyway.
 * - The signed-in member is not offered; people come before AI members of the same fit.
 */

export interface MentionCandidate {
  userId: number;
  name: string;
  ai: boolean;
}

/** An `@query` being typed: `start` is the index of the `@`, `end` the caret. */
export interface MentionQuery {
  start: number;
  end: number;
  query: string;
}

const MAX_QUERY = 32;

export function mentionQueryAt(text: string, caret: number): MentionQuery | null {
  const before = text.slice(0, caret);
  const at = before.lastIndexOf('@');
  if (at < 0) return null;
  const query = before.slice(at + 1);
  if (query.length > MAX_QUERY || /\s|@/.test(query)) return null;
  if (at > 0 && /[A-Za-z0-9_.]/.test(before[at - 1])) return null;
  return { start: at, end: caret, query };
}

export function filterCandidates(list: readonly MentionCandidate[], query: string, me: number, limit = 50): MentionCandidate[] {
  const q = query.toLocaleLowerCase();
  const scored: Array<{ c: MentionCandidate; score: number; i: number }> = [];
  list.forEach((c, i) => {
    if (c.userId === me || !c.name) return;
    const name = c.name.toLocaleLowerCase();
    const pos = name.indexOf(q);
    if (pos < 0) return;
    scored.push({ c, score: (pos === 0 ? 0 : 2) + (c.ai ? 1 : 0), i });
  });
  scored.sort((a, b) => a.score - b.score || a.i - b.i);
  return scored.slice(0, limit).map((s) => s.c);
}

/** The text with the typed `@query` replaced by `@Name `, and where the caret goes. */
export function insertMention(text: string, q: MentionQuery, name: string): { text: string; caret: number } {
  const inserted = `@${name} `;
  const rest = text.slice(q.end).replace(/^ /, '');
  return { text: text.slice(0, q.start) + inserted + rest, caret: q.start + inserted.length };
}

export function withMention(ids: readonly number[], id: number): number[] {
  return ids.includes(id) ? [...ids] : [...ids, id];
}

/** The ids of `atMentions` whose `@Name` is still in the text (ids of unknown names are kept). */
export function mentionedIds(text: string, atMentions: readonly number[], nameOf: (id: number) => string | undefined): number[] {
  const named: Array<{ id: number; name: string }> = [];
  const kept = new Set<number>();
  for (const id of atMentions) {
    const name = nameOf(id);
    if (name) named.push({ id, name });
    else kept.add(id);
  }
  named.sort((a, b) => b.name.length - a.name.length);
  for (let i = text.indexOf('@'); i >= 0; i = text.indexOf('@', i + 1)) {
    const hit = named.find((n) => text.startsWith(n.name, i + 1));
    if (hit) kept.add(hit.id);
  }
  return atMentions.filter((id, i) => kept.has(id) && atMentions.indexOf(id) === i);
}

export interface TextPart {
  text: string;
  mention: boolean;
}

/** A message's text cut into plain parts and `@Name` parts, for the names given (longest first at one `@`). */
export function splitMentions(text: string, names: readonly string[]): TextPart[] {
  const sorted = [...new Set(names.filter(Boolean))].sort((a, b) => b.length - a.length);
  const parts: TextPart[] = [];
  let from = 0;
  if (sorted.length) {
    for (let i = text.indexOf('@'); i >= 0; i = text.indexOf('@', i + 1)) {
      const name = sorted.find((n) => text.startsWith(n, i + 1));
      if (!name) continue;
      if (i > from) parts.push({ text: text.slice(from, i), mention: false });
      parts.push({ text: `@${name}`, mention: true });
      from = i + 1 + name.length;
      i = from - 1;
    }
  }
  if (from < text.length) parts.push({ text: text.slice(from), mention: false });
  return parts;
}
