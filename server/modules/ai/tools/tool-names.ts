/**
 * Tool names, which models accept only as `^[a-zA-Z0-9_-]{1,64}$`: a platform call's name is its
 * path under /admin with `/` as `_` (`/admin/goods/order/myOrders` -> `goods_order_myOrders`), an
 * outside MCP server's tool `mcp_<serverId>_<its name>`. A name too long keeps its start and ends
 * with a short hash of the whole, so two long names stay apart; a second route on the same path (GET
 * and POST) gets its method as a suffix.
 *
 * An AI member's `config.tools` lists what it may call: tool names, or prefixes ending in `*`
 * (`goods_order_*`: every call of orders; `mcp_3_*`: every enabled tool of MCP server 3; `*`: all).
 */
import { createHash } from 'node:crypto';

export const TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;
/** One entry of `config.tools`: a tool name, or a prefix of one followed by `*`. */
export const TOOL_PATTERN = /^[a-zA-Z0-9_-]{0,64}\*?$/;
export const MAX_TOOL_PATTERNS = 200;

/** `raw` made a valid tool name: other characters as `_`, at most 64 characters. */
export function safeToolName(raw: string): string {
  const clean = raw.replace(/[^a-zA-Z0-9_-]/g, '_').replace(/^_+/, '') || 'tool';
  if (clean.length <= 64) return clean;
  const hash = createHash('sha256').update(raw).digest('hex').slice(0, 8);
  return `${clean.slice(0, 55)}_${hash}`;
}

/** The tool name of a platform call at `path` (under /admin). */
export function platformToolName(path: string): string {
  return safeToolName(path.replace(/^\/admin\//, '').replace(/\//g, '_'));
}

/** The tool name of `tool` of MCP server `serverId`. */
export function mcpToolName(serverId: number, tool: string): string {
  return safeToolName(`mcp_${serverId}_${tool}`);
}

/** Whether a `config.tools` entry names `name`: the name itself, or a prefix of it ending in `*`. */
export function patternMatches(pattern: string, name: string): boolean {
  return pattern.endsWith('*') ? name.startsWith(pattern.slice(0, -1)) : pattern === name;
}

/** Whether any of `patterns` names `name`. */
export function selected(patterns: readonly string[], name: string): boolean {
  return patterns.some((p) => patternMatches(p, name));
}

/** `config.tools` as stored: its string entries that read as patterns (anything else is ignored). */
export function toolPatterns(v: unknown): string[] {
  if (!Array.isArray(v)) return [];
  return v.filter((x): x is string => typeof x === 'string' && x !== '' && TOOL_PATTERN.test(x)).slice(0, MAX_TOOL_PATTERNS);
}
