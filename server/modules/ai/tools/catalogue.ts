/**
 * The tools an AI member may be given: every declared call of the platform (a route that describes
 * itself: input schema, effect, summary), and the enabled tools of the outside MCP servers an
 * administrator registered (ai/mcpServer). An AI member's `config.tools` picks among them
 * (tool-names.ts); what it picks is offered to its model, and runs as the member who asked
 * (call-as-member.ts), so a call that member may not make is refused to the AI alike.
 *
 * Never offered: what signs in or out or touches credentials (base/open, logout, password and
 * sign-in calls, OAuth callbacks and payment notifications), calls that answer raw (files,
 * redirects) or read an upload, routes with path parameters, and the tool confirmation calls
 * themselves (an AI must not confirm its own proposal). Calls only an administrator may make are in
 * the catalogue: for anybody else they are simply refused when called.
 */
import { SYSTEM, entity, eq, type Core, type Labels, type Lang, type Route } from '../../../core/api';
import { testMcpServer } from './mcp-servers';
import { TOOL_NAME, mcpToolName, platformToolName, selected } from './tool-names';

export type ToolEffect = 'read' | 'write';

/** One tool, as offered to a model and run on a member's behalf. */
export interface ToolDef {
  name: string;
  /** What the tool does, in en, zh-cn and zh-tw. */
  description: Labels;
  /** The JSON Schema of its arguments (an object). */
  parameters: Record<string, unknown>;
  effect: ToolEffect;
  /** A platform call (its method and path), or a tool of an MCP server. */
  source: { kind: 'platform'; method: string; path: string; guard: Route['guard'] } | { kind: 'mcp'; serverId: number; tool: string };
}

/** Groups of calls never offered (module/group): sign-in, the tool confirmations, and API keys (a key made would be answered to the model). */
const EXCLUDED_GROUPS = new Set(['base/open', 'ai/tool', 'base/apiKey']);
/** Last path segments that sign in or out, touch passwords or tokens, or are a provider's callback. */
const EXCLUDED_ACTION = /^(login\w*|logout|refreshToken|\w*Login|\w*Callback|\w*[Pp]assword\w*|walletChallenge|bindWallet|unbindWallet|notify|return|upload)$/;

/** The object schema of a call's input: the schema itself, or the object form of a body that may be one object or a list. */
function objectSchema(s: Record<string, unknown>): Record<string, unknown> | null {
  if (s.type === 'object') return s;
  for (const k of ['oneOf', 'anyOf'] as const) {
    const forms = s[k];
    if (Array.isArray(forms)) {
      const one = forms.find((f) => (f as Record<string, unknown>)?.type === 'object');
      if (one) return one as Record<string, unknown>;
    }
  }
  return null;
}

function offered(r: Route): boolean {
  if (!r.call || r.call.switchedOff || r.raw || r.body === 'raw' || !r.path.startsWith('/admin/') || r.path.includes('{')) return false;
  if (EXCLUDED_GROUPS.has(`${r.module}/${r.group}`)) return false;
  return !EXCLUDED_ACTION.test(r.path.split('/').pop() ?? '');
}

function join(a: Labels, b: Labels | null | undefined): Labels {
  if (!b) return a;
  return { en: `${a.en}. ${b.en}`, 'zh-cn': `${a['zh-cn']}。${b['zh-cn']}`, 'zh-tw': `${a['zh-tw']}。${b['zh-tw']}` };
}

const cache = new WeakMap<Core, { size: number; tools: Map<string, ToolDef> }>();

/** Every platform call offered as a tool, by name (rebuilt when routes were added: live entities, plugins). */
export function platformTools(core: Core): Map<string, ToolDef> {
  const hit = cache.get(core);
  if (hit && hit.size === core.routes.all.length) return hit.tools;
  const tools = new Map<string, ToolDef>();
  const routes = core.routes.all.filter(offered).sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
  for (const r of routes) {
    const parameters = objectSchema(r.call!.input as Record<string, unknown>);
    if (!parameters) continue;
    let name = platformToolName(r.path);
    if (tools.has(name)) name = platformToolName(`${r.path}/${r.method.toLowerCase()}`);
    if (tools.has(name) || !TOOL_NAME.test(name)) continue;
    tools.set(name, {
      name,
      description: join(r.summary, r.call!.description),
      parameters,
      effect: r.call!.effect,
      source: { kind: 'platform', method: r.method, path: r.path, guard: r.guard },
    });
  }
  cache.set(core, { size: core.routes.all.length, tools });
  return tools;
}

/** A tool of an MCP server as stored by its test (ai/mcpServer.tools). */
interface StoredMcpTool {
  name?: unknown;
  description?: unknown;
  inputSchema?: unknown;
  annotations?: { readOnlyHint?: unknown; destructiveHint?: unknown } | null;
}

/** Read unless the tool's annotations say it is not read-only or that it destroys. */
export function mcpEffect(annotations: StoredMcpTool['annotations']): ToolEffect {
  if (!annotations) return 'read';
  return annotations.readOnlyHint === false || annotations.destructiveHint === true ? 'write' : 'read';
}

/** Servers this process tested because they never were (id and update time), so a failing one is not asked at every answer. */
const triedServers = new WeakMap<Core, Set<string>>();

/** The tools of the enabled MCP servers that their administrators enabled, by name. */
export async function mcpTools(core: Core): Promise<Map<string, ToolDef>> {
  const read = () =>
    core.ops
      .reads(SYSTEM)
      .find(entity(core.model, 'ai/mcpServer'), eq('status', 1), { fields: ['id', 'name', 'tools', 'enabledTools', 'lastTestTime', 'updateTime'] });
  let rows = await read();
  // A server registered (or whose address or headers changed) in the console and never tested since
  // is tested once here, so its tools are offered without anyone pressing Test (mcp-servers.ts).
  const tried = triedServers.get(core) ?? triedServers.set(core, new Set()).get(core)!;
  const untested = rows.filter((r) => !r.lastTestTime && !tried.has(`${r.id}:${String(r.updateTime)}`));
  if (untested.length) {
    for (const r of untested) {
      tried.add(`${r.id}:${String(r.updateTime)}`);
      await testMcpServer(core, r.id).catch((err: Error) => console.error(`[ai] MCP server ${r.id} could not be tested: ${err.message}`));
    }
    rows = await read();
  }
  const out = new Map<string, ToolDef>();
  for (const row of rows) {
    const enabled = Array.isArray(row.enabledTools) && row.enabledTools.length ? new Set(row.enabledTools.map(String)) : null;
    for (const t of (Array.isArray(row.tools) ? row.tools : []) as StoredMcpTool[]) {
      if (typeof t?.name !== 'string' || (enabled && !enabled.has(t.name))) continue;
      const name = mcpToolName(row.id, t.name);
      // `$schema` names the dialect for validators; models take the schema itself.
      const { $schema: _dialect, ...schema } = (t.inputSchema && typeof t.inputSchema === 'object' ? t.inputSchema : { type: 'object' }) as Record<
        string,
        unknown
      >;
      const text = `${String(t.description ?? '') || t.name} (${row.name})`;
      out.set(name, {
        name,
        description: { en: text, 'zh-cn': text, 'zh-tw': text },
        parameters: schema.type === 'object' ? schema : { type: 'object' },
        effect: mcpEffect(t.annotations),
        source: { kind: 'mcp', serverId: row.id, tool: t.name },
      });
    }
  }
  return out;
}

/** The tool named `name` (a platform call or an enabled MCP tool), or null. */
export async function findTool(core: Core, name: string): Promise<ToolDef | null> {
  if (name.startsWith('mcp_')) return (await mcpTools(core)).get(name) ?? null;
  return platformTools(core).get(name) ?? null;
}

/** The tools `patterns` (an AI member's `config.tools`) pick, platform calls first, in name order. */
export async function toolsFor(core: Core, patterns: readonly string[]): Promise<ToolDef[]> {
  if (!patterns.length) return [];
  const platform = [...platformTools(core).values()].filter((t) => selected(patterns, t.name));
  const wantsMcp = patterns.some((p) => p === '*' || 'mcp_'.startsWith(p.replace(/\*$/, '')) || p.startsWith('mcp_'));
  const mcp = wantsMcp ? [...(await mcpTools(core)).values()].filter((t) => selected(patterns, t.name)) : [];
  return [...platform, ...mcp];
}

/** How a tool is described to the model, in `lang`; a write says it waits for the member's confirmation. */
export function toolDescription(t: ToolDef, lang: Lang): string {
  const text = t.description[lang] || t.description.en;
  return t.effect === 'write' ? `${text} [write: proposed to the member, runs only when they confirm]` : text;
}
