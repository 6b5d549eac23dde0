/**
 * The server's typed rows (issue 36): the generated row types are current with the declarations,
 * and the operations answer them: a lock or a find of a declared entity is typed by its key, an
 * unknown key, an increment of a text column or a change of the wrong type does not compile, and a
 * live entity keeps the untyped path. Compiled for real against server/core/api.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { typeName } from '../../codegen/client-types';
import { generateServerRows } from '../../codegen/server-rows';
import { loadDeclarations } from '../../server/core/entity/load';
import { normalize } from '../../server/core/entity/normalize';

const ROOT = resolve(__dirname, '../..');
const scratch = mkdtempSync(join(ROOT, 'tests', '.typed-rows-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The diagnostics of compiling `source` (a file beside the project, importing the core's API) with the project's options. */
function compileBesideProject(source: string): string[] {
  const file = join(scratch, 'sample.ts');
  writeFileSync(file, source);
  const config = ts.readConfigFile(join(ROOT, 'tsconfig.json'), ts.sys.readFile);
  const { options } = ts.parseJsonConfigFileContent(config.config, ts.sys, ROOT);
  const program = ts.createProgram([file], { ...options, noEmit: true });
  return ts
    .getPreEmitDiagnostics(program)
    .map(
      (d) =>
        `${d.file ? `${d.file.fileName.slice(ROOT.length + 1)}:${d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1} ` : ''}${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`,
    );
}

describe('typed rows on the server', () => {
  it('generates each stored row with every readable column present, and the hidden ones apart', async () => {
    const text = generateServerRows(normalize(await loadDeclarations()), typeName);
    const order = text.slice(text.indexOf('export type GoodsOrderRow = {'), text.indexOf('};', text.indexOf('export type GoodsOrderRow = {')));
    expect(order).toMatch(/\n  id: number;/);
    expect(order).toMatch(/\n  orderNo: string;/);
    expect(order).toMatch(/\n  sellerId: number \| null;/);
    expect(order).toMatch(/\n  status: 0 \| 1 \| 4 \| 9;/);
    expect(order).not.toContain('?:');
    const user = text.slice(text.indexOf('export type BaseSysUserRow = {'), text.indexOf('export type BaseSysUserColumns'));
    expect(user).not.toMatch(/\n  password:/);
    expect(text).toMatch(/export type BaseSysUserColumns = BaseSysUserRow & \{[^}]*\n  password: string \| null;/);
    expect(text).toContain("  'goods/order': GoodsOrderRow;");
  });

  it('types what the operations answer by the entity key, and refuses what the declarations do not allow', () => {
    const source = [
      "import { entity, eq, type Core, type OpTransaction } from '../../server/core/api';",
      'export async function sample(core: Core, t: OpTransaction): Promise<unknown[]> {',
      "  const orders = entity(core.model, 'goods/order');",
      '  const [order] = await t.lock(orders, 1);',
      '  const orderNo: string = order!.orderNo;',
      '  const quantity: number = order!.quantity;',
      '  const seller: number | null = order!.sellerId;',
      "  const [user] = await t.find('base/sys/user', eq('id', 1));",
      '  const username: string = user!.username;',
      '  // @ts-expect-error a find answers no hidden column it was not asked for',
      '  const hidden = user!.password;',
      "  const [named] = await t.find('base/sys/user', eq('id', 1), { fields: ['password'] });",
      '  const password: string | null = named!.password;',
      '  // @ts-expect-error only the named fields (and the id) come back',
      '  const notNamed = named!.username;',
      "  await t.increment(orders, 1, 'quantity', 1);",
      "  await t.updateWhere(orders, 1, { status: 1, sellerRemark: 'sent' }, { expect: 1 });",
      '  // @ts-expect-error no entity has this key',
      "  entity(core.model, 'goods/nothing');",
      '  // @ts-expect-error nor do the operations take it',
      "  await t.lock('goods/nothing', 1);",
      '  // @ts-expect-error an increment adds to a number column only',
      "  await t.increment(orders, 1, 'orderNo', 1);",
      "  // @ts-expect-error a change must have the column's type",
      "  await t.updateWhere(orders, 1, { quantity: 'two' });",
      '  // @ts-expect-error and name a column',
      '  await t.updateWhere(orders, 1, { quantityy: 2 });',
      "  const live = core.model.byKey.get('goods/order')!;",
      '  const [untyped] = await t.lock(live, 1);',
      '  const anything: unknown = untyped!.anyField;',
      '  return [orderNo, quantity, seller, username, hidden, password, notNamed, anything];',
      '}',
      '',
    ].join('\n');
    expect(compileBesideProject(source)).toEqual([]);
  }, 60_000);
});
