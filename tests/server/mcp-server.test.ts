/**
 * The MCP server at /mcp, on every database, with the SDK's own client
 * (`Client` + `StreamableHTTPClientTransport`, a real MCP client) and with plain HTTP where the
 * answer is refused before the protocol starts: tools and resources follow the caller's
 * permissions, a member never sees nor runs an administrator's tool, refusals map onto MCP errors,
 * tool sets narrow by module, the Origin header is checked, and each tool call is in the request log.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { startApp, type TestApp } from '../helpers/app';
import { databaseKinds } from '../helpers/databases';
import { serverUrl } from '../helpers/sockets';
import { member, type Person } from './chat-world';

const kinds = await databaseKinds();
const CALLS_PER_MINUTE = 20;
const ALLOWED_ORIGIN = 'https://agents.example.org';

/** A connected SDK client at `path` as the holder of `auth`. */
async function connect(base: string, auth: string, path = '/mcp', headers: Record<string, string> = {}): Promise<Client> {
  const client = new Client({ name: 'cosmac-mcp-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${base}${path}`), { requestInit: { headers: { Authorization: auth, ...headers } } }));
  return client;
}

/** A personal API key of the holder of `token` (base/apiKey/create), with its row id. */
async function makeKey(t: TestApp, token: string, body: Record<string, unknown>): Promise<{ key: string; id: number }> {
  const res = await t.http().post('/admin/base/apiKey/create').set('Authorization', token).send(body);
  expect(res.body.code, JSON.stringify(res.body)).toBe(1000);
  return { key: res.body.data.key as string, id: Number(res.body.data.row.id) };
}

/** A raw JSON-RPC POST, for answers refused before the protocol starts. */
async function rpc(base: string, path: string, headers: Record<string, string>, body: unknown = { jsonrpc: '2.0', id: 1, method: 'tools/list' }) {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? (JSON.parse(text) as Record<string, any>) : null };
}

describe.each(kinds)('the MCP server on %s', (kind) => {
  let t: TestApp;
  let base: string;
  let ann: Person;
  let admin: Client;
  let annClient: Client;

  beforeAll(async () => {
    t = await startApp(kind, { env: { ...process.env, MCP_CALLS_PER_MINUTE: String(CALLS_PER_MINUTE), MCP_ALLOWED_ORIGINS: ` ${ALLOWED_ORIGIN} ,` } });
    base = await serverUrl();
    ann = await member(t);
    admin = await connect(base, `Bearer ${t.adminToken}`);
    annClient = await connect(base, ann.token);
  }, 120_000);
  afterAll(async () => {
    await admin?.close();
    await annClient?.close();
    await t?.close();
  });

  it('lists the declared calls as tools with their schema, rule and read or write marks', async () => {
    const { tools } = await admin.listTools();
    const byName = new Map(tools.map((x) => [x.name, x]));
    const page = byName.get('base_sys_user_page')!;
    expect(page.inputSchema.type).toBe('object');
    expect(page.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false });
    expect(page.title).toBeTruthy();
    expect(page.description).toContain('Who may call it:');
    const del = byName.get('base_sys_user_delete')!;
    expect(del.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true });
    expect(del.description).toContain('It changes data.');
    expect(byName.get('base_shortLink_add')!.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: false });
    // Sign-in calls and the AI members' own tool confirmations are never tools.
    expect(tools.some((x) => x.name.startsWith('base_open_') || x.name.startsWith('ai_tool_'))).toBe(false);
  });

  it('calls a tool as the caller and answers its data as text and structured content', async () => {
    const r = (await admin.callTool({ name: 'base_sys_user_page', arguments: { page: 1, size: 5, keyWord: ann.username } })) as any;
    expect(r.isError).toBeFalsy();
    expect(r.structuredContent.list.map((u: { id: number }) => u.id)).toEqual([ann.id]);
    expect(JSON.parse(r.content[0].text)).toEqual(r.structuredContent);
    const mine = (await annClient.callTool({ name: 'base_comm_person', arguments: {} })) as any;
    expect(mine.structuredContent.id).toBe(ann.id);
    // The guide's example (docs/guide/connect-an-agent-with-mcp.md): a member's orders through the goods set.
    const goods = await connect(base, `Bearer ${ann.token}`, '/mcp/goods');
    try {
      const orders = (await goods.callTool({ name: 'goods_order_mine', arguments: {} })) as any;
      expect(orders.isError).toBeFalsy();
      expect(orders.structuredContent).toBeTruthy();
    } finally {
      await goods.close();
    }
  });

  it("shows a member no administrator's tool and refuses one named as an unknown tool", async () => {
    const { tools } = await annClient.listTools();
    const names = new Set(tools.map((x) => x.name));
    expect(names.has('base_comm_person')).toBe(true);
    for (const adminOnly of ['base_sys_user_page', 'base_sys_user_delete', 'base_sys_role_add', 'ai_provider_add']) expect(names.has(adminOnly)).toBe(false);
    const refused = await annClient.callTool({ name: 'base_sys_user_delete', arguments: { ids: [1] } }).then(
      () => null,
      (err: { code?: number; message?: string }) => err,
    );
    const missing = await annClient.callTool({ name: 'no_such_tool', arguments: {} }).then(
      () => null,
      (err: { code?: number; message?: string }) => err,
    );
    expect(refused?.code).toBe(-32602);
    expect(refused?.message).toContain('Unknown tool: base_sys_user_delete');
    // Nothing tells an administrator's tool from one that does not exist.
    expect(missing?.code).toBe(-32602);
    expect(missing?.message?.replace('no_such_tool', 'X')).toBe(refused?.message?.replace('base_sys_user_delete', 'X'));
    expect(await t.core.db.query('SELECT id FROM base_sys_user WHERE id = ?', [1])).toHaveLength(1);
  });

  it('answers bad arguments as a tool error naming each field', async () => {
    const r = (await annClient.callTool({ name: 'base_shortLink_add', arguments: { url: 'not a url', extra: 1 } })) as any;
    expect(r.isError).toBe(true);
    expect(r.structuredContent.code).toBe(1002);
    const fields = r.structuredContent.fields.map((f: { field: string }) => f.field).sort();
    expect(fields).toEqual(['extra', 'url']);
    expect(r.content[0].text).toContain('- url:');
    expect(r.content[0].text).toContain('- extra:');
  });

  it("answers a refusal by the call's own rule as a tool error with the envelope's code and message", async () => {
    const r = (await annClient.callTool({ name: 'base_group_info', arguments: { id: 999_999 } })) as any;
    expect(r.isError).toBe(true);
    expect([1001]).toContain(r.structuredContent.code);
    expect([403, 404]).toContain(r.structuredContent.status);
    expect(r.content[0].text).toContain(r.structuredContent.message);
  });

  it('offers the tools of the modules a tool set names, and 404 for an unknown set', async () => {
    const goods = await connect(base, t.adminToken, '/mcp/goods');
    const both = await connect(base, t.adminToken, '/mcp/goods+dict');
    try {
      const g = (await goods.listTools()).tools.map((x) => x.name);
      expect(g.length).toBeGreaterThan(3);
      expect(g.every((n) => n.startsWith('goods_'))).toBe(true);
      const b = (await both.listTools()).tools.map((x) => x.name);
      expect(b.some((n) => n.startsWith('dict_'))).toBe(true);
      expect(b.every((n) => n.startsWith('goods_') || n.startsWith('dict_'))).toBe(true);
      // A tool outside the set is unknown there.
      await expect(goods.callTool({ name: 'base_sys_user_page', arguments: {} })).rejects.toMatchObject({ code: -32602 });
      const { resources } = await goods.listResources();
      expect(resources.length).toBeGreaterThan(0);
      expect(resources.every((r) => r.uri.startsWith('cosmac://entity/goods/'))).toBe(true);
    } finally {
      await goods.close();
      await both.close();
    }
    const unknown = await rpc(base, '/mcp/goods+nosuchmodule', { authorization: t.adminToken });
    expect(unknown.status).toBe(404);
    expect(unknown.body?.error.message).toContain('goods+nosuchmodule');
  });

  it('lists the schemas of the entities the caller may use as resources, and reads one', async () => {
    const mine = (await annClient.listResources()).resources.map((r) => r.uri);
    expect(mine).toContain('cosmac://entity/base/group');
    expect(mine).not.toContain('cosmac://entity/base/sys/role');
    const all = (await admin.listResources()).resources;
    const role = all.find((r) => r.uri === 'cosmac://entity/base/sys/role')!;
    expect(role.mimeType).toBe('application/schema+json');
    const read = await admin.readResource({ uri: role.uri });
    const schema = JSON.parse((read.contents[0] as { text: string }).text);
    expect(schema.type).toBe('object');
    expect(Object.keys(schema.properties)).toContain('name');
    expect(schema.$defs.add.type).toBe('object');
    await expect(annClient.readResource({ uri: 'cosmac://entity/base/sys/role' })).rejects.toMatchObject({ code: -32002 });
  });

  it('describes tools in the language the request asks for', async () => {
    const zh = await connect(base, t.adminToken, '/mcp/base', { language: 'zh-cn' });
    try {
      const del = (await zh.listTools()).tools.find((x) => x.name === 'base_sys_user_delete')!;
      expect(del.description).toContain('会修改数据');
      expect(del.description).toContain('谁可以调用');
    } finally {
      await zh.close();
    }
  });

  it('writes each tool call to the request log under the tool path', async () => {
    await annClient.callTool({ name: 'base_comm_person', arguments: {} });
    await t.core.requestLog.flush();
    const logged = await t.core.db.query('SELECT id FROM base_sys_log WHERE action = ? AND userId = ?', ['/admin/base/comm/person', ann.id]);
    expect(logged.length).toBeGreaterThan(0);
  });

  it("offers a member's key the member's tools only, and refuses an administrator's tool named with it", async () => {
    const { key } = await makeKey(t, ann.token, { name: 'agent' });
    const client = await connect(base, `Bearer ${key}`);
    try {
      const names = new Set((await client.listTools()).tools.map((x) => x.name));
      const viaToken = new Set((await annClient.listTools()).tools.map((x) => x.name));
      expect(names).toEqual(viaToken);
      expect(names.has('base_sys_user_page')).toBe(false);
      await expect(client.callTool({ name: 'base_sys_user_delete', arguments: { ids: [1] } })).rejects.toMatchObject({
        code: -32602,
        message: expect.stringContaining('Unknown tool: base_sys_user_delete'),
      });
      const me = (await client.callTool({ name: 'base_comm_person', arguments: {} })) as any;
      expect(me.structuredContent.id).toBe(ann.id);
    } finally {
      await client.close();
    }
  });

  it("follows a key's scope: its modules and permission keys narrow the tools and resources, whatever the address", async () => {
    const goodsOnly = await makeKey(t, t.adminToken, { name: 'goods agent', modules: ['goods'] });
    const orders = await makeKey(t, t.adminToken, { name: 'orders agent', perms: ['goods:order'] });
    const a = await connect(base, goodsOnly.key);
    const b = await connect(base, `Bearer ${orders.key}`, '/mcp/goods+base');
    try {
      const ga = (await a.listTools()).tools.map((x) => x.name);
      expect(ga.length).toBeGreaterThan(3);
      expect(ga.every((n) => n.startsWith('goods_'))).toBe(true);
      expect((await a.listResources()).resources.every((r) => r.uri.startsWith('cosmac://entity/goods/'))).toBe(true);
      await expect(a.callTool({ name: 'base_sys_user_page', arguments: {} })).rejects.toMatchObject({ code: -32602 });
      const gb = (await b.listTools()).tools.map((x) => x.name);
      expect(gb).toContain('goods_order_page');
      expect(gb.every((n) => n.startsWith('goods_order_'))).toBe(true);
      const page = (await b.callTool({ name: 'goods_order_page', arguments: {} })) as any;
      expect(page.isError).toBeFalsy();
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('refuses a revoked or expired key at once', async () => {
    const revoked = await makeKey(t, ann.token, { name: 'to revoke' });
    const expired = await makeKey(t, ann.token, { name: 'to expire' });
    for (const k of [revoked, expired]) expect((await rpc(base, '/mcp', { authorization: `Bearer ${k.key}` })).status).toBe(200);
    const res = await t.http().post('/admin/base/apiKey/revoke').set('Authorization', ann.token).send({ id: revoked.id });
    expect(res.body.code, JSON.stringify(res.body)).toBe(1000);
    await t.core.db.run('UPDATE base_api_key SET expireTime = ? WHERE id = ?', ['2020-01-01 00:00:00.000', expired.id]);
    for (const k of [revoked, expired]) {
      const after = await rpc(base, '/mcp', { authorization: `Bearer ${k.key}` });
      expect(after.status).toBe(401);
      expect(after.headers.get('www-authenticate')).toContain('invalid_token');
    }
  });

  it('names the key in the request log of a tool call made with it', async () => {
    const { key } = await makeKey(t, ann.token, { name: 'logged agent' });
    const r = await rpc(
      base,
      '/mcp',
      { authorization: key },
      { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'base_comm_person', arguments: {} } },
    );
    expect(r.status).toBe(200);
    await t.core.requestLog.flush();
    const logged = await t.core.db.query('SELECT id FROM base_sys_log WHERE action = ? AND apiKey = ?', ['/admin/base/comm/person', 'logged agent']);
    expect(logged.length).toBe(1);
  });

  it('refuses a request without credentials or with a bad one: 401 and WWW-Authenticate Bearer', async () => {
    const none = await rpc(base, '/mcp', {});
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect(none.body).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32000 } });
    const bad = await rpc(base, '/mcp', { authorization: 'Bearer not-a-token' });
    expect(bad.status).toBe(401);
    expect(bad.headers.get('www-authenticate')).toContain('invalid_token');
    await expect(connect(base, 'Bearer nope')).rejects.toThrow(/The token is invalid/);
  });

  it('refuses a browser origin that is not the site nor allowed (DNS rebinding), and takes the allowed ones', async () => {
    const evil = await rpc(base, '/mcp', { authorization: t.adminToken, origin: 'http://evil.example' });
    expect(evil.status).toBe(403);
    expect(evil.body?.error.message).toContain('http://evil.example');
    expect((await rpc(base, '/mcp', { authorization: t.adminToken, origin: 'null' })).status).toBe(403);
    for (const origin of [base, ALLOWED_ORIGIN]) {
      const ok = await rpc(base, '/mcp', { authorization: t.adminToken, origin });
      expect(ok.status, origin).toBe(200);
      expect(ok.body?.result.tools.length).toBeGreaterThan(10);
    }
  });

  it('answers only at /mcp, with POST: GET is 405 and /api/mcp is not the server', async () => {
    const get = await fetch(`${base}/mcp`, { headers: { authorization: t.adminToken, accept: 'text/event-stream' } });
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
    expect((await rpc(base, '/api/mcp', { authorization: t.adminToken })).status).toBe(404);
  });

  it('refuses tool calls beyond the rate limit with HTTP 429 and Retry-After', async () => {
    const bob = await member(t);
    const call = (id: number) =>
      rpc(base, '/mcp', { authorization: bob.token }, { jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'base_comm_person', arguments: {} } });
    for (let i = 1; i <= CALLS_PER_MINUTE; i++) expect((await call(i)).status).toBe(200);
    const over = await call(99);
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(over.body).toMatchObject({ jsonrpc: '2.0', id: 99, error: { code: -32029 } });
    // Listing is not a call: it still answers.
    expect((await rpc(base, '/mcp', { authorization: bob.token })).status).toBe(200);
  });
});
