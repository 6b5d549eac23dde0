/**
 * Running one tool as the member who asked: a platform call goes through the path an HTTP request
 * of theirs would take (callInProcess: the route's guard, the input check, the access rule, the
 * handler), with their current roles and permissions, so whatever they may not do is refused with
 * the same 403 (or 1002 naming the bad fields, which the model may correct and try again). A tool
 * of an outside MCP server is called through the SDK with the server's headers, time-limited.
 *
 * A write runs only once the member confirmed it (`confirmed`); otherwise it is refused with
 * `ai_tool_needs_confirmation` and nothing happens (the loop turns such calls into proposals).
 * Results are bounded (MAX_RESULT_CHARS of JSON): a longer one is cut and says so.
 */
import { AppError, KIND_STATUS, callInProcess, entity, eq, fail, SYSTEM, t, type AuthUser, type Core, type Lang } from '../../../core/api';
import { callMcpTool, mcpTimeoutMs, McpError } from '../../../adapters/mcp.adapter';
import { findTool, type ToolDef } from './catalogue';
import { serverHeaders } from './mcp-servers';
import { TOOLS } from './tools.messages';

/** What a tool answered: its data, or the refusal as the API would say it (code, HTTP status, message, bad fields). */
export type ToolResult = { ok: true; data: unknown } | { ok: false; code: number; status: number; message: string; data?: unknown };

/** The longest result (as JSON text) handed back whole. */
export const MAX_RESULT_CHARS = 12_000;
/** The longest arguments (as JSON text) a tool takes from the model. */
export const MAX_ARGUMENT_CHARS = 20_000;

/** `data` within MAX_RESULT_CHARS of JSON: as it is, or `{ truncated: true, text }` with the start of its JSON. */
export function boundResult(data: unknown, max = MAX_RESULT_CHARS): unknown {
  const json = JSON.stringify(data ?? null);
  if (json.length <= max) return data ?? null;
  return { truncated: true, totalChars: json.length, text: json.slice(0, max) };
}

function refused(lang: Lang, err: AppError, status: number, code = 1001): ToolResult {
  return { ok: false, code, status, message: t(lang, err.key, err.params) };
}

/** The model's arguments as an object: a JSON text (as models send them) or an object; null when neither, or too long. */
export function argumentsOf(raw: unknown): Record<string, unknown> | null {
  let v = raw;
  if (typeof raw === 'string') {
    if (raw.trim() === '') return {};
    if (raw.length > MAX_ARGUMENT_CHARS) return null;
    try {
      v = JSON.parse(raw);
    } catch {
      return null;
    }
  }
  if (v === undefined || v === null) return {};
  if (typeof v !== 'object' || Array.isArray(v) || JSON.stringify(v).length > MAX_ARGUMENT_CHARS) return null;
  return v as Record<string, unknown>;
}

async function callMcp(core: Core, tool: ToolDef & { source: { kind: 'mcp' } }, args: Record<string, unknown>, lang: Lang): Promise<ToolResult> {
  const [row] = await core.ops
    .reads(SYSTEM)
    .find(entity(core.model, 'ai/mcpServer'), eq('id', tool.source.serverId), { fields: ['id', 'url', 'headers', 'status'] });
  if (!row || row.status !== 1) return refused(lang, fail.notFound(TOOLS.ai_mcp_server_not_found), 404);
  const headers = serverHeaders(core, row.headers);
  try {
    const r = await callMcpTool({ url: row.url, headers, timeoutMs: mcpTimeoutMs(core.config.env) }, tool.source.tool, args);
    if (r.isError) return refused(lang, fail.badGateway(TOOLS.ai_tool_mcp_error, { detail: r.text.slice(0, 500) }), 502);
    return { ok: true, data: boundResult(r.structured ?? r.text) };
  } catch (err) {
    if (!(err instanceof McpError)) throw err;
    return refused(lang, fail.badGateway(TOOLS.ai_tool_mcp_failed, { detail: err.message }), 502);
  }
}

/**
 * Runs tool `toolName` with `args` (the model's JSON text, or an object) as `user` (see the top of
 * this file). `tool` skips the lookup when the caller has it already.
 */
export async function callAsMember(
  core: Core,
  user: AuthUser,
  toolName: string,
  args: unknown,
  opts: { lang?: Lang; confirmed?: boolean; tool?: ToolDef } = {},
): Promise<ToolResult> {
  const lang = opts.lang ?? 'en';
  const tool = opts.tool ?? (await findTool(core, toolName));
  if (!tool) return refused(lang, fail.notFound(TOOLS.ai_tool_unknown), 404);
  const input = argumentsOf(args);
  if (!input) {
    const message = t(lang, TOOLS.ai_tool_bad_arguments, { name: tool.name });
    return { ok: false, code: 1002, status: 400, message, data: [{ field: '', rule: 'type', message }] };
  }
  if (tool.effect === 'write' && !opts.confirmed) return refused(lang, fail.conflict(TOOLS.ai_tool_needs_confirmation), 409);
  try {
    if (tool.source.kind === 'mcp') return await callMcp(core, tool as ToolDef & { source: { kind: 'mcp' } }, input, lang);
    return await callPlatform(core, user, tool as ToolDef & { source: { kind: 'platform' } }, input, lang);
  } catch (err) {
    // Whatever went wrong around the call (a secret that cannot be opened, the database away) is the
    // tool's failure, told to the model like any refusal; the answer goes on.
    if (err instanceof AppError) return refused(lang, err, KIND_STATUS[err.kind].status, KIND_STATUS[err.kind].code);
    console.error(`[ai] tool ${tool.name} as user ${user.id} failed:`, err);
    return { ok: false, code: 1003, status: 500, message: t(lang, 'server_error') };
  }
}

async function callPlatform(
  core: Core,
  user: AuthUser,
  tool: ToolDef & { source: { kind: 'platform' } },
  input: Record<string, unknown>,
  lang: Lang,
): Promise<ToolResult> {
  // The member as they are now: their roles and permissions today, not when they asked.
  const caller = await core.auth.state(user.id);
  if (!caller || caller.status !== 1) return refused(lang, fail.unauthorized(TOOLS.ai_tool_member_gone), 401);
  const r = await callInProcess(core, { method: tool.source.method, path: tool.source.path, user: caller, input, lang });
  if (r.ok) return { ok: true, data: boundResult(r.data) };
  return { ok: false, code: r.code, status: r.status, message: r.message, ...(r.data !== null && r.data !== undefined ? { data: r.data } : {}) };
}

/**
 * Whether what `toolName` answers may hold the asker's own data, to be shown to them only (not to
 * the whole group): every platform call that needs a signed-in caller answers as that member
 * (their orders, their balance, what their roles let them read), so all of them do; a public call
 * answers what anybody may read, and an outside MCP server answers with the server's own headers,
 * nothing of the member's. Unknown tools count as private.
 */
export async function holdsOwnData(core: Core, toolName: string): Promise<boolean> {
  const tool = await findTool(core, toolName);
  if (!tool) return true;
  if (tool.source.kind === 'mcp') return false;
  return tool.source.guard !== 'public';
}
