/**
 * The AI members an AI reply mentions: `@<nickName>` of the group's other AI members, found in the
 * reply's text (a model writes text, not user ids). Pure: no database.
 *
 * Decisions:
 * - Names match without regard to case ("@helper" names "Helper"); at one `@` the longest name that
 *   matches wins, so "@Bob Jr" names "Bob Jr", not "Bob".
 * - A name that ends in a letter, digit or underscore of the Latin alphabet must not run on into
 *   another one ("@Bobby" does not name "Bob"); other scripts (Chinese names) need no separator, as
 *   people write "@小助手你好".
 * - Each member counts once, in the order of its first mention; the member that wrote the reply
 *   is never among them (the caller leaves it out of `members`).
 */

export interface Mentionable {
  id: number;
  nickName: string | null;
}

const LATIN_WORD = /[A-Za-z0-9_]/;

/** Ids of `members` mentioned in `text` as `@nickName`, in order of first mention. */
export function mentionsIn(text: string, members: Mentionable[]): number[] {
  const named = members
    .filter((m) => m.nickName && m.nickName.trim())
    .map((m) => ({ id: m.id, name: m.nickName!.trim().toLowerCase(), length: m.nickName!.trim().length }))
    .sort((a, b) => b.length - a.length);
  if (!named.length) return [];
  const out: number[] = [];
  for (let at = text.indexOf('@'); at >= 0; at = text.indexOf('@', at + 1)) {
    const start = at + 1;
    const hit = named.find((m) => {
      if (text.slice(start, start + m.length).toLowerCase() !== m.name) return false;
      const next = text[start + m.length];
      return !(next !== undefined && LATIN_WORD.test(next) && LATIN_WORD.test(m.name[m.name.length - 1]));
    });
    if (hit && !out.includes(hit.id)) out.push(hit.id);
  }
  return out;
}
