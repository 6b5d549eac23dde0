/**
 * The code helper (issue 21 items 1 and 2) on every database: the module tree, a dry run whose source
 * compiles, an entity created from a field list and used at once through its new routes (no restart),
 * a description turned into fields by the fake LLM, and the administrators-only guard. The refusals
 * are in coding-refusals.test.ts.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../helpers/databases';
import { member } from './chat-world';
import { CREATE, TREE, filesIn, get, ok, post, startCodingWorld, tableExists, tableOf, tempDir, uniqueName, type CodingWorld } from './coding-world';

const kinds = await databaseKinds();

const FIELDS = [
  { name: 'title', type: 'string', length: 80, required: true, label: 'Title' },
  { name: 'body', type: 'text' },
  { name: 'price', type: 'decimal', label: "Price (it's \\ in cents)" },
  { name: 'industry', type: 'string', dict: 'industry' },
  { name: 'publishedAt', type: 'datetime', required: false },
];

/** Diagnostics of a strict type-check of `source` placed at `file` (its relative import must resolve). */
function typeCheck(file: string, source: string): string[] {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, source);
  const program = ts.createProgram([file], {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.CommonJS,
    moduleResolution: ts.ModuleResolutionKind.Node10,
    esModuleInterop: true,
    skipLibCheck: true,
    types: ['node'],
  });
  return ts.getPreEmitDiagnostics(program, program.getSourceFile(file)).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}

describe.each(kinds)('the code helper on %s', (kind) => {
  let w: CodingWorld;
  const t = () => w.t;

  beforeAll(async () => {
    w = await startCodingWorld(kind, { llm: true });
  });
  afterAll(async () => {
    await w?.close();
  });

  it('lists every module with its entities and fields, sorted', async () => {
    const tree = ok(await get(t(), TREE)) as Array<{ module: string; entities: Array<Record<string, any>> }>;
    const modules = tree.map((m) => m.module);
    expect(modules).toEqual([...modules].sort());
    expect(modules).toEqual(expect.arrayContaining(['base', 'demo', 'dict']));
    for (const m of tree) {
      const names = m.entities.map((e) => e.name);
      expect(names, m.module).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    }
    const user = tree.find((m) => m.module === 'base')!.entities.find((e) => e.key === 'base/sys/user')!;
    expect(user).toMatchObject({ name: 'sys/user', table: 'base_sys_user', prefix: '/admin/base/sys/user' });
    expect(user.label).toMatchObject({ en: expect.any(String), 'zh-cn': expect.any(String), 'zh-tw': expect.any(String) });
    expect(user.fields.find((f: any) => f.name === 'id')).toMatchObject({ type: 'int', system: true });
    expect(user.fields.find((f: any) => f.name === 'username')).toMatchObject({ type: 'string', required: true, system: false, dict: null });
  });

  it('answers a dry run with source that compiles and the given fields, writing nothing', async () => {
    const name = uniqueName();
    const data = ok(await post(t(), CREATE, { module: 'demo', name, fields: FIELDS, dryRun: true }));
    expect(data.path).toBe(`${basename(w.dir)}/demo/${name}.entity.ts`);
    expect(data.fields).toEqual([
      { name: 'title', type: 'string', length: 80, required: true, label: 'Title' },
      { name: 'body', type: 'text', required: false },
      { name: 'price', type: 'decimal', required: false, label: "Price (it's \\ in cents)" },
      { name: 'industry', type: 'string', required: false, dict: 'industry' },
      { name: 'publishedAt', type: 'datetime', required: false },
    ]);
    const source = data.source as string;
    const syntax = ts.transpileModule(source, { reportDiagnostics: true, compilerOptions: { module: ts.ModuleKind.CommonJS } });
    expect(syntax.diagnostics ?? []).toEqual([]);
    expect(source).toContain(`name: '${name}'`);
    expect(source).toContain(`table: '${tableOf('demo', name)}'`);
    expect(source).toContain("dict: 'industry'");
    expect(source).toContain("label: l('Price (it\\'s \\\\ in cents)', ");
    // A folder at the same depth as the entities folder: the file's import of the core resolves the same way.
    expect(typeCheck(join(tempDir('coding-twin-'), 'demo', `${name}.entity.ts`), source)).toEqual([]);
    expect(filesIn(w.dir)).toEqual([]);
    expect(t().core.model.byKey.has(`demo/${name}`)).toBe(false);
    expect(await tableExists(t(), tableOf('demo', name))).toBe(false);
  });

  it('creates an entity from a field list whose routes add and page rows at once, without a restart', async () => {
    const name = uniqueName('item');
    const data = ok(await post(t(), CREATE, { module: 'demo', name, fields: FIELDS }));
    const prefix = `/admin/demo/${name}`;
    expect(data).toMatchObject({ key: `demo/${name}`, prefix, router: `/demo/${name}`, path: `${basename(w.dir)}/demo/${name}.entity.ts` });
    const file = join(w.dir, 'demo', `${name}.entity.ts`);
    expect(readFileSync(file, 'utf8')).toBe(data.source);
    expect(filesIn(w.dir)).toEqual([`demo/${name}.entity.ts`]);
    expect(await tableExists(t(), tableOf('demo', name))).toBe(true);

    const e = t().core.model.byKey.get(`demo/${name}`)!;
    expect(e.byName.get('title')).toMatchObject({ type: 'string', length: 80, required: true, label: { en: 'Title', 'zh-cn': 'Title', 'zh-tw': 'Title' } });
    expect(e.byName.get('industry')!.dict).toBe('industry');

    const { id } = ok(await post(t(), `${prefix}/add`, { title: 'First', price: 12.5, industry: 'it', publishedAt: '2026-01-02T03:04:05.000Z' }));
    ok(await post(t(), `${prefix}/add`, { title: 'Second', body: 'more' }));
    const page = ok(await post(t(), `${prefix}/page`, { page: 1, size: 10, order: 'id', sort: 'asc' }));
    expect(page.pagination).toMatchObject({ page: 1, size: 10, total: 2 });
    expect(page.list.map((r: any) => r.title)).toEqual(['First', 'Second']);
    expect(page.list[0]).toMatchObject({ id, price: 12.5, industry: 'it', publishedAt: '2026-01-02T03:04:05.000Z' });
    // The declared rules hold on the new routes: a required field, an unknown field.
    expect((await post(t(), `${prefix}/add`, { body: 'no title' })).body.code).toBe(1002);
    expect((await post(t(), `${prefix}/add`, { title: 'x', colour: 'red' })).body.code).toBe(1002);

    const tree = ok(await get(t(), TREE)) as Array<{ module: string; entities: Array<Record<string, any>> }>;
    const shown = tree.find((m) => m.module === 'demo')!.entities.find((x) => x.key === `demo/${name}`);
    expect(shown).toMatchObject({ name, table: tableOf('demo', name), prefix });
    expect(shown!.fields.map((f: any) => f.name)).toEqual(['id', 'title', 'body', 'price', 'industry', 'publishedAt', 'createTime', 'updateTime']);

    // Same name again: refused, the file untouched.
    const again = await post(t(), CREATE, { module: 'demo', name, fields: [{ name: 'other', type: 'int' }] });
    expect(again.status).toBe(400);
    expect(again.body.data).toEqual([expect.objectContaining({ field: 'name', rule: 'coding_exists' })]);
    expect(readFileSync(file, 'utf8')).toBe(data.source);
  });

  it('creates a module on purpose only', async () => {
    const module = `m${Date.now().toString(36)}`;
    const name = uniqueName();
    const refused = await post(t(), CREATE, { module, name, fields: [{ name: 'title', type: 'string' }] });
    expect(refused.body.data).toEqual([expect.objectContaining({ field: 'module', rule: 'coding_module_unknown' })]);
    const data = ok(await post(t(), CREATE, { module, name, newModule: true, fields: [{ name: 'title', type: 'string' }] }));
    expect(data).toMatchObject({ key: `${module}/${name}`, router: `/${module}/${name}` });
    ok(await post(t(), `/admin/${module}/${name}/add`, { title: 'in a new module' }));
    expect(ok(await post(t(), `/admin/${module}/${name}/list`, {})).map((r: any) => r.title)).toEqual(['in a new module']);
  });

  it('turns a description into a field list with the fake LLM', async () => {
    const name = uniqueName('book');
    const proposal = {
      fields: [
        { name: 'title', type: 'string', length: 120, required: true, label: 'Title', note: 'dropped' },
        { name: 'pages', type: 'int', length: 5, label: 'Pages' },
        { name: 'genre', type: 'string', dict: 'made-up' },
      ],
    };
    w.llm!.reset().script({ answer: `Here you are:\n\`\`\`json\n${JSON.stringify(proposal)}\n\`\`\`\nEnjoy.` });
    const data = ok(await post(t(), CREATE, { module: 'demo', name, description: 'Books on a shelf: title, page count and genre.', dryRun: true }));
    // Extra properties, a length on a number and a dictionary the model cannot know are dropped.
    expect(data.fields).toEqual([
      { name: 'title', type: 'string', length: 120, required: true, label: 'Title' },
      { name: 'pages', type: 'int', required: false, label: 'Pages' },
      { name: 'genre', type: 'string', required: false },
    ]);
    expect(data.source).toContain("pages: { type: 'int'");
    // The first call asks for the fields; the second, for the labels' translations.
    const asked = w.llm!.chatCalls()[0].chat!;
    expect(asked.messages.at(-1)!.content).toContain('Books on a shelf: title, page count and genre.');
    expect(asked.messages.at(-1)!.content).toContain(`demo/${name}`);
    expect(filesIn(w.dir).some((f) => f.includes(name))).toBe(false);

    // Fields given win: the model is asked for the labels' translations only, not for fields.
    const before = w.llm!.chatCalls().length;
    ok(await post(t(), CREATE, { module: 'demo', name, description: 'ignored', fields: [{ name: 'x', type: 'int' }], dryRun: true }));
    const calls = w.llm!.chatCalls().slice(before);
    expect(calls).toHaveLength(1);
    expect(calls[0].chat!.messages.at(-1)!.content).not.toContain('ignored');
  });

  it('creates from a description when not a dry run', async () => {
    const name = uniqueName('task');
    w.llm!.reset().script({
      answer: JSON.stringify([
        { name: 'subject', type: 'string', required: true },
        { name: 'done', type: 'boolean' },
      ]),
    });
    const data = ok(await post(t(), CREATE, { module: 'demo', name, description: 'A to-do item' }));
    expect(data.key).toBe(`demo/${name}`);
    expect(existsSync(join(w.dir, 'demo', `${name}.entity.ts`))).toBe(true);
    ok(await post(t(), `/admin/demo/${name}/add`, { subject: 'write tests', done: true }));
    expect(ok(await post(t(), `/admin/demo/${name}/list`, {}))[0]).toMatchObject({ subject: 'write tests', done: true });
  });

  it('refuses both calls to a member with 403', async () => {
    const ann = await member(t());
    const before = filesIn(w.dir);
    for (const res of [
      await get(t(), TREE, {}, ann.token),
      await post(t(), CREATE, { module: 'demo', name: uniqueName(), fields: [{ name: 'title', type: 'string' }] }, ann.token),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.code).toBe(1001);
    }
    expect((await get(t(), TREE, {}, null)).status).toBe(401);
    expect(filesIn(w.dir)).toEqual(before);
  });
});
