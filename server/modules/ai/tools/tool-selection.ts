/**
 * An AI member's tools as its settings say (`config.tools`), and the check of what an owner saves
 * there: a list of at most MAX_TOOL_PATTERNS entries, each a tool name or a prefix ending in `*`,
 * each naming at least one tool of the catalogue as it is when saved (a tool removed later is
 * simply not offered).
 */
import type { Core, InvalidField, Row } from '../../../core/api';
import { platformTools, mcpTools, toolsFor, type ToolDef } from './catalogue';
import { MAX_TOOL_PATTERNS, TOOL_PATTERN, patternMatches, toolPatterns } from './tool-names';

/** The bad entries of a config's `tools` (see the top of this file), named `at` and `at.N`. */
export async function toolSelectionErrors(core: Core, tools: unknown, at: string): Promise<InvalidField[]> {
  if (!Array.isArray(tools)) return [{ field: at, rule: 'type', params: { type: 'array' } }];
  if (tools.length > MAX_TOOL_PATTERNS) return [{ field: at, rule: 'max_length', params: { limit: MAX_TOOL_PATTERNS } }];
  const names = [...platformTools(core).keys()];
  let mcp: string[] | null = null;
  const errors: InvalidField[] = [];
  for (const [i, p] of tools.entries()) {
    if (typeof p !== 'string' || p === '' || !TOOL_PATTERN.test(p)) {
      errors.push({ field: `${at}.${i}`, rule: 'type', params: { type: 'tool name, or prefix ending in *' } });
      continue;
    }
    if (names.some((n) => patternMatches(p, n))) continue;
    mcp ??= [...(await mcpTools(core)).keys()];
    if (!mcp.some((n) => patternMatches(p, n))) errors.push({ field: `${at}.${i}`, rule: 'invalid', params: {} });
  }
  return errors;
}

/** The tools an AI member's `config` gives it (none when it names none). */
export function aiMemberTools(core: Core, config: Row | null | undefined): Promise<ToolDef[]> {
  return toolsFor(core, toolPatterns(config?.tools));
}
