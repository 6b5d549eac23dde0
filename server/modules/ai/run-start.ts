/**
 * The start both kinds of run share (message/runWorkflow for sync apps, message/addTask for async
 * ones), top to bottom, once the call has read `{ appId, input, toType?, toId?, clientId? }`
 * (run-input.ts): rate limit; the app (shown, of the call's kind); the service it needs is
 * configured (503 before anything is written); the input against the app's schema; the
 * conversation; the cost; then ONE transaction: the request message (numbered in its conversation
 * by the chat's send path), the run row and the reservation in the ledger. The request message is
 * delivered once that has committed.
 *
 * Decisions the issue leaves open:
 * - Conversation: `toType`/`toId` name a group or private chat the caller may write to (the chat's
 *   own checks; refused as a chat message would be, never silently moved elsewhere). Without them,
 *   or naming the caller themself, the run goes to the caller's own runs conversation, the private
 *   chat with themself `p:{id}:{id}`: one stable place per member, readable only by them.
 * - A hidden app (`show` 0) runs for administrators only (to try it before it is listed); members
 *   get the same 404 as for an app that does not exist.
 * - `clientId` makes a retry safe: a second start with the same one answers the first run (created
 *   false) and reserves nothing again.
 * - At most AI_RUN_LIMIT starts (`max/seconds`, default 30/60) per member, across instances.
 * - The price is the app's as read here; the reservation takes it, so a change of the app after
 *   this read applies to later runs only. A price above the param aiMaxRunPrice (lowered since the
 *   app was saved) refuses the run (1001) before anything is written.
 * - A sync app priced by use (`pricing` 1, metering.ts) reserves the estimate of its prompt and
 *   max_tokens at the chosen model's prices, kept on the run; an async app is priced as fixed (the
 *   workflow engine reports no model usage we could charge).
 */
import { fail, hit } from '../../core/api';
import type { Core, Caller, Row } from '../../core/api';
import { assertMaySend } from '../chat/chat-access';
import { messageIdByClientId } from '../chat/chat.queries';
import { conversationKey, type Target } from '../chat/conversation';
import { store, storedMessage, type StoredMessage } from '../chat/send-store';
import { rateWindowOf, type RateWindow } from '../chat/rate-window';
import { fromUnits, toUnits } from '../commerce/pay/money';
import { AI } from './ai.messages';
import { checkInput, configOf, findApp, modelOf, modelRefOf, paramsOf, savedMinutesOf, timeoutMsOf, type App } from './app-config';
import { notEnoughTokens, reserve, runById, runCostUnits, RUN_KIND, type Reserved } from './charge';
import { workflowFor } from './llm.service';
import { modelFor, type ChosenModel } from './models/model-registry';
import { aboveMax, aiLimits, appPriceUnits, type AiLimits } from './ai-limits';
import { RUN_MESSAGE_TYPE } from './run-messages';
import { promptOf } from './early-answer';
import { estimateUnits, meterOf, PRICING, pricingOf, type Meter } from './metering';
import type { RunInput } from './run-input';
import { memberCharge, runIdByMessage } from './run.queries';
import { budgetRoom, checkRoom } from './budgets';
import { LEDGER } from '../commerce/ledger/ledger.messages';

export type RunMode = 'sync' | 'async';

/** What the call answers at once. */
export interface RunAnswer {
  runId: number;
  message: StoredMessage;
  /** Tokens reserved for the run. */
  cost: number;
  /** The caller's token balance after the reservation. */
  balance: number;
}

export interface Started {
  answer: RunAnswer;
  /** False when `clientId` named an earlier start: nothing new was written, nothing is to be run. */
  created: boolean;
  run: { id: number; workflowResultId: string; userId: number; conversation: string; deadline: Date; runMs: number };
  app: App;
  config: Row;
  input: unknown;
}

const DEFAULT_LIMIT: RateWindow = { max: 30, windowSeconds: 60 };
/** A sync run's deadline lies this far beyond its own time limit: the watchdog is for crashed processes, not slow answers. */
const SYNC_GRACE_MS = 60_000;

function runLimit(core: Core): RateWindow {
  return rateWindowOf(core.config.env.AI_RUN_LIMIT, DEFAULT_LIMIT);
}

const positiveEnv = (v: string | undefined, fallback: number) => (Number(v) > 0 ? Number(v) : fallback);

/** How long a run of this app may take, in milliseconds. */
function runMsOf(core: Core, mode: RunMode, config: Row): number {
  const own = timeoutMsOf(config);
  if (own !== null) return own;
  if (mode === 'sync') return positiveEnv(core.config.env.LLM_TIMEOUT_MS, 60_000);
  return positiveEnv(core.config.env.WORKFLOW_TIMEOUT_SECONDS, 600) * 1000;
}

/** The conversation the input names (both or neither of toType and toId: see the call's refinement), or null. */
function targetOf(input: RunInput): Target | null {
  return input.toType === undefined || input.toId === undefined ? null : { toType: input.toType as 0 | 1, toId: input.toId };
}

/** The app, and for a sync run the model it asks (from the registry, cached: no query). */
async function appFor(core: Core, user: Caller, appId: number, mode: RunMode): Promise<{ app: App; chosen: ChosenModel | null }> {
  const app = await findApp(core, appId);
  // Not a rule of who may call: administrators see more (a hidden app, to try it before it is
  // listed); a member gets the 404 of an app that does not exist.
  if (!app || (app.show !== 1 && !user.isAdmin)) throw fail.notFound(AI.ai_app_not_found);
  const isAsync = app.isAsync === 1;
  if (mode === 'sync' && isAsync) throw fail.bad(AI.ai_app_is_async);
  if (mode === 'async' && !isAsync) throw fail.bad(AI.ai_app_is_sync);
  const chosen = mode === 'sync' ? await modelFor(core, { purpose: 'chat', modelRef: modelRefOf(configOf(app)) }) : null;
  if (chosen && !chosen.adapter.configured) throw fail.unavailable(AI.ai_llm_unconfigured);
  if (mode === 'async' && !workflowFor(core).configured) throw fail.unavailable(AI.ai_workflow_unconfigured);
  return { app, chosen };
}

/** The value of a read that went out beside others, or its refusal. */
function settled<T>(r: PromiseSettledResult<T>): T {
  if (r.status === 'rejected') throw r.reason;
  return r.value;
}

/** What the checks settled, handed to `beforeWrite` (a sync run asks the model from here on). */
export interface Checked {
  config: Row;
  input: unknown;
  /** How long the run may take, in milliseconds. */
  runMs: number;
  /** The bounds the model's parameters are sent within. */
  limits: AiLimits;
  /** The model a sync run asks; null for an async run. */
  chosen: ChosenModel | null;
}

/**
 * Starts a run: checks, then the request message, the run row and the reservation in one
 * transaction. `beforeWrite` is called once every check has passed, just before that transaction;
 * a repeated clientId answers the first run without calling it.
 */
export async function startRun(core: Core, user: Caller, input: RunInput, mode: RunMode, beforeWrite?: (c: Checked) => void): Promise<Started> {
  const p = { ...input, target: targetOf(input), clientId: input.clientId ?? null };
  const own = !p.target || (p.target.toType === 0 && p.target.toId === user.id);
  const target: Target = own ? { toType: 0, toId: user.id } : p.target!;
  const conversation = conversationKey(user.id, target);
  // The reads the checks need go out together (one wait instead of five); their refusals keep the
  // order the checks had one after the other: the rate limit, the app, the input, the conversation.
  // The member is read once: their balance, coefficient and what decides their budgets.
  const charge = memberCharge(core, user.id);
  const [limited, appRead, mayRead, beforeRead, memberRead, limitsRead, roomRead] = await Promise.allSettled([
    hit(core.cache, [{ key: `ai:run:${user.id}`, ...runLimit(core) }], AI.ai_too_fast),
    appFor(core, user, p.appId, mode),
    own ? Promise.resolve(null) : assertMaySend(core, user, target),
    p.clientId ? messageIdByClientId(core, user.id, p.clientId) : Promise.resolve(null),
    charge,
    aiLimits(core),
    charge.then((payer) => budgetRoom(core, payer, conversation)),
  ]);
  settled(limited);
  const { app, chosen } = settled(appRead);
  const config = configOf(app);
  checkInput(config, p.input);
  const limits = settled(limitsRead);
  const group = settled(mayRead);
  // A retry of a start that was stored answers that run, whatever the balance is now.
  const before = settled(beforeRead);
  if (before !== null) return repeated(core, user, await storedMessage(core, before), app, config, p.input);
  const member = settled(memberRead);
  if (!member) throw fail.notFound(LEDGER.ledger_user_not_found);
  const meter: Meter | null =
    chosen && pricingOf(app.pricing) === PRICING.byUse ? meterOf(chosen, app.efficiencyCoefficient, member.efficiencyCoefficient) : null;
  let costUnits: number;
  if (meter) {
    // The prompt and the whole max_tokens the model is sent (paramsOf: the same bound the question goes out with).
    costUnits = estimateUnits(meter, promptOf(config, p.input), paramsOf(config, limits, chosen?.row?.maxTokens)?.max_tokens ?? limits.maxTokens);
  } else {
    const priceUnits = appPriceUnits(app);
    if (aboveMax(priceUnits, limits)) throw fail.bad(AI.ai_price_above_max, { price: fromUnits(priceUnits), max: limits.maxRunPrice });
    costUnits = runCostUnits(app.tokens, app.efficiencyCoefficient, member.efficiencyCoefficient);
  }
  // Refused here as `reserve` would refuse it (too few tokens, a budget used up: budgets.ts), before
  // anything is asked or written; `reserve` checks again under its locks, since another run may take
  // the tokens or the budget meanwhile.
  const balanceUnits = toUnits(member.tokens);
  if (balanceUnits < costUnits) throw notEnoughTokens(!!meter, costUnits, balanceUnits);
  const room = settled(roomRead);
  checkRoom(room, costUnits);
  const runMs = runMsOf(core, mode, config);
  const deadline = new Date(Date.now() + runMs + (mode === 'sync' ? SYNC_GRACE_MS : 0));
  beforeWrite?.({ config, input: p.input, runMs, limits, chosen });

  let reserved: Reserved | null = null;
  const { message, created } = await store(core, {
    sender: user,
    input: { ...target, type: RUN_MESSAGE_TYPE.request, content: p.input, at: [], clientId: p.clientId, replyTo: null, extra: { appId: app.id } },
    mentioned: [],
    audience: null,
    groupId: group?.id ?? null,
    conversation,
    opts: {
      rateLimit: false,
      within: async (_t, request) => {
        reserved = await reserve(core, {
          userId: user.id,
          appId: app.id,
          kind: RUN_KIND.app,
          isAsync: mode === 'async',
          costUnits,
          meter,
          model: chosen ? chosen.model : mode === 'sync' ? modelOf(config) : null,
          modelRowId: chosen?.row?.id ?? null,
          conversation,
          messageId: request.id,
          deadline,
          savedMinutes: savedMinutesOf(config),
          input: p.input,
          budgets: room.budgets,
        });
      },
    },
  });
  if (!created) return repeated(core, user, message, app, config, p.input);
  const r = reserved as Reserved | null;
  if (!r) throw new Error('the request message was stored without its run');
  return {
    answer: { runId: r.runId, message, cost: fromUnits(costUnits), balance: fromUnits(r.balanceUnits) },
    created: true,
    run: { id: r.runId, workflowResultId: r.workflowResultId, userId: user.id, conversation, deadline, runMs },
    app,
    config,
    input: p.input,
  };
}

/** A start repeated with its clientId: the first run, as it is now, and nothing new. */
async function repeated(core: Core, user: Caller, message: StoredMessage, app: App, config: Row, input: unknown): Promise<Started> {
  const runId = await runIdByMessage(core, message.id);
  // The clientId was used by a chat message, not by a run: refused as any reused key.
  if (runId === null) throw fail.conflict('duplicate', { field: 'clientId' });
  const run = await runById(core, runId);
  const member = await memberCharge(core, user.id);
  return {
    answer: { runId, message, cost: fromUnits(toUnits(run.cost)), balance: fromUnits(toUnits(member?.tokens ?? 0)) },
    created: false,
    run: {
      id: runId,
      workflowResultId: run.workflowResultId,
      userId: user.id,
      conversation: run.conversation ?? '',
      deadline: new Date(run.deadline ?? ''),
      runMs: 0,
    },
    app,
    config,
    input,
  };
}
