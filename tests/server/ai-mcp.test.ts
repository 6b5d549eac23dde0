/**
 * Outside MCP servers, on every database, against the real reference server
 * `@modelcontextprotocol/server-everything` (nobody here wrote it) over Streamable HTTP on
 * 127.0.0.1: the administrator registers it with a header kept sealed, its test lists its tools
 * (echo and get-sum among them) and stores them, an AI member may be given them, and the fake model's
 * tool calls reach them through the SDK client and their results come back to the model.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer as createHttpServer, request, type Server } from 'node:http';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../helpers/databases';
import { freePort } from '../helpers/ports';
import type { FakeLlmChatRequest } from '../helpers/fake-llm';
import { createLlm } from '../../server/adapters/llm.adapter';
import { runWithTools } from '../../server/modules/ai/tools/run-with-tools';
import { findTool, toolsFor } from '../../server/modules/ai/tools/catalogue';
import { holdsOwnData } from '../../server/modules/ai/tools/call-as-member';
import { member, post, type Person } from './chat-world';
import { ok, startAiWorld, type AiWorld } from './ai-world';

const kinds = await databaseKinds();
const EVERYTHING = resolve(__dirname, '../../node_modules/@modelcontextprotocol/server-everything/dist/index.js');
const HEADER_SECRET = 'mcp-header-secret-7f3a';

/** Starts server-everything on a free port (its PORT variable) and waits until it says it listens. */
async function startEverything(): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, [EVERYTHING, 'streamableHttp'], { env: { ...process.env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'] });
  await new Promise<void>((done, fail) => {
    let said = '';
    const timer = setTimeout(() => fail(new Error(`server-everything did not start: ${said}`)), 20_000);
    const hear = (b: Buffer) => {
      said += b.toString();
      if (said.includes(`listening on port ${port}`)) {
        clearTimeout(timer);
        done();
      }
    };
    child.stdout!.on('data', hear);
    child.stderr!.on('data', hear);
    child.once('exit', (code) => fail(new Error(`server-everything exited (${code}): ${said}`)));
  });
  return { url: `http://127.0.0.1:${port}/mcp`, child };
}

/** A pass-through in front of `target` that records the X-Api-Key header of every request, to show the sealed headers are sent. */
async function recordingProxy(target: string): Promise<{ url: string; keys: string[]; server: Server }> {
  const to = new URL(target);
  const keys: string[] = [];
  const server = createHttpServer((req, res) => {
    keys.push(String(req.headers['x-api-key'] ?? ''));
    const out = request({ host: to.hostname, port: to.port, path: req.url, method: req.method, headers: { ...req.headers, host: to.host } }, (up) => {
      res.writeHead(up.statusCode ?? 502, up.headers);
      up.pipe(res);
    });
    out.on('error', () => res.destroy());
    req.pipe(out);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}/mcp`, keys, server };
}

describe.each(kinds)('outside MCP servers on %s', (kind) => {
  let w: AiWorld;
  let mcp: { url: string; child: ChildProcess };
  let proxy: Awaited<ReturnType<typeof recordingProxy>>;
  let ann: Person;
  let serverId: number;
  const t = () => w.t;
  const admin = (path: string, body: unknown) => post(t(), path, body, t().adminToken);

  beforeAll(async () => {
    mcp = await startEverything();
    proxy = await recordingProxy(mcp.url);
    w = await startAiWorld(kind, { llm: true });
    ann = await member(t());
  });
  afterAll(async () => {
    await w?.close();
    proxy?.server.closeAllConnections();
    proxy?.server.close();
    mcp?.child.kill();
  });

  it('registers a server with its headers sealed, never answered back', async () => {
    const refused = await admin('/admin/ai/mcpServer/add', { name: 'Broken', url: mcp.url, headers: 'not json' });
    expect(refused.body).toMatchObject({ code: 1002, data: [expect.objectContaining({ field: 'headers', rule: 'format' })] });
    serverId = ok(await admin('/admin/ai/mcpServer/add', { name: 'Everything', url: proxy.url, headers: JSON.stringify({ 'X-Api-Key': HEADER_SECRET }) })).id;
    const info = await t().http().get('/admin/ai/mcpServer/info').query({ id: serverId }).set('Authorization', t().adminToken);
    expect(info.body.data).toMatchObject({ id: serverId, headersSet: true });
    expect(JSON.stringify(info.body)).not.toContain(HEADER_SECRET);
    const [row] = await t().core.db.query<{ headers: string }>('SELECT `headers` FROM `ai_mcp_server` WHERE `id` = ?', [serverId]);
    expect(row.headers.startsWith('sealed:v1:')).toBe(true);
    // Members neither list nor test servers.
    expect((await post(t(), '/admin/ai/mcpServer/page', {}, ann.token)).status).toBe(403);
    expect((await post(t(), '/admin/ai/mcpServer/test', { id: serverId }, ann.token)).status).toBe(403);
  });

  it("lists the server's tools (echo and get-sum among them) and stores them", async () => {
    const r = ok(await admin('/admin/ai/mcpServer/test', { id: serverId }));
    expect(r.ok).toBe(true);
    expect(r.tools).toEqual(
      expect.arrayContaining([
        { name: 'echo', effect: 'read' },
        { name: 'get-sum', effect: 'read' },
      ]),
    );
    const info = ok(await t().http().get('/admin/ai/mcpServer/info').query({ id: serverId }).set('Authorization', t().adminToken));
    expect(info.lastStatus).toMatch(/^ok: \d+ tool/);
    expect(info.tools.map((x: { name: string }) => x.name)).toEqual(expect.arrayContaining(['echo', 'get-sum']));
    const names = (await toolsFor(t().core, [`mcp_${serverId}_*`])).map((x) => x.name);
    expect(names).toEqual(expect.arrayContaining([`mcp_${serverId}_echo`, `mcp_${serverId}_get-sum`]));
    expect(await holdsOwnData(t().core, `mcp_${serverId}_echo`)).toBe(false);
    // Every request of the session carried the header, opened from where it is sealed.
    expect(proxy.keys.length).toBeGreaterThan(0);
    expect(proxy.keys.every((k) => k === HEADER_SECRET)).toBe(true);
  });

  it('reports a server it cannot reach, with no secret in the status', async () => {
    const id = ok(
      await admin('/admin/ai/mcpServer/add', {
        name: 'Gone',
        url: 'http://127.0.0.1:9/mcp',
        headers: JSON.stringify({ Authorization: `Bearer ${HEADER_SECRET}` }),
      }),
    ).id;
    const r = ok(await admin('/admin/ai/mcpServer/test', { id }));
    expect(r.ok).toBe(false);
    expect(r.error).toBeTruthy();
    expect(JSON.stringify(r)).not.toContain(HEADER_SECRET);
  });

  it("calls the server's tools when the model asks, as an AI member given them, and sends their results back", async () => {
    const groupId = ok(await post(t(), '/admin/base/group/add', { name: 'MCP group', type: 0 }, ann.token)).id;
    const added = ok(
      await post(
        t(),
        '/admin/base/groupMember/add',
        { groupId, ai: { nickName: 'Calculator', config: { tools: [`mcp_${serverId}_get-sum`, `mcp_${serverId}_echo`] } } },
        ann.token,
      ),
    );
    const [row] = await t().core.db.query<{ config: string }>('SELECT `config` FROM `base_sys_user` WHERE `id` = ?', [added.userId]);
    const tools = await toolsFor(t().core, JSON.parse(row.config).tools);
    expect(tools.map((x) => x.name).sort()).toEqual([`mcp_${serverId}_echo`, `mcp_${serverId}_get-sum`]);
    expect(tools.find((x) => x.name.endsWith('get-sum'))!.parameters).toMatchObject({
      type: 'object',
      properties: { a: { type: 'number' }, b: { type: 'number' } },
    });

    const llm = w.llm!;
    llm.reset();
    llm.script({
      chunkSize: 4,
      toolCalls: (req: FakeLlmChatRequest) =>
        req.messages.some((m) => m.role === 'tool')
          ? null
          : [
              { id: 'sum_1', name: `mcp_${serverId}_get-sum`, arguments: '{"a": 2, "b": 40}' },
              { id: 'echo_1', name: `mcp_${serverId}_echo`, arguments: '{"message": "hello 你好"}' },
            ],
      answer: (req: FakeLlmChatRequest) =>
        req.messages
          .filter((m) => m.role === 'tool')
          .map((m) => m.content)
          .join(' | '),
    });
    const r = await runWithTools(t().core, {
      chosen: { adapter: createLlm(llm.env()), model: 'gpt-4o-mini', row: null },
      messages: [{ role: 'user', content: 'What is 2 + 40? And echo hello.' }],
      tools,
      asker: { id: ann.id, username: ann.username, roleIds: [], departmentId: null, isAdmin: false },
      place: { aiUserId: added.userId, conversation: `g:${groupId}` },
    });
    expect(r.calls.map((c) => [c.name, c.outcome])).toEqual([
      [`mcp_${serverId}_get-sum`, 'ran'],
      [`mcp_${serverId}_echo`, 'ran'],
    ]);
    expect(String(r.calls[0].result)).toContain('The sum of 2 and 40 is 42.');
    expect(String(r.calls[1].result)).toContain('hello 你好');
    expect(r.answer.text).toContain('The sum of 2 and 40 is 42.');
    const back = llm
      .chatCalls()
      .at(-1)!
      .chat!.messages.filter((m) => m.role === 'tool');
    expect(back.map((m) => m.toolCallId)).toEqual(['sum_1', 'echo_1']);
  });

  it('stops offering the tools of a server an administrator disabled, or a tool left out of its enabled list', async () => {
    ok(await admin('/admin/ai/mcpServer/update', { id: serverId, enabledTools: ['echo'] }));
    expect(await findTool(t().core, `mcp_${serverId}_get-sum`)).toBeNull();
    expect(await findTool(t().core, `mcp_${serverId}_echo`)).not.toBeNull();
    ok(await admin('/admin/ai/mcpServer/update', { id: serverId, status: 0 }));
    expect(await findTool(t().core, `mcp_${serverId}_echo`)).toBeNull();
    ok(await admin('/admin/ai/mcpServer/update', { id: serverId, status: 1, enabledTools: null }));
  });

  it('offers the tools of a server registered in the console and never tested, testing it once when tools are listed', async () => {
    const id = ok(await admin('/admin/ai/mcpServer/add', { name: 'Console-made', url: mcp.url })).id;
    const names = (await toolsFor(t().core, [`mcp_${id}_*`])).map((x) => x.name);
    expect(names).toEqual(expect.arrayContaining([`mcp_${id}_echo`, `mcp_${id}_get-sum`]));
    const info = ok(await t().http().get('/admin/ai/mcpServer/info').query({ id }).set('Authorization', t().adminToken));
    expect(info.lastStatus).toMatch(/^ok: \d+ tool/);
    // A new address forgets what was listed; the next listing tests it again (here: unreachable, nothing offered).
    ok(await admin('/admin/ai/mcpServer/update', { id, url: 'http://127.0.0.1:9/mcp' }));
    expect(await toolsFor(t().core, [`mcp_${id}_*`])).toEqual([]);
    const after = ok(await t().http().get('/admin/ai/mcpServer/info').query({ id }).set('Authorization', t().adminToken));
    expect(after.lastStatus).toMatch(/^failed/);
  });
});
