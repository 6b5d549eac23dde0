/**
 * Change sets of the code helper (changeset.service.ts), on every database: a creation and each kind
 * of change previewed, applied and rolled back, with the statements the database really ran equal
 * to the preview's `sql` and `rollbackSql`; an added field served at once (add, page, /eps) and gone
 * again after its rollback with its values kept aside until purged; a removed field's values kept
 * aside and restored by the rollback; a rolled-back creation gone from routes, menus and keys with
 * its table kept aside. Refused: entities of the product (shipped ones, a codegen:entity file),
 * no change, two applies of one draft, a stale draft, a rollback that is not the last, and every
 * call when CODING_ENABLED is off.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/core/db/db';
import { databaseKinds } from '../helpers/databases';
import { get, ok, post, refusedOn, startCodingWorld, tableExists, tableOf, uniqueName, type CodingWorld, type Res } from './coding-world';

const kinds = await databaseKinds();
const PREVIEW = '/admin/base/coding/preview';
const APPLY = '/admin/base/coding/apply';
const ROLLBACK = '/admin/base/coding/rollback';
const PURGE = '/admin/base/coding/purge';
const DISCARD = '/admin/base/coding/discard';
const LIST = '/admin/base/coding/changeSets';

type Field = { name: string; type: string; length?: number | null; required?: boolean; label?: string; from?: string };

/** Runs `work` and answers the schema statements the database ran meanwhile (DDL and the aside copies). */
async function executed(db: Db, work: () => Promise<unknown>): Promise<string[]> {
  const seen: string[] = [];
  const wrap = (d: Db): Db => ({ ...d, run: (sql, p) => (seen.push(sql), d.run(sql, p)), transaction: (fn) => d.transaction((tx) => fn(wrap(tx))) }) as Db;
  const { run, transaction } = db;
  db.run = (sql, p) => (seen.push(sql), run.call(db, sql, p));
  db.transaction = <T>(fn: (tx: Db) => Promise<T>) => transaction.call(db, (tx: Db) => fn(wrap(tx))) as Promise<T>;
  try {
    await work();
  } finally {
    db.run = run;
    db.transaction = transaction;
  }
  // The seeding's own `CREATE TABLE IF NOT EXISTS` of its tables is not the change set's.
  return seen.filter(
    (s) => (/^\s*(CREATE TABLE|CREATE (UNIQUE )?INDEX|DROP |ALTER TABLE)/i.test(s) && !/IF NOT EXISTS/.test(s)) || /^UPDATE `(?!app_)/.test(s),
  );
}

describe.each(kinds)('change sets on %s', (kind) => {
  let w: CodingWorld;
  const t = () => w.t;
  const name = uniqueName('cs');
  const key = `demo/${name}`;
  const table = tableOf('demo', name);
  const base: Field[] = [
    { name: 'title', type: 'string', length: 80, required: true, label: 'Title' },
    { name: 'qty', type: 'int', label: 'Quantity' },
  ];
  const preview = (fields: Field[], extra: Record<string, unknown> = {}) => post(t(), PREVIEW, { module: 'demo', name, fields, ...extra });
  const act = async (path: string, id: number): Promise<{ res: Res; sql: string[] }> => {
    let res!: Res;
    const sql = await executed(t().core.db, async () => {
      res = await post(t(), path, { id });
    });
    return { res, sql };
  };
  const columns = async (tbl: string) => [
    ...(
      await t().core.db.query<{ name: string }>(
        kind === 'sqlite'
          ? 'SELECT name FROM pragma_table_info(?)'
          : 'SELECT COLUMN_NAME AS name FROM information_schema.columns WHERE table_schema = DATABASE() AND table_name = ?',
        [tbl],
      )
    ).map((r) => r.name),
  ];
  /** The entity's columns in /eps, or null when /eps does not show it. */
  const eps = async (): Promise<string[] | null> => {
    const demo = (await get(t(), '/admin/base/open/eps')).body.data.demo as Array<{ name: string; columns: Array<{ propertyName: string }> }>;
    const e = demo.find((x) => x.name === name);
    return e ? e.columns.map((c) => c.propertyName) : null;
  };

  beforeAll(async () => {
    w = await startCodingWorld(kind, { llm: true });
  });
  afterAll(async () => {
    await w?.close();
  });

  it('previews a creation as a draft and applies exactly its statements', async () => {
    const draft = ok(await preview(base));
    expect(draft).toMatchObject({ entityKey: key, kind: 'create', state: 'draft', before: null });
    expect(draft.diff).toContain(`+++ b/demo/${name}.entity.ts`);
    expect(draft.sql[0]).toMatch(new RegExp(`^CREATE TABLE \`${table}\``));
    expect(draft.routes.added).toContain(`POST /admin/demo/${name}/add`);
    expect(draft.perms.added).toContain(`demo:${name}:page`);
    expect(draft.menus.added).toEqual([`/demo/${name}`]);
    expect(t().core.model.byKey.has(key)).toBe(false);

    const { res, sql } = await act(APPLY, draft.id);
    const applied = ok(res);
    expect(applied.state).toBe('applied');
    expect(sql).toEqual(draft.sql);
    expect(ok(await post(t(), `/admin/demo/${name}/add`, { title: 'first', qty: 3 })).id).toBeGreaterThan(0);
    const tree = ok(await get(t(), '/admin/base/coding/getModuleTree'));
    const demo = tree.find((m: { module: string }) => m.module === 'demo').entities;
    expect(demo.find((e: { key: string }) => e.key === key).live).toBe(true);
    expect(demo.find((e: { key: string }) => e.key === 'demo/goods').live).toBe(false);
  });

  it('refuses entities of the product: shipped ones and codegen:entity files', async () => {
    expect(refusedOn(await post(t(), PREVIEW, { module: 'base', name: 'sys/user', fields: base }), 'name').rule).toBe('coding_not_live');
    expect(refusedOn(await post(t(), PREVIEW, { module: 'demo', name: 'goods', fields: base }), 'name').rule).toBe('coding_not_live');
    // A file made by codegen:entity joins at start-up, without a row of the helper: it is the product's too.
    const fileName = uniqueName('file');
    mkdirSync(join(w.dir, 'demo'), { recursive: true });
    const src = ok(await post(t(), '/admin/base/coding/createCode', { module: 'demo', name: fileName, fields: base, dryRun: true })).source;
    writeFileSync(join(w.dir, 'demo', `${fileName}.entity.ts`), src);
    const e = await t().core.entities.evaluate(join(w.dir, 'demo', `${fileName}.entity.ts`), src);
    t().core.model.entities.push(e);
    t().core.model.byKey.set(e.key, e);
    try {
      expect(refusedOn(await post(t(), PREVIEW, { module: 'demo', name: fileName, fields: base }), 'name').rule).toBe('coding_not_live');
    } finally {
      t().core.model.entities.splice(t().core.model.entities.indexOf(e), 1);
      t().core.model.byKey.delete(e.key);
    }
  });

  it('refuses a change that changes nothing', async () => {
    expect(refusedOn(await preview(base), 'fields').rule).toBe('coding_no_change');
  });

  it("drafts a change from a description with the code helper's model, shown before anything changes", async () => {
    w.llm!.reset().script({
      answer: JSON.stringify({
        fields: [
          { name: 'title', type: 'string', length: 80, required: true, label: 'Title' },
          { name: 'amount', from: 'qty', type: 'int', label: 'Amount' },
        ],
      }),
    });
    const draft = ok(await post(t(), PREVIEW, { module: 'demo', name, description: 'Call the quantity an amount.' }));
    const asked = w.llm!.chatCalls()[0].chat!.messages.at(-1)!.content;
    expect(asked).toContain('"name":"qty"');
    expect(asked).toContain('Call the quantity an amount.');
    expect(draft.warnings).toEqual([expect.objectContaining({ field: 'amount', kind: 'rename' })]);
    expect(draft.sql).toEqual([`ALTER TABLE \`${table}\` RENAME COLUMN \`qty\` TO \`amount\``]);
    expect(draft.diff).toMatch(/^- +qty: /m);
    expect(draft.diff).toMatch(/^\+ +amount: /m);
    expect(t().core.model.byKey.get(key)!.byName.has('qty')).toBe(true);
    expect(ok(await post(t(), DISCARD, { id: draft.id })).state).toBe('discarded');
    expect((await post(t(), APPLY, { id: draft.id })).status).toBe(409);
    w.llm!.reset();
  });

  it('adds a field live, served at once, and rolls it back with its values kept aside until purged', async () => {
    const draft = ok(await preview([...base, { name: 'note', type: 'string', length: 40, label: 'Note' }]));
    expect(draft).toMatchObject({ kind: 'change', state: 'draft', warnings: [], keptAside: [] });
    expect(draft.diff).toMatch(/^\+ +note: \{ type: 'string', length: 40/m);
    expect(draft.sql).toEqual([expect.stringMatching(new RegExp(`^ALTER TABLE \`${table}\` ADD COLUMN \`note\` VARCHAR\\(40\\) NULL$`))]);

    const { res, sql } = await act(APPLY, draft.id);
    expect(ok(res).state).toBe('applied');
    expect(sql).toEqual(draft.sql);
    const id = ok(await post(t(), `/admin/demo/${name}/add`, { title: 'second', note: 'kept' })).id;
    const page = ok(await post(t(), `/admin/demo/${name}/page`, {}));
    expect(page.list.find((r: { id: number }) => r.id === id).note).toBe('kept');
    expect(await eps()).toContain('note');

    const { res: rolled, sql: undone } = await act(ROLLBACK, draft.id);
    const back = ok(rolled);
    expect(back.state).toBe('rolledBack');
    expect(undone).toEqual(draft.rollbackSql);
    expect(refusedOn(await post(t(), `/admin/demo/${name}/add`, { title: 'third', note: 'x' }), 'note').rule).toBeTruthy();
    expect(await eps()).not.toContain('note');
    expect(await columns(table)).not.toContain('note');
    const aside = back.keptAside[0];
    expect(aside).toMatchObject({ what: 'column', name: 'note', purged: false });
    const kept = await t().core.db.query<{ id: number; note: string }>(`SELECT * FROM ${t().core.db.q(aside.table)}`);
    expect(kept.find((r) => Number(r.id) === id)?.note).toBe('kept');

    const purged = ok(await post(t(), PURGE, { id: draft.id }));
    expect(purged.keptAside).toEqual([{ ...aside, purged: true }]);
    expect(await tableExists(t(), aside.table)).toBe(false);
  });

  it('removes a field with its values kept aside, and its rollback brings them back', async () => {
    const draft = ok(await preview(base.filter((f) => f.name !== 'qty')));
    expect(draft.warnings).toEqual([expect.objectContaining({ field: 'qty', kind: 'drop' })]);
    expect(draft.keptAside).toEqual([expect.objectContaining({ what: 'column', name: 'qty' })]);
    const { sql } = await act(APPLY, draft.id);
    expect(sql).toEqual(draft.sql);
    expect(await columns(table)).not.toContain('qty');
    expect(await eps()).not.toContain('qty');

    const { res, sql: undone } = await act(ROLLBACK, draft.id);
    expect(ok(res).keptAside).toEqual([]);
    expect(undone).toEqual(draft.rollbackSql);
    const rows = ok(await post(t(), `/admin/demo/${name}/page`, {})).list;
    expect(rows.find((r: { title: string }) => r.title === 'first').qty).toBe(3);
    expect(await tableExists(t(), draft.keptAside[0].table)).toBe(false);
  });

  it('renames, lengthens and relaxes a field as its preview says, and rolls it back', async () => {
    const draft = ok(await preview([{ name: 'heading', from: 'title', type: 'string', length: 120, required: false, label: 'Heading' }, base[1]]));
    expect(draft.warnings.map((x: { kind: string }) => x.kind)).toEqual(['rename']);
    const { res, sql } = await act(APPLY, draft.id);
    ok(res);
    expect(sql).toEqual(draft.sql);
    // Optional now: a row without it is accepted (the column no longer refuses NULL).
    ok(await post(t(), `/admin/demo/${name}/add`, { qty: 1 }));
    const rows = ok(await post(t(), `/admin/demo/${name}/page`, {})).list;
    expect(rows.map((r: { heading: string }) => r.heading)).toContain('first');
    const { sql: undone } = await act(ROLLBACK, draft.id);
    expect(undone).toEqual(draft.rollbackSql);
    expect(await columns(table)).toContain('title');
    await t().core.db.run(`DELETE FROM ${t().core.db.q(table)} WHERE ${t().core.db.q('title')} IS NULL`);
  });

  it('applies a draft once, refuses a stale draft and a rollback that is not the last', async () => {
    const one = ok(await preview([...base, { name: 'a1', type: 'int' }]));
    const two = ok(await preview([...base, { name: 'b1', type: 'int' }]));
    const both = await Promise.all([post(t(), APPLY, { id: one.id }), post(t(), APPLY, { id: one.id })]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    // `two` was made from the declaration before `one`.
    const stale = await post(t(), APPLY, { id: two.id });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toMatch(/changed since/);
    expect(ok(await post(t(), DISCARD, { id: two.id })).state).toBe('discarded');
    expect((await post(t(), DISCARD, { id: two.id })).status).toBe(409);
    const first = ok(await post(t(), LIST, { entityKey: key })).list.find((s: { kind: string }) => s.kind === 'create');
    expect((await post(t(), ROLLBACK, { id: first.id })).body).toMatchObject({ code: 1001 });
    expect((await post(t(), ROLLBACK, { id: first.id })).status).toBe(409);
    ok(await post(t(), ROLLBACK, { id: one.id }));
  });

  it('lists the sets newest first', async () => {
    const list = ok(await post(t(), LIST, { entityKey: key, size: 3 }));
    expect(list.pagination).toMatchObject({ page: 1, size: 3 });
    expect(list.pagination.total).toBeGreaterThan(3);
    expect(list.list.map((s: { id: number }) => s.id)).toEqual([...list.list.map((s: { id: number }) => s.id)].sort((a, b) => b - a));
  });

  it('rolls a creation back: routes, menu and keys gone, its table kept aside until purged', async () => {
    const list = ok(await post(t(), LIST, { entityKey: key, size: 100 })).list;
    // Newest first: every applied change is rolled back already; the creation is the last one left.
    const create = list.find((s: { kind: string }) => s.kind === 'create');
    const { res, sql } = await act(ROLLBACK, create.id);
    const back = ok(res);
    expect(sql).toEqual(create.rollbackSql);
    expect(back.keptAside).toEqual([expect.objectContaining({ what: 'table', name: table, purged: false })]);
    expect((await post(t(), `/admin/demo/${name}/page`, {})).status).toBe(404);
    expect(await eps()).toBeNull();
    const menus = ok(await get(t(), '/admin/base/comm/permmenu'));
    expect(menus.perms).not.toContain(`demo:${name}:add`);
    expect(menus.menus.some((m: { viewPath?: string }) => m.viewPath === `crud:${key}`)).toBe(false);
    expect(await tableExists(t(), table)).toBe(false);
    expect(await tableExists(t(), back.keptAside[0].table)).toBe(true);
    ok(await post(t(), PURGE, { id: create.id }));
    expect(await tableExists(t(), back.keptAside[0].table)).toBe(false);
  });

  it('refuses every change set call when CODING_ENABLED is off', async () => {
    const env = t().core.config.env;
    const was = env.CODING_ENABLED;
    env.CODING_ENABLED = 'off';
    try {
      for (const [path, body] of [
        [PREVIEW, { module: 'demo', name: uniqueName(), fields: base }],
        [APPLY, { id: 1 }],
        [ROLLBACK, { id: 1 }],
        [DISCARD, { id: 1 }],
        [PURGE, { id: 1 }],
        [LIST, {}],
      ] as const) {
        const res = await post(t(), path, body);
        expect(res.status, path).toBe(403);
        expect(res.body.message).toBe('The code helper is switched off (CODING_ENABLED)');
      }
    } finally {
      env.CODING_ENABLED = was;
    }
  });
});
