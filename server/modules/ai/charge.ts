/**
 * Paying for AI runs in tokens (issue 20): one run row per run, and every way it can end is one of
 * the two functions here, each one transaction with a conditional update from `running`:
 *
 * - `reserve` (inside the transaction that stores the request message): the run row, and the cost
 *   taken from the member's tokens through the ledger (tokenLog type `run`), the member's runTimes
 *   + 1 in the same update. Too few tokens: 1001 naming the cost and the balance, and the caller's
 *   transaction rolls back whole (no run, no message, no ledger entry).
 * - `settle`: running -> succeeded (exactly one row must change), the usage and model recorded, the
 *   answer message stored in the run's conversation; a bought AI member's run fee (part of the cost)
 *   shared out between the platform and the creator in the same transaction (store-fee.ts).
 * - `failRun`: running -> failed and the whole cost refunded (tokenLog type `runRefund`), runTimes
 *   - 1 with it; then an error message in the conversation.
 *
 * Each also keeps the AI budgets (budgets.ts): reserve holds the cost against them (or refuses),
 * and what a run gives back (failRun's refund, settle's unused part) is given back to them too.
 *
 * So runTimes counts the member's runs that have not failed (running or succeeded).
 *
 * A second settle or fail of a finished run changes nothing and says so (`settled`/`failed` false):
 * callbacks are replayed, a watchdog and a late answer can meet. A crash between reserve and the end
 * leaves a running run; its deadline passes and the watchdog (ai.runWatchdog) fails and refunds it.
 * AI members answering in chat (ai-reply.service.ts) pay through the same three functions (kind 1):
 * their answers and errors are written by the AI member (run-messages.ts runSender).
 */
import { randomUUID } from 'node:crypto';
import { SYSTEM, entity, eq, fail, AppError } from '../../core/api';
import type { Core, EntityRow, OpTransaction } from '../../core/api';
import { moveTokens, TOKEN_KIND } from '../commerce/ledger/ledger.service';
import { LEDGER } from '../commerce/ledger/ledger.messages';
import { fromUnits, toUnits } from '../commerce/pay/money';
import { AI } from './ai.messages';
import { payRunFee } from './store-fee';
import { holdBudgets, releaseBudgets, type Budget } from './budgets';
import { coefficientOf, meterOfRun, meterUnits, PRICING, type Meter } from './metering';
import { RUN_MESSAGE_TYPE, storeRunMessage, type RunPlace } from './run-messages';
import type { StoredMessage } from '../chat/send-store';

export const RUN_STATUS = { running: 0, succeeded: 1, failed: 2 } as const;
export const RUN_KIND = { app: 0, aiReply: 1, aiSummary: 2 } as const;

type Run = EntityRow<'base/run'>;

const runs = (core: Core) => entity(core.model, 'base/run');

/**
 * The cost of one run in ledger units (ten-thousandths of a token): the app's tokens x the app's
 * efficiency coefficient x the member's, rounded up to a whole unit. The product is first rounded
 * to 12 significant digits, so binary fractions (1.5 x 1.1 = 1.6500000000000001) do not add a unit.
 */
export function runCostUnits(appTokens: unknown, appCoefficient: unknown, memberCoefficient: unknown): number {
  const units = toUnits(appTokens);
  if (!Number.isFinite(units) || units <= 0) return 0;
  const exact = units * coefficientOf(appCoefficient) * coefficientOf(memberCoefficient);
  return exact > 0 ? Math.ceil(Number(exact.toPrecision(12))) : 0;
}

/**
 * The refusal of a run the member's balance cannot cover; a run priced by use says that what it
 * needs is what it sets aside (its estimate), most of which usually comes back.
 */
export function notEnoughTokens(byUse: boolean, costUnits: number, balanceUnits: number): AppError {
  return fail.bad(byUse ? AI.ai_not_enough_tokens_by_use : AI.ai_not_enough_tokens, { cost: fromUnits(costUnits), balance: fromUnits(balanceUnits) });
}

/** Whether `err` is a refusal for too few tokens (notEnoughTokens). */
export function isNotEnoughTokens(err: unknown): boolean {
  return err instanceof AppError && (err.key === AI.ai_not_enough_tokens || err.key === AI.ai_not_enough_tokens_by_use);
}

export interface Reservation {
  userId: number;
  appId: number | null;
  /** The AI member that answers (kind 1); null for an app run. */
  aiUserId?: number | null;
  kind: (typeof RUN_KIND)[keyof typeof RUN_KIND];
  isAsync: boolean;
  /** Everything reserved, in units: the price and, for a bought AI member's copy, its run fee. */
  costUnits: number;
  /** Of costUnits, the listing's run fee (store-fee.ts), with the purchase it is paid for. */
  fee?: { units: number; purchaseId: number } | null;
  model: string | null;
  /** The registry model asked (ai/model id), when the registry chose it. */
  modelRowId?: number | null;
  /** A run priced by use: the rate it settles at (metering.ts); absent: a fixed price, costUnits whatever happens. */
  meter?: Meter | null;
  /** An AI member answering with its owner's own provider key (models/own-key.ts): costUnits is the platform fee only. */
  ownKey?: boolean;
  conversation: string;
  /** The request message, stored in the same transaction. */
  messageId: number;
  /** The chain of AI replies this reply is a step of (chains/chain.ts); none for an app run. */
  chainId?: number | null;
  deadline: Date;
  savedMinutes: number;
  input: unknown;
  /** The run this one is part of (a conversation summary's reply: memory/summary-run.ts); absent: none. */
  parentRunId?: number | null;
  /** The budgets that apply, as the start read them (budgetRoom); absent: read in the transaction. */
  budgets?: Budget[];
}

export interface Reserved {
  runId: number;
  workflowResultId: string;
  /** The member's token balance after the reservation, in units. */
  balanceUnits: number;
}

/**
 * Writes the run and takes its cost. Call it inside the transaction that stores the request message
 * (send-store's `within`): it joins that transaction, as the system, so both stand or fall together.
 */
export async function reserve(core: Core, r: Reservation): Promise<Reserved> {
  return core.ops.transaction(SYSTEM, async (t) => {
    // Locked before the check, so the balance named in a refusal is the one the ledger would have moved.
    const [member] = await t.lock(core.model.system('users'), r.userId);
    if (!member) throw fail.notFound(LEDGER.ledger_user_not_found);
    const balance = toUnits(member.tokens);
    if (balance < r.costUnits) throw notEnoughTokens(!!r.meter, r.costUnits, balance);
    // The day's and month's budgets (budgets.ts): a refusal rolls the whole reservation back.
    const spendIds = await holdBudgets(core, t, { payer: member, conversation: r.conversation, units: r.costUnits, budgets: r.budgets });
    const workflowResultId = randomUUID();
    const runId = await t.addOne(
      runs(core),
      {
        appId: r.appId,
        aiUserId: r.aiUserId ?? null,
        kind: r.kind,
        isAsync: r.isAsync ? 1 : 0,
        status: RUN_STATUS.running,
        cost: fromUnits(r.costUnits),
        fee: fromUnits(r.fee?.units ?? 0),
        purchaseId: r.fee?.purchaseId ?? null,
        model: r.model ? r.model.slice(0, 100) : null,
        modelRowId: r.modelRowId ?? null,
        pricing: r.meter ? PRICING.byUse : PRICING.fixed,
        priceInput: r.meter?.priceInput ?? 0,
        priceCachedInput: r.meter?.priceCachedInput ?? 0,
        priceOutput: r.meter?.priceOutput ?? 0,
        coefficient: r.meter?.coefficient ?? 1,
        messageId: r.messageId,
        conversation: r.conversation,
        workflowResultId,
        deadline: r.deadline.toISOString(),
        startTime: new Date().toISOString(),
        savedMinutes: r.savedMinutes,
        input: r.input ?? null,
        spendIds: spendIds.length ? spendIds : null,
        ownKey: r.ownKey ? 1 : 0,
        chainId: r.chainId ?? null,
        parentRunId: r.parentRunId ?? null,
      },
      { trusted: true, owner: r.userId },
    );
    const { balanceUnits } = await moveTokens(core, t, {
      userId: r.userId,
      balance: 'tokens',
      units: -r.costUnits,
      kind: TOKEN_KIND.run,
      relateType: 'run',
      relateId: runId,
      runs: 1,
    });
    return { runId, workflowResultId, balanceUnits };
  });
}

export interface Outcome {
  /** cachedTokens: of promptTokens, those read from the provider's cache (absent: none). */
  usage: { promptTokens: number; completionTokens: number; cachedTokens?: number } | null;
  /** The usage was counted here (four characters a token), the model reported none. */
  usageEstimated?: boolean;
  /** The registry model that answered when it is not the one reserved for (its fallback): a run priced by use is charged at its prices. */
  answeredBy?: { id: number; priceInput: number; priceCachedInput?: number | null; priceOutput: number } | null;
  /** The model that answered, when known. */
  model?: string | null;
  /** The answer message's content (text, or the workflow's output object). */
  content: unknown;
  /** Users the answer mentions (an AI reply naming other AI members of its group); none by default. */
  at?: number[];
  /** The asker stopped it while it streamed: the usage is what the model had used by then. */
  stopped?: boolean;
}

export interface Settled {
  settled: boolean;
  /** The run's status after the call. */
  status: number;
  /** The answer message, when this call stored it. */
  message: StoredMessage | null;
}

/** A whole number of tokens reported by a model or an engine, 0 when absent or nonsense. */
const count = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? Math.min(Math.floor(v), 2 ** 31 - 1) : 0);

/**
 * What `settle` needs of a run to store its answer, when the caller still has it from the start
 * (fields that never change after it): then the run is not read before the transaction.
 */
export type KnownRun = RunPlace;

/** Run `id` as the system reads it. */
export async function runById(core: Core, id: number): Promise<Run> {
  const [run] = await core.ops.reads(SYSTEM).find(runs(core), eq('id', id));
  if (!run) throw fail.notFound('record_not_found');
  return run;
}

/** Thrown inside settle's transaction when the run has ended meanwhile: everything is rolled back. */
class Ended extends Error {
  constructor(readonly status: number) {
    super('the run has ended');
  }
}

/**
 * Ends a running run as succeeded, with its answer. Call outside any transaction. In one
 * transaction: the answer message, then the run locked and checked still running (else all is
 * rolled back and nothing changes), moved to succeeded with its usage. (The member's runTimes moved
 * with the reservation.)
 */
export async function settle(core: Core, runId: number, outcome: Outcome, known?: KnownRun): Promise<Settled> {
  let run: KnownRun | undefined = known;
  if (!run) {
    const read = await runById(core, runId);
    if (read.status !== RUN_STATUS.running) return { settled: false, status: read.status, message: null };
    run = read;
  }
  try {
    const { message } = await storeRunMessage(
      core,
      run,
      RUN_MESSAGE_TYPE.answer,
      outcome.content,
      async (_t, answer) => {
        await core.ops.transaction(SYSTEM, async (t) => {
          const [now] = await t.lock(runs(core), runId);
          if (!now) throw fail.notFound(AI.ai_run_not_found);
          if (now.status !== RUN_STATUS.running) throw new Ended(now.status);
          const model = outcome.model ?? now.model ?? null;
          const promptTokens = count(outcome.usage?.promptTokens);
          const completionTokens = count(outcome.usage?.completionTokens);
          const cachedTokens = Math.min(promptTokens, count(outcome.usage?.cachedTokens));
          const by = outcome.answeredBy && outcome.answeredBy.id !== now.modelRowId ? outcome.answeredBy : null;
          const rate =
            by && now.pricing === PRICING.byUse
              ? { modelRowId: by.id, priceInput: by.priceInput, priceCachedInput: by.priceCachedInput ?? 0, priceOutput: by.priceOutput }
              : {};
          const charged = await chargeUse(core, t, { ...now, ...rate }, promptTokens, completionTokens, cachedTokens);
          await t.updateWhere(
            runs(core),
            runId,
            {
              status: RUN_STATUS.succeeded,
              promptTokens,
              completionTokens,
              cachedTokens,
              usageEstimated: outcome.usageEstimated ? 1 : 0,
              charged: fromUnits(charged),
              ...rate,
              model: model ? model.slice(0, 100) : null,
              endTime: new Date().toISOString(),
              answerId: answer.id,
              ...(outcome.stopped ? { stopped: 1 } : {}),
            },
            { expect: 1 },
          );
          await payRunFee(core, t, now);
        });
      },
      outcome.at ?? [],
    );
    return { settled: true, status: RUN_STATUS.succeeded, message };
  } catch (err) {
    // Someone else ended it before our lock: the run stands as they left it.
    if (err instanceof Ended) return { settled: false, status: err.status, message: null };
    throw err;
  }
}

/**
 * What a succeeding run costs, in units, inside settle's transaction: a fixed-price run its whole
 * reservation; a run priced by use its usage at the rate it kept (cached input at its cached price; never more than it reserved), its
 * store fee on top, and what it reserved beyond that given back to the payer (tokenLog type 16).
 */
export async function chargeUse(core: Core, t: OpTransaction, run: Run, prompt: number, completion: number, cached: number): Promise<number> {
  const reserved = toUnits(run.cost);
  const meter = meterOfRun(run);
  if (!meter) return reserved;
  const fee = Math.min(reserved, toUnits(run.fee));
  const charged = Math.min(reserved - fee, meterUnits(meter, prompt, completion, cached)) + fee;
  if (reserved > charged) {
    await moveTokens(core, t, {
      userId: run.userId ?? 0,
      balance: 'tokens',
      units: reserved - charged,
      kind: TOKEN_KIND.runUnused,
      relateType: 'run',
      relateId: run.id,
    });
    await releaseBudgets(core, t, run.spendIds, reserved - charged);
  }
  return charged;
}

/** Why a run failed: a short code for clients (`timeout`, `upstream`, `deadline`, `workflow`...) and a detail for the record. */
export interface Failure {
  code: string;
  detail?: string;
}

/**
 * Ends a running run as failed and refunds its whole cost, in one transaction; then stores an error
 * message `{ runId, error: code }` in its conversation. The refund never depends on that message:
 * when it cannot be stored (the member left the group) it is logged and the refund stands.
 */
export async function failRun(core: Core, runId: number, why: Failure): Promise<{ failed: boolean; run: Run | null }> {
  const reason = `${why.code}${why.detail ? `: ${why.detail}` : ''}`.slice(0, 1000);
  const outcome = await core.ops.transaction(SYSTEM, async (t) => {
    const [run] = await t.lock(runs(core), runId);
    if (!run || run.status !== RUN_STATUS.running) return { failed: false, run: run ?? null };
    // Locked and checked running just above: the update by id is answered from the lock (no second read).
    await t.updateWhere(
      runs(core),
      runId,
      {
        status: RUN_STATUS.failed,
        error: reason,
        endTime: new Date().toISOString(),
      },
      { expect: 1 },
    );
    await moveTokens(core, t, {
      userId: run.userId ?? 0,
      balance: 'tokens',
      units: toUnits(run.cost),
      kind: TOKEN_KIND.runRefund,
      relateType: 'run',
      relateId: runId,
      runs: -1,
    });
    await releaseBudgets(core, t, run.spendIds, toUnits(run.cost));
    return { failed: true, run };
  });
  // A conversation summary (kind 2) is not part of the chat: its failure is on its receipt only.
  if (outcome.failed && outcome.run && outcome.run.kind !== RUN_KIND.aiSummary) {
    try {
      await storeRunMessage(core, outcome.run, RUN_MESSAGE_TYPE.error, { runId, error: why.code });
    } catch (err) {
      console.error(`[ai] run ${runId} failed and was refunded, but its error message could not be stored: ${(err as Error).message}`);
    }
  }
  return outcome;
}
