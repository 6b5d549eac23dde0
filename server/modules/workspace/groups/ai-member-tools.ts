/**
 * Which tools an AI member has is part of its settings (`config.tools`: tool names, or prefixes
 * ending in `*`). The AI domain knows the tools (ai/tools/catalogue.ts) and hands its checker in at
 * start-up (ai/tools/tools.start.ts), so the groups check a config without importing the AI domain,
 * which imports the groups.
 */
import type { Core, InvalidField } from '../../../core/api';

/** The bad entries of `tools` (a config's `tools`), named under `at`. */
export type AiToolsChecker = (core: Core, tools: unknown, at: string) => Promise<InvalidField[]>;

let checker: AiToolsChecker | null = null;

/** Sets the checker the AI member calls ask (the AI domain's, once per process). */
export function checkAiToolsWith(c: AiToolsChecker): void {
  checker = c;
}

/** The errors of `config.tools` (none when absent); at `${at}.tools`. */
export async function aiToolsErrors(core: Core, config: { tools?: unknown } | null | undefined, at: string): Promise<InvalidField[]> {
  if (!config || config.tools === undefined || config.tools === null) return [];
  if (!checker) throw new Error('no AI tools checker: the AI domain (ai/tools/tools.start.ts) was not loaded');
  return checker(core, config.tools, `${at}.tools`);
}
