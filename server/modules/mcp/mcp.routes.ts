/**
 * The MCP server over Streamable HTTP (stateless: no session id, a new server and transport per
 * request, so every instance answers every request): `POST /mcp` offers every tool the caller may
 * use, `POST /mcp/<sets>` those of one module or of several joined by `+` (`/mcp/goods+chat`).
 * `GET` (the optional event stream) is answered 405. Only at `/mcp`, never under `/api`.
 *
 * Before the SDK's transport sees a message: the `Origin` check (origin.ts, 403), the caller signed
 * in with an access token or an API key (401 with `WWW-Authenticate: Bearer`), the set's modules
 * known (404). Each refusal is a JSON-RPC error body. The transport answers JSON, not a stream.
 */
import type { Context } from 'koa';
import { defineRoutes, l, t, type ApiRequest, type Core, type Route } from '../../core/api';
import { loadSdk, mcpServer, type McpRequest } from './mcp-server';
import { toolModules } from './mcp-tools';
import { MCP } from './mcp.messages';
import { originAllowed } from './origin';

/** A JSON-RPC error answered by HTTP before any message is read (its id unknown, so null). */
function refuse(ctx: Context, status: number, message: string): void {
  ctx.status = status;
  ctx.set('Cache-Control', 'no-store');
  ctx.type = 'application/json';
  ctx.body = JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32000, message } });
}

/** Headers a fetch Request cannot take over from the node request (the body is handed over parsed). */
const NOT_PASSED = new Set(['content-length', 'transfer-encoding', 'connection', 'keep-alive', 'upgrade', 'expect']);

/** The web Request the SDK's transport reads: the node request's method, address and headers, no body. */
function webRequest(ctx: Context): Request {
  const headers = new Headers();
  for (const [k, v] of Object.entries(ctx.req.headers)) {
    if (v === undefined || NOT_PASSED.has(k)) continue;
    headers.set(k, Array.isArray(v) ? v.join(', ') : v);
  }
  return new Request(new URL(ctx.originalUrl, 'http://mcp.local'), { method: ctx.method, headers });
}

/** The modules `text` names (`goods+chat`), or null when one of them has no tool. */
function parseSet(core: Core, text: string): Set<string> | null {
  const known = toolModules(core);
  const names = text.split('+').map((s) => s.trim());
  return names.every((n) => known.has(n)) ? new Set(names) : null;
}

async function answer(core: Core, req: ApiRequest, setText: string | null): Promise<void> {
  const { ctx, lang } = req;
  if (ctx.path !== req.path) return refuse(ctx, 404, t(lang, MCP.mcp_only_at_mcp));
  const origin = ctx.get('origin');
  if (!originAllowed(core, origin || undefined, ctx.origin)) return refuse(ctx, 403, t(lang, MCP.mcp_origin_refused, { origin }));
  if (!req.user) {
    ctx.set('WWW-Authenticate', ctx.get('authorization') ? 'Bearer error="invalid_token"' : 'Bearer');
    return refuse(ctx, 401, t(lang, ctx.get('authorization') ? 'token_invalid' : MCP.mcp_not_signed_in));
  }
  const set = setText === null ? null : parseSet(core, setText);
  if (setText !== null && !set) return refuse(ctx, 404, t(lang, MCP.mcp_unknown_set, { set: setText }));
  const state = ctx.state as { reqId?: string };
  const mreq: McpRequest = { caller: req.user, set, lang, from: { ip: ctx.ip, reqId: state.reqId } };
  const { WebStandardStreamableHTTPServerTransport } = await loadSdk();
  const server = await mcpServer(core, mreq);
  // Stateless (no session id) and answering JSON rather than an event stream: nothing outlives the request.
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  try {
    await server.connect(transport);
    const res = await transport.handleRequest(webRequest(ctx), { parsedBody: req.body });
    res.headers.forEach((v, k) => ctx.set(k, v));
    ctx.set('Cache-Control', 'no-store');
    if (mreq.retryAfter !== undefined) {
      ctx.status = 429;
      ctx.set('Retry-After', String(mreq.retryAfter));
    } else ctx.status = res.status;
    const text = await res.text();
    if (text) ctx.body = text;
  } finally {
    await server.close();
  }
}

/** The event stream and session end of the specification, which a stateless server does not hold. */
function notAllowed(req: ApiRequest): Promise<void> {
  req.ctx.set('Allow', 'POST');
  refuse(req.ctx, 405, t(req.lang, MCP.mcp_post_only));
  return Promise.resolve();
}

const WHO = l(
  'a signed-in caller (access token or API key); each tool follows their permissions and the key’s scope',
  '已登录的调用者（访问令牌或 API 密钥）；每个工具按其权限和密钥范围提供',
  '已登入的呼叫者（存取權杖或 API 金鑰）；每個工具依其權限和金鑰範圍提供',
);

const ANYONE = l('anyone (always answered 405)', '任何人（总是回答 405）', '任何人（總是回答 405）');

/** A JSON-RPC message (or a batch of them), as the transport reads it. */
const MESSAGE = {
  type: 'object',
  properties: {
    jsonrpc: { type: 'string', const: '2.0' },
    id: { type: ['string', 'integer'] },
    method: { type: 'string' },
    params: { type: 'object' },
  },
  required: ['jsonrpc', 'method'],
};

function route(core: Core, method: 'GET' | 'POST', path: string): Route {
  const post = method === 'POST';
  const sets = path.includes('{sets}');
  return {
    method,
    path,
    guard: 'public',
    permission: null,
    summary: post
      ? sets
        ? l('MCP server, tools of some modules', 'MCP 服务器（部分模块的工具）', 'MCP 伺服器（部分模組的工具）')
        : l('MCP server', 'MCP 服务器', 'MCP 伺服器')
      : l('MCP event stream (not offered)', 'MCP 事件流（不提供）', 'MCP 事件串流（不提供）'),
    module: 'mcp',
    group: 'mcp',
    raw: true,
    // A key narrowed to a few modules reaches /mcp; its tools and resources follow the key (refusedByGuard).
    scopedInside: true,
    call: {
      input: post ? MESSAGE : { type: 'object', properties: {}, additionalProperties: false },
      answer: null,
      effect: post ? 'write' : 'read',
      access: post ? WHO : ANYONE,
      description: post
        ? l(
            'JSON-RPC messages of the Model Context Protocol: tools/list, tools/call, resources/list, resources/read',
            'Model Context Protocol 的 JSON-RPC 消息：tools/list、tools/call、resources/list、resources/read',
            'Model Context Protocol 的 JSON-RPC 訊息：tools/list、tools/call、resources/list、resources/read',
          )
        : null,
    },
    handler: post ? (req) => answer(core, req, sets ? req.params.sets : null) : notAllowed,
  };
}

export default defineRoutes((core: Core) => [
  route(core, 'POST', '/mcp'),
  route(core, 'POST', '/mcp/{sets}'),
  route(core, 'GET', '/mcp'),
  route(core, 'GET', '/mcp/{sets}'),
]);
