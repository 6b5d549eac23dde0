/** The search index's terms (server/modules/chat/search/terms.ts) and what a message says (message-text.ts). */
import { describe, expect, it } from 'vitest';
import {
  MAX_QUERY_TERMS,
  MAX_TERM_CHARS,
  MAX_TERMS_PER_TEXT,
  prefixUpperBound,
  queryTerms,
  termCounts,
  termsOf,
  type QueryTerm,
} from '../../server/modules/chat/search/terms';
import { messageText } from '../../server/modules/chat/search/message-text';

const exact = (term: string): QueryTerm => ({ term, prefix: false });
const prefix = (term: string): QueryTerm => ({ term, prefix: true });

/** Whether a text's terms hold every term of a query, as the index's statement asks it. */
function finds(text: string, q: string): boolean {
  const terms = termsOf(text);
  const asked = queryTerms(q);
  return asked.length > 0 && asked.every((a) => terms.some((t) => (a.prefix ? t.startsWith(a.term) : t === a.term)));
}

describe('termsOf', () => {
  it('splits words on anything but letters and digits, lower-cased and each once', () => {
    expect(termsOf('Deploy the API, then deploy v2.3 again!')).toEqual(['deploy', 'the', 'api', 'then', 'v2', '3', 'again']);
  });

  it('folds full-width forms and compatibility characters (NFKC)', () => {
    expect(termsOf('ＡＢＣ１２３ ﬁle')).toEqual(['abc123', 'file']);
  });

  it('keeps words of every script whole, accents and marks included', () => {
    expect(termsOf('Привет, café naïve')).toEqual(['привет', 'café', 'naïve']);
  });

  it('turns a CJK run into overlapping pairs plus its last character', () => {
    expect(termsOf('我们的项目')).toEqual(['我们', '们的', '的项', '项目', '目']);
    expect(termsOf('好')).toEqual(['好']);
    expect(termsOf('カタカナ ひらがな 한국어')).toEqual(['カタ', 'タカ', 'カナ', 'ナ', 'ひら', 'らが', 'がな', 'な', '한국', '국어', '어']);
  });

  it('cuts runs at a change of script: Latin and CJK side by side', () => {
    expect(termsOf('我们的project今天上线')).toEqual(['我们', '们的', '的', 'project', '今天', '天上', '上线', '线']);
  });

  it('counts how often each term occurs', () => {
    expect([...termCounts('deploy, Deploy! 项目 项目')]).toEqual([
      ['deploy', 2],
      ['项目', 2],
      ['目', 2],
    ]);
  });

  it('cuts a long word at MAX_TERM_CHARS characters and keeps at most MAX_TERMS_PER_TEXT terms', () => {
    const long = 'x'.repeat(MAX_TERM_CHARS + 10);
    expect(termsOf(long)).toEqual(['x'.repeat(MAX_TERM_CHARS)]);
    const many = Array.from({ length: MAX_TERMS_PER_TEXT + 50 }, (_, i) => `w${i}`).join(' ');
    const terms = termsOf(many);
    expect(terms).toHaveLength(MAX_TERMS_PER_TEXT);
    expect(terms[0]).toBe('w0');
  });

  it('has no term in a text without letters or digits', () => {
    expect(termsOf('  !!! … ——  ')).toEqual([]);
  });
});

describe('queryTerms', () => {
  it('asks for each word, the last one as a prefix unless the query ends with a separator', () => {
    expect(queryTerms('ship depl')).toEqual([exact('ship'), prefix('depl')]);
    expect(queryTerms('ship deploy ')).toEqual([exact('ship'), exact('deploy')]);
    expect(queryTerms('a')).toEqual([exact('a')]);
  });

  it('asks for the pairs of a CJK run, and a single CJK character as a prefix', () => {
    expect(queryTerms('项目')).toEqual([exact('项目')]);
    expect(queryTerms('我们的项目')).toEqual([exact('我们'), exact('们的'), exact('的项'), exact('项目')]);
    expect(queryTerms('项')).toEqual([prefix('项')]);
  });

  it('drops repeats and prefixes another term implies', () => {
    expect(queryTerms('deploy Deploy')).toEqual([exact('deploy')]);
    expect(queryTerms('deploy dep')).toEqual([exact('deploy')]);
    expect(queryTerms('项目 项')).toEqual([exact('项目')]);
  });

  it('has no term for a query without letters or digits, and at most MAX_QUERY_TERMS', () => {
    expect(queryTerms('  ?! ')).toEqual([]);
    const many = Array.from({ length: MAX_QUERY_TERMS + 5 }, (_, i) => `w${i}`).join(' ');
    expect(queryTerms(many)).toHaveLength(MAX_QUERY_TERMS);
  });

  it('finds a Chinese two-character word inside a sentence, and English words in any order', () => {
    expect(finds('我们的项目今天上线', '项目')).toBe(true);
    expect(finds('我们的项目今天上线', '今天上线')).toBe(true);
    expect(finds('我们的项目今天上线', '项')).toBe(true);
    expect(finds('这是一个事项', '项')).toBe(true);
    expect(finds('我们的项目今天上线', '上海')).toBe(false);
    expect(finds('We deploy on Friday', 'friday deploy')).toBe(true);
    expect(finds('We deploy on Friday', 'deplo')).toBe(true);
    expect(finds('We deployed on Friday', 'deploy ')).toBe(false);
    expect(finds('We deploy on Friday', 'deploy monday')).toBe(false);
  });
});

describe('prefixUpperBound', () => {
  it('moves the last character one code point up', () => {
    expect(prefixUpperBound('dep')).toBe('deq');
    expect(prefixUpperBound('项')).toBe(String.fromCodePoint('项'.codePointAt(0)! + 1));
    expect(prefixUpperBound('a\u{d7ff}')).toBe('a\u{e000}');
    for (const t of ['dep', 'deploy', 'depz', 'dep\u{10000}']) expect(t >= 'dep' && t < prefixUpperBound('dep')).toBe(true);
  });
});

describe('messageText', () => {
  it('reads text, notices and AI answers as the web shows them', () => {
    expect(messageText({ type: 0, content: { text: 'hello' } })).toBe('hello');
    expect(messageText({ type: 0, content: 'plain' })).toBe('plain');
    expect(messageText({ type: 9, content: { text: 'notice' } })).toBe('notice');
    expect(messageText({ type: 21, content: { content: 'the answer' } })).toBe('the answer');
  });

  it('reads an image or a file by its name and caption', () => {
    expect(messageText({ type: 2, content: { fileId: 3, name: 'plan.pdf', size: 10, mime: 'application/pdf', text: 'the plan' } })).toBe('plan.pdf\nthe plan');
    expect(messageText({ type: 1, content: { fileId: 4, name: 'photo.png', size: 10, mime: 'image/png' } })).toBe('photo.png');
  });

  it('says nothing of a recalled message, an error or a card', () => {
    expect(messageText({ type: 0, content: null, recallTime: '2025-01-01T00:00:00.000Z' })).toBe('');
    expect(messageText({ type: 0, content: { text: 'still here' }, recallTime: '2025-01-01T00:00:00.000Z' })).toBe('');
    expect(messageText({ type: 22, content: { runId: 1, error: 'timeout' } })).toBe('');
    expect(messageText({ type: 5, content: { title: 'card', name: 'x' } })).toBe('');
  });
});
