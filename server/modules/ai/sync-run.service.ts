/**
 * `message/runWorkflow`: a run of a sync app (isAsync 0), answered by the language model and
 * streamed into its conversation. The call answers as soon as the run is reserved
 * (`{ runId, message, cost, balance }`); the model is asked once the checks have passed, while the
 * run is being written (early-answer.ts), and answers off the request:
 *
 * - each piece of the answer goes out at once as `notice { kind: 'delta', data: { runId,
 *   conversation, index, text } }` to the conversation's audience (the group's room, or both users of
 *   a private chat), `index` counting from 0 so a client can tell a gap or a repeat;
 * - the whole answer is then stored (settle: usage recorded, ledger entry kept) and delivered like
 *   any message (`kind: 'message'`, type 21, relateId the run);
 * - a failure (the model's 5xx after its retries, a time-out, a refusal) fails the run: the cost is
 *   refunded and an error message (type 22, `{ runId, error }`) is delivered instead.
 *
 * Deltas are not stored: a client that missed them gets the stored answer. A run's time limit is
 * config.timeoutSeconds, else LLM_TIMEOUT_MS; the run's deadline lies a minute beyond, for the
 * watchdog to fail runs that a crashed process left behind.
 */
import type { Core, Caller } from '../../core/api';
import { LlmError, type LlmAnswer } from '../../adapters/llm.adapter';
import { failRun, RUN_KIND, settle } from './charge';
import { DeltaStream, deltaWindowMs } from './delta-stream';
import { EarlyAnswer } from './early-answer';
import { toAudience } from './run-messages';
import { startRun, type RunAnswer, type Started } from './run-start';
import type { RunInput } from './run-input';

/** Runs still being answered, per core: a test or a stopping server can wait for them. */
const inFlight = new WeakMap<Core, Set<Promise<void>>>();

/** Resolves once every sync run this process has under way has ended (settled or failed). */
export async function syncRunsDone(core: Core): Promise<void> {
  const set = inFlight.get(core);
  while (set && set.size) await Promise.allSettled([...set]);
}

export async function runWorkflow(core: Core, user: Caller, input: RunInput): Promise<RunAnswer> {
  // The model is asked once the checks pass, while the run is being written (early-answer.ts).
  let early: EarlyAnswer | null = null;
  let started: Started;
  try {
    started = await startRun(core, user, input, 'sync', (c) => {
      early = new EarlyAnswer(core, c.config, c.input, c.runMs, c.limits, c.chosen ?? undefined);
    });
  } catch (err) {
    (early as EarlyAnswer | null)?.cancel();
    throw err;
  }
  const asked = early as EarlyAnswer | null;
  if (!started.created || !asked) {
    asked?.cancel();
    return started.answer;
  }
  let set = inFlight.get(core);
  if (!set) inFlight.set(core, (set = new Set()));
  const work = answerRun(core, started, asked).catch((err: unknown) => {
    console.error(`[ai] run ${started.run.id} could not be ended: ${(err as Error).message}`);
  });
  set.add(work);
  void work.finally(() => set.delete(work));
  return started.answer;
}

/** The short code a client shows for a model failure. */
function codeOf(err: unknown): string {
  if (!(err instanceof LlmError)) return 'server';
  return err.kind === 'aborted' ? 'timeout' : err.kind;
}

/** Streams the model's answer to the run's conversation, and ends the run one way or the other. */
async function answerRun(core: Core, s: Started, asked: EarlyAnswer): Promise<void> {
  const { id: runId, conversation } = s.run;
  const audience = { userId: s.run.userId, conversation };
  const deltas = new DeltaStream(
    (index, text) => toAudience(core, audience, { kind: 'delta', data: { runId, conversation, index, text } }),
    deltaWindowMs(core),
  );
  asked.attach((piece) => deltas.push(piece));
  let answer: LlmAnswer;
  try {
    answer = await asked.answer;
  } catch (err) {
    deltas.end();
    await failRun(core, runId, { code: codeOf(err), detail: (err as Error).message });
    return;
  }
  deltas.end();
  try {
    const known = { id: runId, userId: s.run.userId, appId: s.app.id, aiUserId: null, kind: RUN_KIND.app, conversation };
    await settle(
      core,
      runId,
      { usage: answer.usage, usageEstimated: answer.usageEstimated, model: answer.model, content: answer.text, answeredBy: asked.used?.row ?? null },
      known,
    );
  } catch (err) {
    // The answer could not be stored (the member left the group meanwhile...): the member did not get it, so it is not paid for.
    await failRun(core, runId, { code: 'undelivered', detail: (err as Error).message });
  }
}
