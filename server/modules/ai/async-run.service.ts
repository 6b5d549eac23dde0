/**
 * Async apps (isAsync 1) through the external workflow engine:
 *
 * - `addTask`: the run is reserved as for a sync app, then the job is posted to the engine
 *   (server/adapters/workflow.adapter.ts, signed). An engine that cannot be reached or answers
 *   non-2xx fails the run at once: refunded, error message, and the call answers 502.
 * - `receiveWorkflow`: the engine's callbacks `receiveWorkflowResult/{id}` (`{ output, usage? }`:
 *   settle, the output stored as the answer message) and `receiveWorkflowError/{id}` (`{ error }`:
 *   fail and refund). They carry no token: the signature (v2) over the method, the path of the url we
 *   gave the engine (so the run's id and the kind of callback) and the exact body bytes, made with
 *   WORKFLOW_SECRET and at most 5 minutes off, is what authenticates them. Checked in this order,
 *   so an unsigned caller learns nothing, not even whether an id exists: signature (401; a v1-only
 *   signature is told that v2 is required), body (400/1002), the run (404: unknown id, or a sync
 *   run), a finished run (answers `{ status }` and changes nothing), then the effect. A callback
 *   counts once: the run ends in one conditional transition from running (charge.ts), so the same
 *   callback again, or many at once, or the other kind afterwards, answers the status and changes
 *   nothing.
 *
 * Callback urls are built on PUBLIC_URL (the address the engine reaches us at), else on the address
 * the member's request came to; a callback's signature covers the path of the url as given, PUBLIC_URL's
 * own path included, whatever a proxy in front of us makes of it.
 */
import { fail, type InvalidField, objectBody, readShape, type Input, type Shape } from '../../core/api';
import type { Core, Caller } from '../../core/api';
import { WorkflowError } from '../../adapters/workflow.adapter';
import { AI } from './ai.messages';
import { failRun, RUN_STATUS, settle } from './charge';
import { workflowFor } from './llm.service';
import { runByResultId } from './run.queries';
import { startRun, type RunAnswer } from './run-start';
import { ERROR_BODY, RESULT_BODY, type RunInput } from './run-input';

export const CALLBACK_PATHS = {
  result: '/admin/base/message/receiveWorkflowResult',
  error: '/admin/base/message/receiveWorkflowError',
} as const;

/** The path of the `kind` callback url of run `id` as the engine was given it: what its signature covers. */
function callbackPath(core: Core, kind: keyof typeof CALLBACK_PATHS, id: string): string {
  const base = core.config.env.PUBLIC_URL?.trim() ?? '';
  const prefix = base && URL.canParse(base) ? new URL(base).pathname.replace(/\/+$/, '') : '';
  return `${prefix}${CALLBACK_PATHS[kind]}/${id}`;
}

const RESULT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export async function addTask(core: Core, user: Caller, input: RunInput, origin: string): Promise<RunAnswer> {
  const s = await startRun(core, user, input, 'async');
  if (!s.created) return s.answer;
  const base = (core.config.env.PUBLIC_URL?.trim() || origin).replace(/\/+$/, '');
  const id = s.run.workflowResultId;
  try {
    await workflowFor(core).submit({
      runId: s.run.id,
      workflowResultId: id,
      appId: s.app.id,
      workflow: s.config.workflow ?? null,
      input: s.input,
      callbackUrl: `${base}${CALLBACK_PATHS.result}/${id}`,
      errorUrl: `${base}${CALLBACK_PATHS.error}/${id}`,
      deadline: s.run.deadline.toISOString(),
    });
  } catch (err) {
    if (!(err instanceof WorkflowError)) throw err;
    console.error(`[ai] run ${s.run.id}: ${err.message}`);
    const { failed, run } = await failRun(core, s.run.id, { code: 'workflow', detail: err.message });
    // A fast engine may have called back before its answer to our post went wrong: the run stands as it ended.
    if (!failed && run && run.status === RUN_STATUS.succeeded) return s.answer;
    throw fail.badGateway(AI.ai_workflow_unreachable);
  }
  return s.answer;
}

function parseJson(raw: Buffer): unknown {
  const text = raw.toString('utf8');
  if (!text.trim()) return {};
  try {
    return JSON.parse(text);
  } catch {
    throw fail.bad('body_malformed');
  }
}

/** A callback as it reached us: its method, its X-Cosmac-Signature header and its body's exact bytes. */
export interface CallbackRequest {
  method: string;
  signature: string | undefined;
  raw: Buffer;
}

/**
 * The callback's signature, the named check that takes the place of a token: v2 over the method, the
 * path of the url we gave the engine and the exact body bytes (401 otherwise, before anything else).
 */
export function assertSignedByEngine(core: Core, kind: 'result' | 'error', id: string, { method, signature, raw }: CallbackRequest): void {
  const engine = workflowFor(core);
  const check = engine.canVerify ? engine.verify(signature, { method, path: callbackPath(core, kind, id), body: raw }) : 'invalid';
  if (check === 'v1') throw fail.unauthorized(AI.ai_signature_v2_required);
  if (check !== 'valid') throw fail.unauthorized(AI.ai_bad_signature);
}

/** A signed callback's body, read by its declared shape (run-input.ts): 1002 naming every bad field. */
function readCallbackBody<S extends Shape>(shape: S, raw: Buffer): Input<S> {
  const errors: InvalidField[] = [];
  // The engine is no cool-admin client: an unknown field is refused whatever COOL_COMPAT says.
  const body = readShape(shape, objectBody(parseJson(raw), true), { at: '', errors, query: false }, false);
  if (errors.length) throw fail.invalid(errors);
  return body;
}

/** One callback of the engine: `kind` says which url it came to, `id` is that url's last segment. Answers the run's status after it. */
export async function receiveWorkflow(core: Core, kind: 'result' | 'error', id: string, request: CallbackRequest): Promise<{ status: number }> {
  assertSignedByEngine(core, kind, id, request);
  let output: unknown = null;
  let usage: { promptTokens: number; completionTokens: number } | null = null;
  let error = '';
  if (kind === 'result') {
    const body = readCallbackBody(RESULT_BODY, request.raw);
    output = body.output;
    usage = body.usage ? { promptTokens: body.usage.promptTokens ?? 0, completionTokens: body.usage.completionTokens ?? 0 } : null;
  } else error = readCallbackBody(ERROR_BODY, request.raw).error;
  const run = RESULT_ID.test(id) ? await runByResultId(core, id) : null;
  if (!run || run.isAsync !== 1) throw fail.notFound(AI.ai_run_not_found);
  if (run.status !== RUN_STATUS.running) return { status: run.status };
  if (kind === 'result') return { status: (await settle(core, run.id, { usage, content: output })).status };
  const ended = await failRun(core, run.id, { code: 'workflow', detail: error });
  return { status: ended.failed ? RUN_STATUS.failed : (ended.run?.status ?? RUN_STATUS.failed) };
}
