/** What the chat shows of an AI member's tool calls (the server's ToolCallRecord and Proposal, as its answer carries them). */

export type ToolOutcome = 'ran' | 'proposed' | 'refused';

/** One tool call of an answer. */
export interface ToolCallView {
  id: number;
  name: string;
  input: Record<string, unknown> | null;
  effect: 'read' | 'write' | null;
  outcome: ToolOutcome;
  result?: unknown;
  error?: { code: number; status: number; message: string };
  ms: number;
}

/** Where a proposal stands (ai/toolCall's state by name). */
export type ProposalState = 'pending' | 'running' | 'done' | 'failed' | 'refused' | 'cancelled';

/** A write an AI member proposed, waiting for the member who asked. */
export interface ProposalView {
  id: number;
  tool: string;
  input: Record<string, unknown>;
  description?: string;
  state: ProposalState;
}

/** A value as indented JSON, for showing (never parsed back). */
export function prettyJson(v: unknown): string {
  try {
    return JSON.stringify(v, null, 2) ?? 'null';
  } catch {
    return String(v);
  }
}

/** Whether a result is the server's cut of a long one (`{ truncated: true, text }`). */
export function isTruncated(v: unknown): v is { truncated: true; text: string } {
  return typeof v === 'object' && v !== null && (v as { truncated?: unknown }).truncated === true;
}

/** The state the server answered (a name), as a ProposalState. */
export function proposalState(state: string): ProposalState {
  const known: ProposalState[] = ['pending', 'running', 'done', 'failed', 'refused', 'cancelled'];
  return known.includes(state as ProposalState) ? (state as ProposalState) : 'failed';
}

/** A tool as the catalogue lists it (ai/tool/catalogue). */
export interface CatalogueTool {
  name: string;
  effect: string;
  description: string;
  source: string;
}

/** An option of the tool picker: the tool's name, its description, whether it writes or comes from an MCP server. */
export interface ToolOption {
  value: string;
  label: string;
  description: string;
  writes: boolean;
  mcp: boolean;
}

/**
 * The picker's options: every tool of the catalogue, then each entry of `value` that is not a tool
 * name (a prefix ending in `*`, or a tool since removed), so a saved entry always shows.
 */
export function toolOptions(catalogue: CatalogueTool[], value: string[]): ToolOption[] {
  const out: ToolOption[] = catalogue.map((c) => ({
    value: c.name,
    label: c.name,
    description: c.description,
    writes: c.effect === 'write',
    mcp: c.source === 'mcp',
  }));
  const known = new Set(out.map((o) => o.value));
  for (const v of value) if (!known.has(v)) out.unshift({ value: v, label: v, description: '', writes: false, mcp: v.startsWith('mcp_') });
  return out;
}
