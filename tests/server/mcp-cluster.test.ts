/**
 * The MCP server on two server processes that share one MariaDB and one Redis: being stateless, either
 * instance answers a client; an API key revoked on one (or expired), or a session ended there, is
 * refused on the other at once (the next request, no cache to wait out), and the tool-call rate
 * limit counts both together.
 * Skipped without MariaDB or redis-server, unless CI=true (then their absence fails the run).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { buildServerOnce } from '../helpers/build';
import { hasRedisServer } from '../helpers/cluster';
import { databaseKinds } from '../helpers/databases';
import { startTwoInstances, type TwoInstances } from '../helpers/two-instances';

// Outside any hook, so a slow build on a busy machine meets no hook's time limit.
await buildServerOnce();

const hasMysql = (await databaseKinds()).includes('mysql');
const CALLS_PER_MINUTE = 6;

/** One tools/list or tools/call over plain HTTP: its status, and the JSON-RPC answer when there is one. */
async function rpc(base: string, auth: string, method = 'tools/list', params: Record<string, unknown> = {}) {
  const res = await fetch(`${base}/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: auth },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, any>) : null };
}

describe.skipIf(!(hasMysql && hasRedisServer))('the MCP server on two instances', () => {
  let w: TwoInstances;

  beforeAll(async () => {
    w = await startTwoInstances({ MCP_CALLS_PER_MINUTE: String(CALLS_PER_MINUTE) });
  }, 240_000);

  afterAll(async () => {
    await w?.close();
  });

  it("answers a member's SDK client on either instance", async () => {
    const ann = await w.person({ prefix: 'mcp' });
    for (const base of w.urls) {
      const client = new Client({ name: 'cluster-test', version: '1.0.0' });
      await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`), { requestInit: { headers: { Authorization: ann.token } } }));
      try {
        const r = (await client.callTool({ name: 'base_comm_person', arguments: {} })) as unknown as { structuredContent: { id: number } };
        expect(r.structuredContent.id).toBe(ann.id);
      } finally {
        await client.close();
      }
    }
  });

  it('refuses on B at once a key revoked on A, and an expired key on both', async () => {
    const ann = await w.person({ prefix: 'mcp' });
    const make = async (name: string) => {
      const made = await w.call(w.urls[0], '/admin/base/apiKey/create', { name }, ann.token);
      expect(made.code, JSON.stringify(made)).toBe(1000);
      return { key: made.data.key as string, id: Number(made.data.row.id) };
    };
    const revoked = await make('revoked on A');
    const expired = await make('expired');
    for (const base of w.urls) for (const k of [revoked, expired]) expect((await rpc(base, `Bearer ${k.key}`)).status).toBe(200);
    expect((await w.call(w.urls[0], '/admin/base/apiKey/revoke', { id: revoked.id }, ann.token)).code).toBe(1000);
    await w.sql('UPDATE `base_api_key` SET `expireTime` = ? WHERE `id` = ?', ['2020-01-01 00:00:00.000', expired.id]);
    for (const base of [w.urls[1], w.urls[0]]) {
      for (const k of [revoked, expired]) {
        const after = await rpc(base, `Bearer ${k.key}`);
        expect(after.status, `${base} ${k.id}`).toBe(401);
        expect(after.body?.error.code).toBe(-32000);
      }
    }
  });

  it('refuses on B at once a session ended on A', async () => {
    const ann = await w.person({ prefix: 'mcp' });
    expect((await rpc(w.urls[1], ann.token)).status).toBe(200);
    expect((await w.call(w.urls[0], '/admin/base/comm/logout', {}, ann.token)).code).toBe(1000);
    const after = await rpc(w.urls[1], ann.token);
    expect(after.status).toBe(401);
    expect(after.body?.error.code).toBe(-32000);
  });

  it('counts tool calls on both instances against one limit', async () => {
    const bob = await w.person({ prefix: 'mcp' });
    const statuses: number[] = [];
    for (let i = 0; i < CALLS_PER_MINUTE + 1; i++) {
      statuses.push((await rpc(w.urls[i % 2], bob.token, 'tools/call', { name: 'base_comm_person', arguments: {} })).status);
    }
    expect(statuses).toEqual([...Array<number>(CALLS_PER_MINUTE).fill(200), 429]);
  });
});
