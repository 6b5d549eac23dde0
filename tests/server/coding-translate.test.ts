/**
 * The labels of an entity the code helper makes (issue 35): zh-cn and zh-tw from the language model
 * in one request, the English text when there is no model, it fails, times out or answers anything
 * but the translations asked for, never the CLI's `[translate]` placeholders; and a hostile answer
 * stays label text in a file that still loads. SQLite only: no data is involved.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeLlmChatRequest } from '../helpers/fake-llm';
import { CREATE, ok, post, startCodingWorld, uniqueName, type CodingWorld } from './coding-world';

const FIELDS = [
  { name: 'title', type: 'string', required: true, label: 'Book title' },
  { name: 'pageCount', type: 'int' },
];
// The dry runs' entity: its label is made from the name.
const NAME = 'shelfBook';
const ENGLISH = { entity: 'Shelf book', 'field.title': 'Book title', 'field.pageCount': 'Page count' };

/** The translation request's labels (key -> English), or null for another request. */
function asked(req: FakeLlmChatRequest): Record<string, string> | null {
  if (!req.messages[0]?.content.includes('Traditional Chinese')) return null;
  return JSON.parse(req.messages.at(-1)!.content) as Record<string, string>;
}

/** An answer translating every label asked as `cn(en)` and `tw(en)`. */
function translating(cn: (en: string) => string, tw: (en: string) => string) {
  return (req: FakeLlmChatRequest): string => {
    const labels = asked(req) ?? {};
    const map = (f: (en: string) => string) => Object.fromEntries(Object.entries(labels).map(([k, en]) => [k, f(en)]));
    return JSON.stringify({ 'zh-cn': map(cn), 'zh-tw': map(tw) });
  };
}

/** The `l(...)` call written for three label texts. */
function lCall(en: string, cn = en, tw = cn): string {
  return `l(${[en, cn, tw].map((s) => `'${s}'`).join(', ')})`;
}

function expectEnglishOnly(source: string): void {
  expect(source).not.toContain('[translate]');
  expect(source).toContain(`label: ${lCall('Shelf book')}`);
  expect(source).toContain(`label: ${lCall('Book title')}`);
  expect(source).toContain(`label: ${lCall('Page count')}`);
}

describe('the code helper translates labels with the model', () => {
  let w: CodingWorld;
  const t = () => w.t;

  beforeAll(async () => {
    w = await startCodingWorld('sqlite', { llm: true });
  });
  afterAll(async () => {
    await w?.close();
  });

  it("writes the model's zh-cn and zh-tw labels, asked for all at once", async () => {
    w.llm!.reset().script({
      answer: translating(
        (en) => `简${en}`,
        (en) => `繁${en}`,
      ),
    });
    const name = uniqueName('book');
    const data = ok(await post(t(), CREATE, { module: 'demo', name, fields: FIELDS }));
    const source = readFileSync(join(w.dir, 'demo', `${name}.entity.ts`), 'utf8');
    expect(source).not.toContain('[translate]');
    expect(source).not.toContain('TODO');
    const e = t().core.model.byKey.get(data.key)!;
    const en = e.label.en;
    expect(e.label).toEqual({ en, 'zh-cn': `简${en}`, 'zh-tw': `繁${en}` });
    expect(e.byName.get('title')!.label).toEqual({ en: 'Book title', 'zh-cn': '简Book title', 'zh-tw': '繁Book title' });
    expect(e.byName.get('pageCount')!.label).toEqual({ en: 'Page count', 'zh-cn': '简Page count', 'zh-tw': '繁Page count' });

    const calls = w.llm!.chatCalls();
    expect(calls).toHaveLength(1);
    expect(asked(calls[0].chat!)).toEqual({ entity: en, 'field.title': 'Book title', 'field.pageCount': 'Page count' });
  });

  it('makes the same file for the same answer', async () => {
    w.llm!.reset().script({
      answer: translating(
        (en) => `简${en}`,
        (en) => `繁${en}`,
      ),
    });
    const first = ok(await post(t(), CREATE, { module: 'demo', name: NAME, fields: FIELDS, dryRun: true })).source as string;
    const second = ok(await post(t(), CREATE, { module: 'demo', name: NAME, fields: FIELDS, dryRun: true })).source as string;
    expect(second).toBe(first);
    expect(first).toContain(`label: ${lCall('Shelf book', '简Shelf book', '繁Shelf book')}`);
    expect(first).toContain(`label: ${lCall('Page count', '简Page count', '繁Page count')}`);
  });

  const full = (cn: Record<string, unknown>, tw: Record<string, unknown> = cn) => JSON.stringify({ 'zh-cn': cn, 'zh-tw': tw });
  const zh = Object.fromEntries(Object.keys(ENGLISH).map((k) => [k, '标签']));
  const { 'field.pageCount': _left, ...missing } = zh;
  const invalid: Array<[string, string]> = [
    ['prose', 'Sure! Here are the translations.'],
    ['a list', JSON.stringify([zh, zh])],
    ['one language only', JSON.stringify({ 'zh-cn': zh })],
    ['a label missing', full(missing)],
    ['a label too many', full({ ...zh, 'field.extra': '多' })],
    ['a number', full({ ...zh, entity: 42 })],
    ['an empty label', full({ ...zh, entity: '  ' })],
    ['a label too long', full({ ...zh, entity: '长'.repeat(101) })],
    ['a line break', full({ ...zh, entity: 'a\n}); process.exit(1); //' })],
    ['an invisible character', full({ ...zh, entity: 'a\u202eb' })],
  ];
  it.each(invalid)('keeps the English labels when the answer is %s', async (_what, answer) => {
    w.llm!.reset().script({ answer });
    const data = ok(await post(t(), CREATE, { module: 'demo', name: NAME, fields: FIELDS, dryRun: true }));
    expectEnglishOnly(data.source);
    expect(w.llm!.chatCalls()).toHaveLength(1);
  });

  it('keeps the English labels when the model fails', async () => {
    w.llm!.reset().script({ fail: { status: 500 } });
    const name = uniqueName('book');
    const data = ok(await post(t(), CREATE, { module: 'demo', name, fields: FIELDS }));
    expect(w.llm!.chatCalls()[0].status).toBe(500);
    expect(data.source).not.toContain('[translate]');
    const e = t().core.model.byKey.get(data.key)!;
    expect(e.label['zh-cn']).toBe(e.label.en);
    expect(e.byName.get('pageCount')!.label).toEqual({ en: 'Page count', 'zh-cn': 'Page count', 'zh-tw': 'Page count' });
  });

  it('writes a hostile answer as plain label text in a file that still loads', async () => {
    const hostile = [
      "x'); process.exit(1); ('",
      '`${process.exit(1)}`',
      '*/ process.exit(1); /*',
      '" + process.exit(1) + "',
      "\\'); throw 1; //",
      '</script><script>alert(1)</script>',
    ];
    w.llm!.reset().script({
      answer: (req) => {
        const keys = Object.keys(asked(req) ?? {});
        const map = (offset: number) => Object.fromEntries(keys.map((k, i) => [k, hostile[(i + offset) % hostile.length]]));
        return JSON.stringify({ 'zh-cn': map(0), 'zh-tw': map(3) });
      },
    });
    const name = uniqueName('book');
    const data = ok(await post(t(), CREATE, { module: 'demo', name, fields: FIELDS }));
    const syntax = ts.transpileModule(data.source, { reportDiagnostics: true, compilerOptions: { module: ts.ModuleKind.CommonJS } });
    expect(syntax.diagnostics ?? []).toEqual([]);
    const e = t().core.model.byKey.get(data.key)!;
    expect(e.label['zh-cn']).toBe(hostile[0]);
    expect(e.label['zh-tw']).toBe(hostile[3]);
    expect(e.byName.get('title')!.label).toEqual({ en: 'Book title', 'zh-cn': hostile[1], 'zh-tw': hostile[4] });
    expect(e.byName.get('pageCount')!.label).toEqual({ en: 'Page count', 'zh-cn': hostile[2], 'zh-tw': hostile[5] });
    // The entity works: its routes answer.
    ok(await post(t(), `${data.prefix}/add`, { title: 'still here' }));
  });
});

describe('the code helper without a usable model', () => {
  it('keeps the English labels when no model is configured', async () => {
    const w = await startCodingWorld('sqlite');
    try {
      const name = uniqueName('book');
      const data = ok(await post(w.t, CREATE, { module: 'demo', name, fields: FIELDS }));
      const source = readFileSync(join(w.dir, 'demo', `${name}.entity.ts`), 'utf8');
      expect(source).not.toContain('[translate]');
      expect(source).toContain(`label: ${lCall('Page count')}`);
      const e = w.t.core.model.byKey.get(data.key)!;
      expect(e.label).toEqual({ en: e.label.en, 'zh-cn': e.label.en, 'zh-tw': e.label.en });
    } finally {
      await w.close();
    }
  });

  it('keeps the English labels when the model does not answer in time', async () => {
    const w = await startCodingWorld('sqlite', { llm: true, env: { CODING_TRANSLATE_TIMEOUT_MS: '300' } });
    try {
      w.llm!.script({ hang: true });
      const data = ok(await post(w.t, CREATE, { module: 'demo', name: NAME, fields: FIELDS, dryRun: true }));
      expect(w.llm!.chatCalls()).toHaveLength(1);
      expectEnglishOnly(data.source);
    } finally {
      await w.close();
    }
  });
});
