/**
 * The terms of a text, for the search index (search-index.ts), and the terms a query asks for.
 * Pure: no database, no clock. The index is not the chat's alone (the AI's knowledge retrieval
 * indexes document chunks with it), so nothing here knows about messages.
 *
 * Decisions:
 * - A text is normalized (NFKC, so full-width letters and digits are the plain ones, and
 *   compatibility forms fold) and lower-cased, then cut into runs: CJK characters (Han, Hiragana,
 *   Katakana and its prolonged sound mark, Hangul), other letters, digits and combining marks (any
 *   script), and everything else, which only separates.
 * - A run of letters and digits is one term (`deploy`, `v2`, `привет`), cut at MAX_TERM_CHARS
 *   characters (a query word is cut the same way, so a long word still finds itself).
 * - CJK has no spaces between words and MariaDB has no n-gram parser, so a CJK run becomes its
 *   overlapping character pairs (我们的项目 -> 我们, 们的, 的项, 项目) plus its LAST character on its
 *   own (目); a run of one character is that character. With the last character kept, every
 *   character of a run starts some term (a pair or the tail): a one-character query is a prefix
 *   of the terms (项 finds 项目 and a text ending in 项), read from the index as a range.
 * - A text gives at most MAX_TERMS_PER_TEXT distinct terms, in the order they first appear (the
 *   tail of a very long text is not searchable); each with how often it occurs (`hits`, which
 *   ranking may use).
 *
 * A query (`queryTerms`), all of whose terms must match:
 * - a word is an exact term; a CJK run of two or more characters is its pairs (not its tail: the
 *   text's run need not end there), so 项目 finds 我们的项目今天上线;
 * - a single CJK character is a prefix (see above);
 * - the LAST word of the query, when the query does not end with a separator and the word has at
 *   least PREFIX_MIN_CHARS characters, is a prefix too, so `depl` (typed so far) finds `deploy`
 *   and `deployed`; `deploy ` (with a space) asks for the word itself;
 * - repeated terms count once; a prefix another term already implies (`dep` beside `deploy`) is
 *   dropped; at most MAX_QUERY_TERMS terms are kept.
 * Pairs are matched anywhere in a text, not necessarily next to each other: a query of four or more
 * CJK characters may find a text holding its pairs apart. Results are read back from the source,
 * so such a rare extra hit shows as what it is.
 */

/** Longest term, in characters (the index column's length). */
export const MAX_TERM_CHARS = 32;
/** Most distinct terms one text gives. */
export const MAX_TERMS_PER_TEXT = 1000;
/** Most terms one query asks for. */
export const MAX_QUERY_TERMS = 32;
/** Shortest last word of a query that is matched as a prefix. */
export const PREFIX_MIN_CHARS = 2;

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u30fc]/u;
const WORD = /[\p{L}\p{N}\p{M}]/u;

type RunKind = 'cjk' | 'word';

interface Run {
  kind: RunKind;
  chars: string[];
}

/** Normalized, lower-cased runs of CJK characters and of other letters and digits; `open`: the text ends inside a run. */
function runsOf(text: string): { runs: Run[]; open: boolean } {
  const runs: Run[] = [];
  let current = null as Run | null;
  for (const ch of text.normalize('NFKC').toLowerCase()) {
    const kind: RunKind | null = CJK.test(ch) ? 'cjk' : WORD.test(ch) ? 'word' : null;
    if (kind === null) {
      current = null;
      continue;
    }
    // A combining mark after CJK belongs to no CJK pair: it goes with the word it starts.
    const run: Run = current !== null && current.kind === kind ? current : { kind, chars: [] };
    if (run !== current) runs.push(run);
    run.chars.push(ch);
    current = run;
  }
  return { runs, open: current !== null };
}

const cut = (chars: string[]) => chars.slice(0, MAX_TERM_CHARS).join('');

/** The overlapping pairs of a CJK run. */
function pairs(chars: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i + 1 < chars.length; i++) out.push(chars[i] + chars[i + 1]);
  return out;
}

/**
 * Each distinct term of `text` with how often it occurs, in the order they first appear, at most
 * MAX_TERMS_PER_TEXT.
 *
 * @example
 * termCounts('Deploy 我们的项目, deploy!') // Map { 'deploy' => 2, '我们' => 1, '们的' => 1, '的项' => 1, '项目' => 1, '目' => 1 }
 */
export function termCounts(text: string): Map<string, number> {
  const out = new Map<string, number>();
  const add = (term: string) => {
    const n = out.get(term);
    if (n !== undefined) out.set(term, n + 1);
    else if (out.size < MAX_TERMS_PER_TEXT) out.set(term, 1);
  };
  for (const run of runsOf(text).runs) {
    if (run.kind === 'word') add(cut(run.chars));
    else {
      for (const p of pairs(run.chars)) add(p);
      add(run.chars[run.chars.length - 1]);
    }
  }
  return out;
}

/** The distinct terms of `text` (see termCounts). */
export function termsOf(text: string): string[] {
  return [...termCounts(text).keys()];
}

/** One term of a query: the term itself, or (prefix) any term starting with it. */
export interface QueryTerm {
  term: string;
  prefix: boolean;
}

/** Drops repeats and prefixes another term implies (a term starting with the prefix matches it too). */
function withoutImplied(list: QueryTerm[]): QueryTerm[] {
  const seen = new Set<string>();
  const unique = list.filter((t) => {
    const key = `${t.prefix ? '*' : '='}${t.term}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return unique.filter((p) => !p.prefix || !unique.some((t) => t !== p && t.term.startsWith(p.term) && (t.term !== p.term || !t.prefix)));
}

/**
 * The terms a query asks for, all of which a text must hold (rules in the file's comment); empty
 * when the query has no letter or digit.
 *
 * @example
 * queryTerms('项目') // [{ term: '项目', prefix: false }]
 * queryTerms('ship depl') // [{ term: 'ship', prefix: false }, { term: 'depl', prefix: true }]
 */
export function queryTerms(q: string): QueryTerm[] {
  const { runs, open } = runsOf(q);
  const out: QueryTerm[] = [];
  runs.forEach((run, i) => {
    if (run.kind === 'cjk') {
      if (run.chars.length === 1) out.push({ term: run.chars[0], prefix: true });
      else for (const p of pairs(run.chars)) out.push({ term: p, prefix: false });
      return;
    }
    const last = i === runs.length - 1 && open && run.chars.length >= PREFIX_MIN_CHARS;
    out.push({ term: cut(run.chars), prefix: last });
  });
  return withoutImplied(out).slice(0, MAX_QUERY_TERMS);
}

/**
 * The smallest string above every term that starts with `prefix` (the prefix with its last
 * character moved one code point up): a prefix is read as `term >= prefix AND term < upper`,
 * which both databases answer from the index, comparing code points (the column is binary).
 */
export function prefixUpperBound(prefix: string): string {
  const chars = [...prefix];
  const last = chars.pop()!.codePointAt(0)!;
  // Skip the surrogate block: a code point there is no character.
  const next = last + 1 === 0xd800 ? 0xe000 : last + 1;
  return chars.join('') + String.fromCodePoint(next);
}
