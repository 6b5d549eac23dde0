/**
 * Refreshing a conversation's memory (issue 41): once an AI member's reply has settled, the turns
 * that overflowed its window (memory-context.ts) and the summary so far go to the summary model
 * (the registry's default for `summary`, as modelFor chooses it), and what it writes becomes the
 * conversation's summary (ai/summary). It is a run of its own (base/run kind 2), paid by the reply's
 * payer and named by the reply's run (parentRunId), so the reply's receipt shows it as its own line.
 *
 * Decisions the issue leaves open:
 * - Priced by use at the summary model's prices (metering.ts) times the payer's efficiencyCoefficient,
 *   as other runs: it reserves the estimate and settles on the reported usage, the rest given back.
 *   A model without prices costs nothing, and the run still records its usage.
 * - Too few tokens or a budget used up: no run, no summary, nothing in the chat (the reply itself was
 *   paid); the overflow is offered again by the next reply that overflows.
 * - A failure (the model's, an empty answer) fails the run and refunds it whole (charge.ts failRun,
 *   which posts nothing in the chat for a summary); the old summary stays.
 * - The run's settle and the summary's write are one transaction; the summary is written only when
 *   it covers more than the stored one (a conditional update on upToSeq, or an insert-if-absent for
 *   the first), so two instances never move it back. A summary that lost that race is still charged:
 *   the model did the work.
 * - It runs after the reply has settled, in the conversation's reply queue (queueSummaryRefresh), so it
 *   never delays a reply's first token.
 */
import { SYSTEM, and, eq, lt, type Core, type OpTransaction } from '../../../core/api';
import type { LlmAnswer } from '../../../adapters/llm.adapter';
import { LlmError } from '../../../adapters/llm.adapter';
import { fromUnits } from '../../commerce/pay/money';
import type { TailMessage } from '../ai-reply.queries';
import { enqueueReply } from '../ai-reply.queue';
import { budgetRefusal } from '../budgets';
import { chargeUse, failRun, isNotEnoughTokens, reserve, runById, RUN_KIND, RUN_STATUS } from '../charge';
import { estimateUnits, meterOf } from '../metering';
import { askWithFallback } from '../models/ask-with-fallback';
import { modelFor, type ChosenModel } from '../models/model-registry';
import { memberCharge } from '../run.queries';
import { memoryOf, windowOf } from './memory-context';
import { summaryMaxTokens, summaryRequest, summaryText, turnsToSummarize } from './summary-prompt';

export interface RefreshAsk {
  conversation: string;
  /** The member who paid the reply: the summary is theirs to pay too. */
  payerId: number;
  /** The AI member whose reply overflowed. */
  aiUserId: number;
  /** The turns that did not fit the reply's window and are newer than the summary (oldest first). */
  overflow: TailMessage[];
  /** The reply's run. */
  parentRunId: number;
}

/** What a refresh did: the summary run's id and what it covers now, or why there is none. */
export type Refreshed =
  | { state: 'stored'; runId: number; upToSeq: number }
  | { state: 'behind'; runId: number }
  | { state: 'none' | 'unaffordable' | 'failed'; runId: number | null };

/** A whole number of tokens as a model reported it, 0 when absent or nonsense. */
const count = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? Math.min(Math.floor(v), 2 ** 31 - 1) : 0);

function llmTimeoutMs(core: Core): number {
  const n = Number(core.config.env.LLM_TIMEOUT_MS);
  return n > 0 ? n : 60_000;
}

/** The summary's run deadline lies this far beyond the model's time limit (for the watchdog). */
const GRACE_MS = 60_000;

/**
 * Writes `text` as the conversation's summary unless one covering `upToSeq` or more is stored;
 * answers whether it did. Inside the settle's transaction.
 */
export async function keepSummary(t: OpTransaction, s: { conversation: string; text: string; upToSeq: number; runId: number }): Promise<boolean> {
  const added = await t.addIfAbsent('ai/summary', s, ['conversation']);
  if (added.created) return true;
  const changed = await t.updateWhere('ai/summary', and(eq('conversation', s.conversation), lt('upToSeq', s.upToSeq)), {
    text: s.text,
    upToSeq: s.upToSeq,
    runId: s.runId,
  });
  return changed > 0;
}

/** Ends the summary run as succeeded with its usage and writes the summary, in one transaction; false when the run had ended. */
async function settleSummary(
  core: Core,
  runId: number,
  done: { answer: LlmAnswer; used: ChosenModel; conversation: string; text: string; upToSeq: number },
): Promise<{ settled: boolean; stored: boolean }> {
  return core.ops.transaction(SYSTEM, async (t) => {
    const [now] = await t.lock('base/run', runId);
    if (!now || now.status !== RUN_STATUS.running) return { settled: false, stored: false };
    const promptTokens = count(done.answer.usage?.promptTokens);
    const completionTokens = count(done.answer.usage?.completionTokens);
    const cachedTokens = Math.min(promptTokens, count(done.answer.usage?.cachedTokens));
    // Its fallback answered: charged at the fallback's prices, as settle does.
    const by = done.used.row && done.used.row.id !== now.modelRowId ? done.used.row : null;
    const rate = by ? { modelRowId: by.id, priceInput: by.priceInput, priceCachedInput: by.priceCachedInput ?? 0, priceOutput: by.priceOutput } : {};
    const charged = await chargeUse(core, t, { ...now, ...rate }, promptTokens, completionTokens, cachedTokens);
    const model = done.answer.model || now.model;
    await t.updateWhere(
      'base/run',
      runId,
      {
        status: RUN_STATUS.succeeded,
        promptTokens,
        completionTokens,
        cachedTokens,
        usageEstimated: done.answer.usageEstimated ? 1 : 0,
        charged: fromUnits(charged),
        ...rate,
        model: model ? model.slice(0, 100) : null,
        endTime: new Date().toISOString(),
      },
      { expect: 1 },
    );
    const stored = await keepSummary(t, { conversation: done.conversation, text: done.text, upToSeq: done.upToSeq, runId });
    return { settled: true, stored };
  });
}

/**
 * Refreshes the conversation's summary from the old one and `ask.overflow` (see the file's comment).
 * Refusals for tokens or budgets and model failures are answered, never thrown.
 */
export async function refreshSummary(core: Core, ask: RefreshAsk): Promise<Refreshed> {
  const old = await memoryOf(core, ask.conversation);
  const turns = turnsToSummarize(ask.overflow, old?.upToSeq ?? 0);
  if (!turns.length) return { state: 'none', runId: null };
  const chosen = await modelFor(core, { purpose: 'summary' });
  const maxTokens = summaryMaxTokens(chosen.row);
  const request = summaryRequest(old?.text ?? null, turns, windowOf(chosen.row, maxTokens, core.config.env));
  if (!request) return { state: 'none', runId: null };
  const [payer, parent] = await Promise.all([memberCharge(core, ask.payerId), runById(core, ask.parentRunId)]);
  if (!payer) return { state: 'unaffordable', runId: null };
  const meter = meterOf(chosen, 1, payer.efficiencyCoefficient);
  const runMs = llmTimeoutMs(core);
  let runId: number;
  try {
    ({ runId } = await reserve(core, {
      userId: ask.payerId,
      appId: null,
      aiUserId: ask.aiUserId,
      kind: RUN_KIND.aiSummary,
      isAsync: false,
      costUnits: estimateUnits(meter, request.messages, maxTokens),
      meter,
      model: chosen.model || null,
      modelRowId: chosen.row?.id ?? null,
      conversation: ask.conversation,
      messageId: parent.messageId ?? 0,
      deadline: new Date(Date.now() + runMs + GRACE_MS),
      savedMinutes: 0,
      input: null,
      parentRunId: ask.parentRunId,
    }));
  } catch (err) {
    if (isNotEnoughTokens(err) || budgetRefusal(err)) return { state: 'unaffordable', runId: null };
    throw err;
  }
  const stop = new AbortController();
  const timer = setTimeout(() => stop.abort(), runMs);
  let asked: Awaited<ReturnType<typeof askWithFallback>>;
  try {
    asked = await askWithFallback(chosen, { messages: request.messages, params: { max_tokens: maxTokens }, signal: stop.signal });
  } catch (err) {
    const code = err instanceof LlmError ? (err.kind === 'aborted' ? 'timeout' : err.kind) : 'server';
    await failRun(core, runId, { code, detail: (err as Error).message });
    return { state: 'failed', runId };
  } finally {
    clearTimeout(timer);
  }
  const text = summaryText(asked.answer.text);
  if (!text) {
    await failRun(core, runId, { code: 'empty', detail: 'the summary model wrote nothing' });
    return { state: 'failed', runId };
  }
  const done = await settleSummary(core, runId, { ...asked, conversation: ask.conversation, text, upToSeq: request.upToSeq });
  if (!done.settled) return { state: 'failed', runId };
  return done.stored ? { state: 'stored', runId, upToSeq: request.upToSeq } : { state: 'behind', runId };
}

/**
 * Queues refreshSummary behind the conversation's reply work (ai-reply.queue.ts) and returns at once;
 * nothing is queued when nothing overflowed. A failure is logged by the queue.
 */
export function queueSummaryRefresh(core: Core, ask: RefreshAsk): void {
  if (!ask.overflow.length) return;
  enqueueReply(core, ask.conversation, async () => {
    await refreshSummary(core, ask);
  });
}
