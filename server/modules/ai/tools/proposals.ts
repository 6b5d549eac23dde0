/**
 * A write an AI member proposed (an ai/toolCall row in state pending, run-with-tools.ts) runs only
 * when the member who asked confirms it, and once: the confirm moves the row pending -> running in
 * one conditional update (of two confirms, on one instance or two, one changes the row, the other
 * is told it is no longer pending), then runs the call as that member (call-as-member.ts, with their
 * permissions of now) and stores its result (done, refused or failed). A cancel moves it pending ->
 * cancelled. Nobody else may confirm or cancel it, an administrator neither: it would run as the
 * asker. Each change is told to the listeners of `onToolCallChanged` (the chat updates the message
 * that shows the proposal).
 *
 * A process that stops between running and the result leaves the row running: it is not run again.
 */
import { SYSTEM, and, entity, eq, fail, type AuthUser, type Core, type EntityRow, type Lang } from '../../../core/api';
import { TOOL_CALL_STATE } from '../../../../entities/ai/toolCall.entity';
import { callAsMember, type ToolResult } from './call-as-member';
import { TOOLS } from './tools.messages';

export type ToolCallRow = EntityRow<'ai/toolCall'>;

const STATE_NAMES = Object.fromEntries(Object.entries(TOOL_CALL_STATE).map(([k, v]) => [v, k])) as Record<number, string>;

/** The name of a state (`pending`, `done`…). */
export function stateName(state: number): string {
  return STATE_NAMES[state] ?? String(state);
}

type State = ToolCallRow['state'];

type Listener = (row: ToolCallRow) => void;
const listeners = new Set<Listener>();

/** Hears every change of a tool call's state made on this instance (confirm, cancel); answers a function that stops it. */
export function onToolCallChanged(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function changed(row: ToolCallRow): void {
  for (const l of listeners) {
    try {
      l(row);
    } catch (err) {
      console.error(`[ai] a tool call listener failed on call ${row.id}:`, err);
    }
  }
}

const toolCalls = (core: Core) => entity(core.model, 'ai/toolCall');

async function rowOf(core: Core, id: number): Promise<ToolCallRow | null> {
  const [row] = await core.ops.reads(SYSTEM).find(toolCalls(core), eq('id', id));
  return (row as ToolCallRow | undefined) ?? null;
}

/** Moves call `id` of `asker` from pending to `to`; throws 404, 403 (not theirs) or 409 (not pending, naming its state). */
async function takePending(core: Core, asker: AuthUser, id: number, to: State): Promise<ToolCallRow> {
  const n = await core.ops.transaction(SYSTEM, (t) =>
    t.updateWhere(toolCalls(core), and(eq('id', id), eq('askerId', asker.id), eq('state', TOOL_CALL_STATE.pending)), { state: to }),
  );
  const row = await rowOf(core, id);
  if (!row) throw fail.notFound(TOOLS.ai_tool_call_not_found);
  if (row.askerId !== asker.id) throw fail.forbidden();
  if (n !== 1) throw fail.conflict(TOOLS.ai_tool_call_not_pending, { state: stateName(row.state) });
  return row;
}

export interface Confirmed {
  id: number;
  state: string;
  result: ToolResult;
}

/** Confirms and runs the proposal `id` as `asker` (see the top of this file). */
export async function confirmToolCall(core: Core, asker: AuthUser, id: number, lang: Lang): Promise<Confirmed> {
  const row = await takePending(core, asker, id, TOOL_CALL_STATE.running);
  changed(row);
  let result: ToolResult;
  try {
    result = await callAsMember(core, asker, row.tool, row.input ?? {}, { lang, confirmed: true });
  } catch (err) {
    result = { ok: false, code: 1003, status: 500, message: (err as Error).message.slice(0, 500) };
  }
  const state: State = result.ok ? TOOL_CALL_STATE.done : result.status === 401 || result.status === 403 ? TOOL_CALL_STATE.refused : TOOL_CALL_STATE.failed;
  await core.ops.transaction(SYSTEM, (t) => t.updateWhere(toolCalls(core), id, { state, result: result as unknown as Record<string, unknown> }, { expect: 1 }));
  changed({ ...row, state, result: result as unknown as ToolCallRow['result'] });
  return { id, state: stateName(state), result };
}

/** Cancels the proposal `id` of `asker`: it never runs. */
export async function cancelToolCall(core: Core, asker: AuthUser, id: number): Promise<{ id: number; state: string }> {
  const row = await takePending(core, asker, id, TOOL_CALL_STATE.cancelled);
  changed({ ...row, state: TOOL_CALL_STATE.cancelled });
  return { id, state: stateName(TOOL_CALL_STATE.cancelled) };
}

/** Ties tool calls to the chat message that shows them (the AI member's reply), once it is stored. */
export async function attachToolCalls(core: Core, ids: readonly number[], messageId: number): Promise<void> {
  if (!ids.length) return;
  await core.ops.transaction(SYSTEM, async (t) => {
    for (const id of ids) await t.updateWhere(toolCalls(core), id, { messageId });
  });
}

/** The tool calls of run `runId` in the order they were made, for its receipt. */
export async function toolCallsOfRun(core: Core, runId: number): Promise<ToolCallRow[]> {
  const rows = await core.ops.reads(SYSTEM).find(toolCalls(core), eq('runId', runId));
  return (rows as ToolCallRow[]).sort((a, b) => a.id - b.id);
}
