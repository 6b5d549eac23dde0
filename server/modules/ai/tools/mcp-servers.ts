/**
 * Registered MCP servers (ai/mcpServer): the test that connects with the server's sealed headers,
 * lists its tools and stores them, so the catalogue offers them without connecting at every answer.
 */
import { SYSTEM, entity, eq, fail, openSecret, type Core } from '../../../core/api';
import { listMcpTools, mcpTimeoutMs, McpError } from '../../../adapters/mcp.adapter';
import { mcpEffect, type ToolEffect } from './catalogue';
import { TOOLS } from './tools.messages';

const servers = (core: Core) => entity(core.model, 'ai/mcpServer');

/** The headers of a server row read with `headers` named: opened from where they are sealed. */
export function serverHeaders(core: Core, sealed: unknown): Record<string, string> {
  if (typeof sealed !== 'string' || sealed === '') return {};
  return JSON.parse(openSecret(core, sealed)) as Record<string, string>;
}

export interface McpTestResult {
  ok: boolean;
  tools: Array<{ name: string; effect: ToolEffect }>;
  error?: string;
}

/** Connects to server `id`, lists its tools and stores them with the outcome. */
export async function testMcpServer(core: Core, id: number): Promise<McpTestResult> {
  const [row] = await core.ops.reads(SYSTEM).find(servers(core), eq('id', id), { fields: ['id', 'url', 'headers'] });
  if (!row) throw fail.notFound(TOOLS.ai_mcp_server_not_found);
  const now = new Date().toISOString();
  try {
    const tools = await listMcpTools({ url: row.url, headers: serverHeaders(core, row.headers), timeoutMs: mcpTimeoutMs(core.config.env) });
    const status = `ok: ${tools.length} tool(s)`;
    await core.ops.transaction(SYSTEM, (t) => t.updateWhere(servers(core), id, { tools: tools as unknown as never, lastStatus: status, lastTestTime: now }));
    return { ok: true, tools: tools.map((x) => ({ name: x.name, effect: mcpEffect(x.annotations) })) };
  } catch (err) {
    if (!(err instanceof McpError)) throw err;
    await core.ops.transaction(SYSTEM, (t) => t.updateWhere(servers(core), id, { lastStatus: `failed: ${err.message}`.slice(0, 500), lastTestTime: now }));
    return { ok: false, tools: [], error: err.message };
  }
}
