/**
 * One MCP server (the SDK's low-level `Server`) for one request: stateless, so any instance answers
 * any request and nothing is kept between them. Its tools and resources are what the caller is
 * offered in the request's tool set (mcp-tools.ts, mcp-resources.ts); a tool or resource outside
 * them is unknown, whether it exists or not. Tool calls are counted against the caller's rate limit
 * (MCP_CALLS_PER_MINUTE, default 120, every instance together through the cache store); over it the
 * call is a JSON-RPC error and the request's HTTP answer becomes 429 with Retry-After.
 */
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { AppError, hit, t, type Caller, type Core, type Lang } from '../../core/api';
import { entitySchema, listedResource, offeredEntities } from './mcp-resources';
import { listedTool, offeredTools, runTool, toolResult, type CallOrigin } from './mcp-tools';
import { MCP } from './mcp.messages';

/** The JSON-RPC error code of a refused rate (implementation-defined range; 429 in it). */
export const TOO_MANY_CALLS = -32029;
/** The JSON-RPC error code the MCP specification gives a resource that is not found. */
const RESOURCE_NOT_FOUND = -32002;
const WINDOW_SECONDS = 60;

export interface McpRequest {
  caller: Caller;
  /** The modules of the tool set, or null for every module. */
  set: ReadonlySet<string> | null;
  lang: Lang;
  from: CallOrigin;
  /** Set when a tool call was refused for its rate: the seconds to wait. */
  retryAfter?: number;
}

function callsPerMinute(core: Core): number {
  const n = Number(core.config.env.MCP_CALLS_PER_MINUTE);
  return Number.isInteger(n) && n > 0 ? n : 120;
}

type Sdk = typeof import('@modelcontextprotocol/sdk/server/index.js') &
  typeof import('@modelcontextprotocol/sdk/types.js') &
  typeof import('@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js');
let sdk: Promise<Sdk> | null = null;

/** The SDK's server parts, loaded at the first MCP request rather than at every start. */
export function loadSdk(): Promise<Sdk> {
  sdk ??= Promise.all([
    import('@modelcontextprotocol/sdk/server/index.js'),
    import('@modelcontextprotocol/sdk/types.js'),
    import('@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js'),
  ]).then(([server, types, transport]) => ({ ...server, ...types, ...transport }));
  return sdk;
}

/** The server answering `req`'s messages. */
export async function mcpServer(core: Core, req: McpRequest): Promise<Server> {
  const m = await loadSdk();
  const { caller, set, lang } = req;
  const server = new m.Server(
    { name: 'cosmac-ai', version: core.version },
    { capabilities: { tools: { listChanged: false }, resources: { listChanged: false } }, instructions: t(lang, MCP.mcp_instructions) },
  );
  server.setRequestHandler(m.ListToolsRequestSchema, () => ({
    tools: [...offeredTools(core, caller, set).values()].map((tool) => listedTool(tool, lang)),
  }));
  server.setRequestHandler(m.CallToolRequestSchema, async (request) => {
    const { name } = request.params;
    const tool = offeredTools(core, caller, set).get(name);
    if (!tool) throw new m.McpError(m.ErrorCode.InvalidParams, t(lang, MCP.mcp_unknown_tool, { name }));
    try {
      await hit(core.cache, [{ key: `mcp:call:user:${caller.id}`, max: callsPerMinute(core), windowSeconds: WINDOW_SECONDS }]);
    } catch (err) {
      if (!(err instanceof AppError) || err.kind !== 'too_many') {
        // The cache store is away: said as the API says a fault, without the driver's words.
        console.error('[mcp] the rate limit could not be counted:', err);
        throw new m.McpError(m.ErrorCode.InternalError, t(lang, 'server_error'));
      }
      req.retryAfter = WINDOW_SECONDS;
      throw new m.McpError(TOO_MANY_CALLS, t(lang, MCP.mcp_too_many_calls, { retryAfter: WINDOW_SECONDS }), { status: 429, retryAfter: WINDOW_SECONDS });
    }
    return toolResult(await runTool(core, tool, caller, request.params.arguments ?? {}, lang, req.from), lang);
  });
  server.setRequestHandler(m.ListResourcesRequestSchema, () => ({
    resources: [...offeredEntities(core, caller, set).values()].map((e) => listedResource(e, lang)),
  }));
  server.setRequestHandler(m.ReadResourceRequestSchema, (request) => {
    const { uri } = request.params;
    const e = offeredEntities(core, caller, set).get(uri);
    if (!e) throw new m.McpError(RESOURCE_NOT_FOUND, t(lang, MCP.mcp_unknown_resource, { uri }));
    return { contents: [{ uri, mimeType: 'application/schema+json', text: JSON.stringify(entitySchema(e, lang)) }] };
  });
  return server;
}
