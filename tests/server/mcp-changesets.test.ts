/**
 * The code helper's change sets as MCP tools, on every database, with the SDK's client and an
 * administrator's API key: the preview tool answers the change set (diff, SQL, routes, warnings)
 * and changes nothing; applying is a second tool call, after which the entity's own tools exist;
 * the rollback tool undoes it. A member's key is offered none of them, and with CODING_ENABLED off
 * nobody is (the calls refuse everyone then).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { databaseKinds } from '../helpers/databases';
import { serverUrl } from '../helpers/sockets';
import { member } from './chat-world';
import { startCodingWorld, tableExists, tableOf, uniqueName, type CodingWorld } from './coding-world';

const kinds = await databaseKinds();
const CHANGE_SET_TOOLS = [
  'base_coding_preview',
  'base_coding_apply',
  'base_coding_rollback',
  'base_coding_discard',
  'base_coding_purge',
  'base_coding_changeSets',
];

async function connect(base: string, key: string): Promise<Client> {
  const client = new Client({ name: 'cosmac-changeset-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`), { requestInit: { headers: { Authorization: `Bearer ${key}` } } }));
  return client;
}

async function keyOf(w: CodingWorld, token: string): Promise<string> {
  const res = await w.t.http().post('/admin/base/apiKey/create').set('Authorization', token).send({ name: 'agent' });
  expect(res.body.code, JSON.stringify(res.body)).toBe(1000);
  return res.body.data.key as string;
}

describe.each(kinds)('change sets through MCP on %s', (kind) => {
  let w: CodingWorld;
  let base: string;
  let admin: Client;

  beforeAll(async () => {
    w = await startCodingWorld(kind);
    base = await serverUrl();
    admin = await connect(base, await keyOf(w, w.t.adminToken));
  }, 120_000);
  afterAll(async () => {
    await admin?.close();
    await w?.close();
  });

  it('previews with one tool call, applies with a second, and rolls back with a third', async () => {
    const names = new Set((await admin.listTools()).tools.map((t) => t.name));
    for (const n of CHANGE_SET_TOOLS) expect(names.has(n), n).toBe(true);

    const name = uniqueName('memo');
    const preview = (await admin.callTool({
      name: 'base_coding_preview',
      arguments: { module: 'demo', name, fields: [{ name: 'title', type: 'string', length: 80, required: true, label: 'Title' }] },
    })) as any;
    expect(preview.isError, JSON.stringify(preview.content)).toBeFalsy();
    const set = preview.structuredContent;
    expect(set).toMatchObject({ state: 'draft', kind: 'create', entityKey: `demo/${name}` });
    expect(set.diff).toContain('title');
    expect(set.sql.join('\n')).toMatch(/CREATE TABLE/i);
    expect(set.routes.added).toContain(`POST /admin/demo/${name}/add`);
    // Reviewed, not applied: no table, no tool of the entity yet.
    expect(await tableExists(w.t, tableOf('demo', name))).toBe(false);
    expect((await admin.listTools()).tools.some((t) => t.name === `demo_${name}_add`)).toBe(false);

    const applied = (await admin.callTool({ name: 'base_coding_apply', arguments: { id: set.id } })) as any;
    expect(applied.isError, JSON.stringify(applied.content)).toBeFalsy();
    expect(applied.structuredContent.state).toBe('applied');
    const added = (await admin.callTool({ name: `demo_${name}_add`, arguments: { title: 'first memo' } })) as any;
    expect(added.isError, JSON.stringify(added.content)).toBeFalsy();
    expect(added.structuredContent.id).toBeGreaterThan(0);

    const again = (await admin.callTool({ name: 'base_coding_apply', arguments: { id: set.id } })) as any;
    expect(again.isError).toBe(true);
    expect(again.structuredContent.status).toBe(409);

    const rolled = (await admin.callTool({ name: 'base_coding_rollback', arguments: { id: set.id } })) as any;
    expect(rolled.structuredContent.state).toBe('rolledBack');
    expect((await admin.listTools()).tools.some((t) => t.name === `demo_${name}_add`)).toBe(false);
  });

  it('offers a member’s key none of the change set tools, and refuses one named', async () => {
    const ann = await member(w.t);
    const client = await connect(base, await keyOf(w, ann.token));
    try {
      const names = (await client.listTools()).tools.map((t) => t.name);
      expect(names.filter((n) => n.startsWith('base_coding_'))).toEqual([]);
      await expect(client.callTool({ name: 'base_coding_preview', arguments: { module: 'demo', name: uniqueName('x'), fields: [] } })).rejects.toThrow(
        /Unknown tool/,
      );
    } finally {
      await client.close();
    }
  });
});

// Whether a call is offered is decided when its route is declared, whatever the database: SQLite only.
describe('change set tools with CODING_ENABLED off', () => {
  let w: CodingWorld;
  beforeAll(async () => {
    w = await startCodingWorld('sqlite', { env: { CODING_ENABLED: 'off' } });
  }, 120_000);
  afterAll(async () => {
    await w?.close();
  });

  it('offers them to nobody, the administrator included', async () => {
    const client = await connect(await serverUrl(), await keyOf(w, w.t.adminToken));
    try {
      const names = (await client.listTools()).tools.map((t) => t.name);
      expect(names).toContain('base_coding_getModuleTree');
      for (const n of [...CHANGE_SET_TOOLS, 'base_coding_createCode']) expect(names).not.toContain(n);
    } finally {
      await client.close();
    }
  });
});
