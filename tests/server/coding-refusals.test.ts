/**
 * What the code helper refuses, on every database, each time with nothing written (no file, no table,
 * no entity): bad and existing names, `../` and absolute paths, bad field lists, cool-admin's form that
 * takes a path and the file's contents, a malformed LLM answer (502), no LLM configured (503), and
 * the whole call when CODING_ENABLED is off.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../helpers/databases';
import {
  CREATE,
  TREE,
  filesIn,
  get,
  ok,
  post,
  refusedOn,
  startCodingWorld,
  tableExists,
  tableOf,
  uniqueName,
  type CodingWorld,
  type Res,
} from './coding-world';

const kinds = await databaseKinds();
const TITLE = [{ name: 'title', type: 'string' }];

describe.each(kinds)('the code helper refuses on %s', (kind) => {
  let w: CodingWorld;
  const t = () => w.t;

  beforeAll(async () => {
    w = await startCodingWorld(kind, { llm: true });
  });
  afterAll(async () => {
    await w?.close();
  });

  /** The answer to `body`, after checking that it made nothing: no file, no entity, no table. */
  async function refused(body: Record<string, unknown>): Promise<Res> {
    const files = filesIn(w.dir);
    const keys = t().core.model.entities.length;
    const { module, name } = body;
    const fresh =
      typeof module === 'string' &&
      typeof name === 'string' &&
      /^[a-z][a-z0-9]*$/.test(module) &&
      /^[A-Za-z0-9/]+$/.test(name) &&
      !t().core.model.byKey.has(`${module}/${name}`) &&
      !(await tableExists(t(), tableOf(module, name)));
    const res = await post(t(), CREATE, body);
    expect(filesIn(w.dir)).toEqual(files);
    expect(t().core.model.entities.length).toBe(keys);
    if (fresh) expect(await tableExists(t(), tableOf(module as string, name as string))).toBe(false);
    return res;
  }

  it('refuses bad module and entity names, `../` and absolute paths with 1002', async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ module: 'Demo', name: uniqueName() }, 'module', 'coding_module_name'],
      [{ module: '../demo', name: uniqueName() }, 'module', 'coding_module_name'],
      [{ module: 'demo', name: '../evil' }, 'name', 'coding_entity_name'],
      [{ module: 'demo', name: 'a/../../b' }, 'name', 'coding_entity_name'],
      [{ module: 'demo', name: '/etc/passwd' }, 'name', 'coding_entity_name'],
      [{ module: 'demo', name: 'C:\\evil' }, 'name', 'coding_entity_name'],
      [{ module: 'demo', name: 'note_item' }, 'name', 'coding_entity_name'],
      [{ module: 'demo', name: 'Note' }, 'name', 'coding_entity_name'],
      [{ module: 'demo', name: `${'x'.repeat(60)}Tail` }, 'name', 'coding_too_long'],
      [{ module: 'demo' }, 'name', 'required'],
      [{ name: uniqueName() }, 'module', 'required'],
      [{ module: 'demo', name: 42 }, 'name', 'type'],
    ];
    for (const [body, field, rule] of cases) {
      const res = await refused({ fields: TITLE, ...body });
      expect(refusedOn(res, field).rule, JSON.stringify(body)).toBe(rule);
    }
  });

  it('refuses names that exist: an entity, a hand-written group, a file in the folder, a table', async () => {
    expect(refusedOn(await refused({ module: 'base', name: 'sys/user', fields: TITLE }), 'name').rule).toBe('coding_exists');
    expect(refusedOn(await refused({ module: 'demo', name: 'goods', fields: TITLE, dryRun: true }), 'name').rule).toBe('coding_exists');
    // base/coding has no entity, but its calls hold the group.
    expect(refusedOn(await refused({ module: 'base', name: 'coding', fields: TITLE }), 'name').rule).toBe('coding_exists');

    const mine = uniqueName('mine');
    mkdirSync(join(w.dir, 'demo'), { recursive: true });
    writeFileSync(join(w.dir, 'demo', `${mine}.entity.ts`), '// mine\n');
    expect(refusedOn(await refused({ module: 'demo', name: mine, fields: TITLE }), 'name').rule).toBe('coding_exists');
    expect(readFileSync(join(w.dir, 'demo', `${mine}.entity.ts`), 'utf8')).toBe('// mine\n');
    rmSync(join(w.dir, 'demo'), { recursive: true });

    // A table no entity declares (left by someone else): the live registry refuses it.
    const left = uniqueName('left');
    const db = t().core.db;
    await db.run(`CREATE TABLE ${db.q(tableOf('demo', left))} (${db.q('id')} INT)`);
    try {
      for (const dryRun of [true, false]) {
        expect(refusedOn(await refused({ module: 'demo', name: left, fields: TITLE, dryRun }), 'name').rule).toBe('coding_exists');
      }
    } finally {
      await db.run(`DROP TABLE ${db.q(tableOf('demo', left))}`);
    }
  });

  it('refuses bad field lists with 1002 naming each bad field', async () => {
    const name = uniqueName();
    const cases: Array<[unknown, string, string]> = [
      [[], 'fields', 'coding_count'],
      [Array.from({ length: 61 }, (_, i) => ({ name: `f${i}`, type: 'int' })), 'fields', 'coding_count'],
      ['title:string', 'fields', 'type'],
      [[{ name: 'id', type: 'int' }], 'fields.0.name', 'coding_reserved'],
      [[{ name: 'createTime', type: 'datetime' }], 'fields.0.name', 'coding_reserved'],
      [[{ name: 'order', type: 'int' }], 'fields.0.name', 'coding_reserved'],
      [[{ name: 'constructor', type: 'int' }], 'fields.0.name', 'coding_reserved'],
      [[{ name: '1st', type: 'int' }], 'fields.0.name', 'coding_field_name'],
      [[{ name: 'a: 1 }); process.exit(1); ({ b', type: 'int' }], 'fields.0.name', 'coding_field_name'],
      [
        [
          { name: 'title', type: 'string' },
          { name: 'title', type: 'text' },
        ],
        'fields.1.name',
        'coding_twice',
      ],
      [[{ name: 'title', type: 'varchar' }], 'fields.0.type', 'enum'],
      [[{ name: 'title' }], 'fields.0.type', 'required'],
      [[{ name: 'count', type: 'int', length: 5 }], 'fields.0.length', 'coding_length_string'],
      [[{ name: 'title', type: 'string', length: 5000 }], 'fields.0.length', 'range'],
      [[{ name: 'title', type: 'string', length: 1.5 }], 'fields.0.length', 'type'],
      [[{ name: 'title', type: 'string', required: 'yes' }], 'fields.0.required', 'type'],
      [[{ name: 'title', type: 'string', label: 'two\nlines' }], 'fields.0.label', 'characters'],
      [[{ name: 'title', type: 'string', dict: 'noSuchDictionary' }], 'fields.0.dict', 'coding_dict_unknown'],
      [[{ name: 'title', type: 'string', default: "'); process.exit(1); ('" }], 'fields.0.default', 'unknown'],
    ];
    for (const [fields, field, rule] of cases) {
      const res = await refused({ module: 'demo', name, fields });
      expect(refusedOn(res, field).rule, JSON.stringify(fields).slice(0, 80)).toBe(rule);
    }
    expect(refusedOn(await refused({ module: 'demo', name }), 'fields').rule).toBe('required');
    expect(refusedOn(await refused({ module: 'demo', name, description: '   ' }), 'fields').rule).toBe('required');
  });

  it("refuses cool-admin's form that takes a path and the file's contents", async () => {
    const forms: Array<Record<string, unknown>> = [
      { path: '../../server/evil.ts', content: 'process.exit(1)' },
      { module: 'demo', name: uniqueName(), fields: TITLE, path: '/tmp/evil.entity.ts' },
      { module: 'demo', name: uniqueName(), fields: TITLE, fileName: 'evil.entity.ts', content: 'export default 1;' },
      { module: 'demo', name: uniqueName(), code: 'export default 1;' },
    ];
    for (const body of forms) {
      const res = await refused(body);
      expect(res.body.code, JSON.stringify(body)).toBe(1002);
      for (const extra of ['path', 'content', 'fileName', 'code'].filter((k) => k in body)) {
        expect(refusedOn(res, extra).rule).toBe('unknown');
      }
    }
  });

  it('answers a malformed LLM answer with a 502 and writes nothing', async () => {
    const answers = [
      'Sure! A note has a title and a body.',
      '{"fields": [{"name": "title", "type": "string"',
      '{"columns": [{"name": "title", "type": "string"}]}',
      '{"fields": []}',
      '{"fields": [{"name": "id", "type": "int"}]}',
      '{"fields": [{"name": "title", "type": "varchar"}]}',
      '[{"name": "title", "type": "string"}, {"name": "title", "type": "text"}]',
    ];
    for (const answer of answers) {
      w.llm!.reset().script({ answer });
      const res = await refused({ module: 'demo', name: uniqueName(), description: 'A note with a title' });
      expect(res.status, answer).toBe(502);
      expect(res.body.code).toBe(1001);
      expect(res.body.message).toMatch(/language model did not answer with a valid field list/);
    }
    w.llm!.reset().script({ fail: { status: 500 } });
    const down = await refused({ module: 'demo', name: uniqueName(), description: 'A note' });
    expect(down.status).toBe(502);
    expect(down.body.message).toMatch(/language model did not answer \(upstream\)/);
  });

  it('asks the model nothing for a request it refuses anyway', async () => {
    w.llm!.reset();
    const res = await refused({ module: 'base', name: 'sys/user', description: 'Users again' });
    expect(refusedOn(res, 'name').rule).toBe('coding_exists');
    expect(w.llm!.chatCalls()).toHaveLength(0);
  });
});

describe.each(kinds)('the code helper switched off on %s', (kind) => {
  let off: CodingWorld;

  beforeAll(async () => {
    off = await startCodingWorld(kind, { env: { CODING_ENABLED: 'off' } });
  });
  afterAll(async () => {
    await off?.close();
  });

  it('refuses createCode when CODING_ENABLED is off, and still shows the module tree', async () => {
    const name = uniqueName();
    for (const dryRun of [true, false]) {
      const res = await post(off.t, CREATE, { module: 'demo', name, fields: TITLE, dryRun });
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ code: 1001, message: 'The code helper is switched off (CODING_ENABLED)' });
    }
    expect(filesIn(off.dir)).toEqual([]);
    expect(await tableExists(off.t, tableOf('demo', name))).toBe(false);
    expect(ok(await get(off.t, TREE)).length).toBeGreaterThan(3);
  });
});

describe.each(kinds)('the code helper without a language model on %s', (kind) => {
  let bare: CodingWorld;

  beforeAll(async () => {
    bare = await startCodingWorld(kind);
  });
  afterAll(async () => {
    await bare?.close();
  });

  it('answers 503 to a description without a configured model, and takes fields', async () => {
    const name = uniqueName();
    const res = await post(bare.t, CREATE, { module: 'demo', name, description: 'A note with a title' });
    expect(res.status).toBe(503);
    expect(res.body.message).toBe('No language model is configured; give fields instead');
    expect(filesIn(bare.dir)).toEqual([]);
    expect(ok(await post(bare.t, CREATE, { module: 'demo', name, fields: TITLE, dryRun: true })).fields).toEqual([
      { name: 'title', type: 'string', required: false },
    ]);
  });
});
