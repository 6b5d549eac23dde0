/** codegen: the client types generated from the model, and the entity scaffolder. */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { generateClientTypes, HEADER, typeName } from '../../codegen/client-types';
import { entitySource, parseArgs, scaffoldEntity, TRANSLATE_MARK } from '../../codegen/scaffold-entity';
import { loadDeclarations } from '../../server/core/entity/load';
import { normalize } from '../../server/core/entity/normalize';

async function generated(): Promise<string> {
  return generateClientTypes(normalize(await loadDeclarations()));
}

function block(text: string, name: string): string {
  const start = text.indexOf(`export interface ${name} {`);
  expect(start).toBeGreaterThanOrEqual(0);
  return text.slice(start, text.indexOf('\n}', start) + 2);
}

/** Diagnostics of a strict compile of `files` (name -> text) in a fresh temp folder. */
function compile(files: Record<string, string>): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'cosmac-codegen-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  const program = ts.createProgram(
    Object.keys(files).map((f) => join(dir, f)),
    {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      exactOptionalPropertyTypes: true,
      noUncheckedIndexedAccess: true,
      types: [],
    },
  );
  return ts.getPreEmitDiagnostics(program).map((d) => `${d.file?.fileName ?? ''}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
}

describe('client types', () => {
  it('names types after the entity key', () => {
    expect(typeName('base/sys/user')).toBe('BaseSysUser');
    expect(typeName('base/groupMember')).toBe('BaseGroupMember');
  });

  it('types the user row without the password and the add payload with it', async () => {
    const text = await generated();
    expect(text.split('\n')[0]).toBe(HEADER);
    const row = block(text, 'BaseSysUser');
    expect(row).not.toMatch(/\bpassword\??:/);
    expect(row).toMatch(/\/\*\*\s*\n\s*\* Username/);
    expect(block(text, 'BaseSysUserAdd')).toMatch(/\n  password\?: /);
    expect(block(text, 'BaseSysUserUpdate')).toMatch(/\n  id: number;/);
    expect(text).toContain(`'base/sys/user': BaseSysUser;`);
    expect(text).toMatch(/export const ENTITY_KEYS = \[[^\]]*'base\/sys\/user',/);
  });

  it('compiles under strict TypeScript and refuses a password in a row', async () => {
    const sample = [
      "import type { BaseSysUser, BaseSysUserAdd, BaseSysUserUpdate, EntityKey, EntityRows } from './entities';",
      "import { ENTITY_KEYS } from './entities';",
      "const row: BaseSysUser = { id: 1, username: 'admin', nickName: null, passwordV: 1, createTime: '2026-01-01T00:00:00Z' };",
      "const add: BaseSysUserAdd = { username: 'ann', password: 'secret-123' };",
      "const update: BaseSysUserUpdate = { id: 1, nickName: 'Ann' };",
      "const byKey: EntityRows['base/sys/user'] = row;",
      'const key: EntityKey = ENTITY_KEYS[0];',
      '// @ts-expect-error a row never carries the password',
      "const leaked: BaseSysUser = { id: 1, password: 'x' };",
      'export { row, add, update, byKey, key, leaked };',
      '',
    ].join('\n');
    expect(compile({ 'entities.ts': await generated(), 'sample.ts': sample })).toEqual([]);
  });
});

describe('scaffold entity', () => {
  const tempEntities = () => mkdtempSync(join(tmpdir(), 'cosmac-entities-'));

  it('creates a declaration that normalize accepts, with the declared fields', async () => {
    const dir = tempEntities();
    const file = scaffoldEntity({
      ...parseArgs(['demo/noteItem', 'title:string!', 'body:text', 'price:decimal', 'code:string(20)']),
      entitiesDir: dir,
    });
    expect(file).toBe(join(dir, 'demo', 'noteItem.entity.ts'));
    const source = readFileSync(file, 'utf8');
    expect(source).toContain(TRANSLATE_MARK);
    const model = normalize(await loadDeclarations(dir));
    const e = model.byKey.get('demo/noteItem')!;
    expect(e.table).toBe('demo_note_item');
    expect(e.label.en).toBe('Note item');
    expect(e.label['zh-cn']).toBe(`${TRANSLATE_MARK} Note item`);
    expect(e.fields.map((f) => f.name)).toEqual(['id', 'title', 'body', 'price', 'code', 'createTime', 'updateTime']);
    expect(e.byName.get('title')).toMatchObject({ type: 'string', required: true, nullable: false });
    expect(e.byName.get('body')).toMatchObject({ type: 'text', required: false });
    expect(e.byName.get('price')!.type).toBe('decimal');
    expect(e.byName.get('code')!.length).toBe(20);
  });

  it('puts a slashed name in a sub-folder with a snake_case table', async () => {
    const dir = tempEntities();
    scaffoldEntity({ ...parseArgs(['base/sys/thing', 'name:string']), entitiesDir: dir });
    const [e] = normalize(await loadDeclarations(dir)).entities;
    expect(existsSync(join(dir, 'base', 'sys', 'thing.entity.ts'))).toBe(true);
    expect(e).toMatchObject({ key: 'base/sys/thing', table: 'base_sys_thing' });
  });

  it('refuses to overwrite an existing file', () => {
    const dir = tempEntities();
    mkdirSync(join(dir, 'demo'));
    const file = join(dir, 'demo', 'note.entity.ts');
    writeFileSync(file, '// mine\n');
    expect(() => scaffoldEntity({ ...parseArgs(['demo/note', 'title:string']), entitiesDir: dir })).toThrow(/exists/);
    expect(readFileSync(file, 'utf8')).toBe('// mine\n');
  });

  it('refuses bad module, entity and field names', () => {
    const dir = tempEntities();
    const run = (args: string[]) => () => scaffoldEntity({ ...parseArgs(args), entitiesDir: dir });
    expect(run(['Demo/note'])).toThrow(/bad module name/);
    expect(run(['demo/Note'])).toThrow(/bad entity name/);
    expect(run(['demo/note_item'])).toThrow(/bad entity name/);
    expect(run(['demo/note', '1st:string'])).toThrow(/bad field name/);
    expect(run(['demo/note', 'id:int'])).toThrow(/added by the core/);
    expect(run(['demo/note', 'title:varchar'])).toThrow(/bad field type/);
    expect(run(['demo'])).toThrow(/usage/);
    expect(existsSync(join(dir, 'demo'))).toBe(false);
  });

  it('writes a given label in all three languages and a dictionary key', async () => {
    const dir = tempEntities();
    scaffoldEntity({
      module: 'demo',
      name: 'labelled',
      fields: [
        { name: 'sector', type: 'string', required: false, label: 'Sector', dict: 'industry' },
        { name: 'plain', type: 'int', required: true },
      ],
      entitiesDir: dir,
    });
    const e = normalize(await loadDeclarations(dir)).byKey.get('demo/labelled')!;
    expect(e.byName.get('sector')).toMatchObject({ dict: 'industry', label: { en: 'Sector', 'zh-cn': 'Sector', 'zh-tw': 'Sector' } });
    expect(e.byName.get('plain')).toMatchObject({ dict: null, required: true, label: { en: 'Plain', 'zh-cn': `${TRANSLATE_MARK} Plain` } });
  });

  it('keeps quotes, backslashes and line breaks of a label inside its string', async () => {
    const dir = tempEntities();
    const label = "it's \\ done'); process.exit(1); ('\n\u2028end";
    const file = join(dir, 'demo', 'tricky.entity.ts');
    const source = entitySource({ module: 'demo', name: 'tricky', fields: [{ name: 'note', type: 'text', required: false, label, dict: "a'b" }] }, file);
    expect(ts.transpileModule(source, { reportDiagnostics: true }).diagnostics ?? []).toEqual([]);
    mkdirSync(join(dir, 'demo'));
    writeFileSync(file, source);
    const e = normalize(await loadDeclarations(dir)).byKey.get('demo/tricky')!;
    expect(e.byName.get('note')).toMatchObject({ dict: "a'b", label: { en: label, 'zh-cn': label, 'zh-tw': label } });
  });

  it('writes one label per language, escaped, with no translation reminder when every label is given', async () => {
    const dir = tempEntities();
    const odd = "`${evil()}` */ '); evil(); ('\n\u2028";
    const file = join(dir, 'demo', 'translated.entity.ts');
    const source = entitySource(
      {
        module: 'demo',
        name: 'translated',
        label: { en: 'Translated', 'zh-cn': '已翻译', 'zh-tw': odd },
        fields: [{ name: 'note', type: 'text', required: false, label: { en: 'Note', 'zh-cn': odd, 'zh-tw': '備註' } }],
      },
      file,
    );
    expect(source).not.toContain(TRANSLATE_MARK);
    expect(ts.transpileModule(source, { reportDiagnostics: true }).diagnostics ?? []).toEqual([]);
    mkdirSync(join(dir, 'demo'));
    writeFileSync(file, source);
    const e = normalize(await loadDeclarations(dir)).byKey.get('demo/translated')!;
    expect(e.label).toEqual({ en: 'Translated', 'zh-cn': '已翻译', 'zh-tw': odd });
    expect(e.byName.get('note')!.label).toEqual({ en: 'Note', 'zh-cn': odd, 'zh-tw': '備註' });
    expect(() => entitySource({ module: 'demo', name: 'bad', label: { en: 'Bad' } as never, fields: [] }, file)).toThrow(/zh-cn label must be a text/);
  });

  it('refuses a field that would not be written as given', () => {
    const file = join(tempEntities(), 'demo', 'bad.entity.ts');
    const make = (field: Record<string, unknown>) => () =>
      entitySource({ module: 'demo', name: 'bad', fields: [{ required: false, ...field } as never] }, file);
    expect(make({ name: 'a: 1 }); evil(); ({ b', type: 'int' })).toThrow(/bad field name/);
    expect(make({ name: 'updateTime', type: 'datetime' })).toThrow(/added by the core/);
    expect(make({ name: 'x', type: "int' }); evil(); ('" })).toThrow(/bad field type/);
    expect(make({ name: 'x', type: 'string', length: '1); evil(' })).toThrow(/positive whole number/);
    expect(make({ name: 'x', type: 'int', length: 4 })).toThrow(/only strings take a length/);
  });
});
