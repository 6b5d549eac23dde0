/**
 * The tools an MCP caller is offered: the platform's declared calls from the AI tools' catalogue
 * (ai/tools/catalogue.ts, one list for AI members and MCP clients alike), narrowed to the tool set
 * the address names and to what the caller would pass at the route's guard (refusedByGuard: their
 * roles' permission keys, the administrator's routes, and an API key's scope). A tool the caller
 * may not use is not listed and, if named anyway, is as unknown as a tool that does not exist.
 *
 * A call runs through callRoute as the caller (the same guard, input check and access rule as
 * HTTP) and is written to the request log under the tool's path, like the API call it is.
 */
import { callRoute, refusedByGuard, requestLogEntry, t, type Caller, type Core, type InProcessResult, type Lang, type Route } from '../../core/api';
import { platformTools, type ToolDef } from '../ai/tools/catalogue';
import { MCP } from './mcp.messages';

/** A tool as this caller is offered it: its catalogue entry and the route it runs. */
export interface OfferedTool {
  def: ToolDef;
  route: Route;
}

/** The route behind a platform tool of the catalogue. */
function routeOf(core: Core, def: ToolDef): Route | null {
  if (def.source.kind !== 'platform') return null;
  const found = core.routes.find(def.source.method, def.source.path);
  return found.route;
}

/** Every module that has at least one tool (the tool sets one may name), whoever asks. */
export function toolModules(core: Core): Set<string> {
  const out = new Set<string>();
  for (const def of platformTools(core).values()) {
    const r = routeOf(core, def);
    if (r) out.add(r.module);
  }
  return out;
}

/** The tools `caller` may use among the modules of `set` (every module when null), by name. */
export function offeredTools(core: Core, caller: Caller, set: ReadonlySet<string> | null): Map<string, OfferedTool> {
  const out = new Map<string, OfferedTool>();
  for (const def of platformTools(core).values()) {
    const route = routeOf(core, def);
    if (!route || (set && !set.has(route.module))) continue;
    if (refusedByGuard(route, caller, (c, p) => core.auth.can(c, p))) continue;
    out.set(def.name, { def, route });
  }
  return out;
}

/** A write that removes what it names: the spec's delete and the verbs that clear or revoke. */
function destroys(route: Route): boolean {
  return /^(delete|remove|clear|purge|revoke)/i.test(route.path.split('/').pop() ?? '');
}

/** What tools/list says of one tool, in `lang`: what it does, who may call it, and whether it writes. */
export function listedTool(tool: OfferedTool, lang: Lang) {
  const { def, route } = tool;
  const read = def.effect === 'read';
  const parts = [def.description[lang] || def.description.en];
  const rule = route.call?.access[lang];
  if (rule) parts.push(t(lang, MCP.mcp_rule, { rule }));
  if (!read) parts.push(t(lang, MCP.mcp_writes));
  const title = route.summary[lang] || route.summary.en;
  return {
    name: def.name,
    title,
    description: parts.join('\n'),
    inputSchema: def.parameters as { type: 'object'; [k: string]: unknown },
    annotations: { title, readOnlyHint: read, destructiveHint: !read && destroys(route), openWorldHint: false },
  };
}

/** One bad field of a 1002 answer, as the envelope lists it. */
interface BadField {
  field?: unknown;
  message?: unknown;
}

/** The tools/call result of a route's answer: the data, or the refusal marked as an error the agent can read. */
export function toolResult(r: InProcessResult, lang: Lang) {
  if (r.ok) {
    const structured = r.data !== null && typeof r.data === 'object' && !Array.isArray(r.data) ? (r.data as Record<string, unknown>) : { data: r.data };
    return { content: [{ type: 'text' as const, text: JSON.stringify(r.data) }], structuredContent: structured };
  }
  const head = t(lang, MCP.mcp_refused, { message: r.message, code: r.code, status: r.status });
  if (r.code === 1002 && Array.isArray(r.data)) {
    const fields = r.data as BadField[];
    const lines = fields.map((f) => `- ${String(f.field)}: ${String(f.message)}`);
    return {
      isError: true,
      content: [{ type: 'text' as const, text: [head, t(lang, MCP.mcp_bad_fields), ...lines].join('\n') }],
      structuredContent: { code: r.code, status: r.status, message: r.message, fields },
    };
  }
  return {
    isError: true,
    content: [{ type: 'text' as const, text: head }],
    structuredContent: { code: r.code, status: r.status, message: r.message },
  };
}

/** Where a tool call comes from, for the route and the request log. */
export interface CallOrigin {
  ip: string;
  reqId?: string;
}

/** Runs `tool` as `caller` with `args` and logs it under the tool's path. */
export async function runTool(
  core: Core,
  tool: OfferedTool,
  caller: Caller,
  args: Record<string, unknown>,
  lang: Lang,
  from: CallOrigin,
): Promise<InProcessResult> {
  const { route } = tool;
  const r = await callRoute(core, route, {}, { method: route.method, path: route.path, user: caller, input: args, lang, ip: from.ip });
  const get = route.method === 'GET';
  const query = get ? Object.fromEntries(Object.entries(args).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)])) : undefined;
  core.requestLog.record(requestLogEntry(route.path, caller, from.ip, get ? undefined : args, query, from.reqId, caller.key?.name));
  return r;
}
