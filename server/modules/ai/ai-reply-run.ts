/**
 * One AI member's reply in a chat, paid by the member who asked: the model and price from the AI
 * member's app or its own config, the reservation (charge.ts reserve, kind aiReply), the answer
 * streamed as `delta` notices to the conversation, then settled (the reply stored FROM the AI
 * member, type 21, relateId the run, `at` the AI members it mentions) or failed and refunded (an
 * error message, type 22, from the AI member).
 *
 * Decisions the issue leaves open:
 * - Model and price: when config.appId names an app, that app decides everything (model, system
 *   prompt, params, time limit, `tokens` x its efficiencyCoefficient); it must exist, be shown and be
 *   sync, else the AI member is misconfigured. Without an app, the AI member's own config.model,
 *   config.prompt, config.params and config.cost (absent: free). Either price is multiplied by the
 *   payer's efficiencyCoefficient, as app runs are. A price above the param aiMaxRunPrice (lowered
 *   since it was saved) makes the AI member misconfigured; its parameters go to the model clamped
 *   to the bounds in force (core/params/ai-limits.ts).
 * - The price is the one in force when the message that asks was stored: the setup is read then
 *   (ai-reply.service.ts) and handed to the reply, which may run later, behind other replies in the
 *   conversation's queue; an owner's change after it applies to later messages only.
 * - Too few tokens: no run and no reply; an error message from the AI member `{ error:
 *   'not_enough_tokens', userId, cost, messageId }` is stored in the conversation, so the asker sees
 *   it on every device and the others see why no answer comes. It names the cost, never the
 *   asker's balance (that is theirs alone). A misconfigured AI member: `{ error: 'misconfigured' }`.
 *   A budget used up (budgets.ts): `{ error: 'budget_exceeded', budget: 'member' | 'group' | 'team',
 *   period: 'd:YYYY-MM-DD' | 'm:YYYY-MM', userId, cost, messageId }`, no run either.
 * - An unconfigured model is a failure like any other (reserved, then failed and refunded), so every
 *   failure reads the same in the chat and in the runs.
 * - A bought AI member's copy in a group adds its listing's run fee to the price (store-fee.ts), read
 *   with the setup; the fee is reserved with the price and shared out when the run succeeds.
 * - On its owner's own key (its member row in the group has authType 2; models/own-key.ts) the model
 *   is asked with that key, never the platform's and never a fallback; the price is the param
 *   aiOwnKeyFee, flat (a bought copy's fee on top), whatever the app's or its own price; a key that
 *   cannot be used, or that the provider refuses, fails the run with code `own_key` and refunds it.
 *   A private chat has no member row: there the AI member runs on the platform's models.
 */
import { fail } from '../../core/api';
import type { AuthUser, Core, Row } from '../../core/api';
import { LlmError, type LlmAnswer, type LlmRequest } from '../../adapters/llm.adapter';
import { conversationKey } from '../chat/conversation';
import type { StoredMessage } from '../chat/send-store';
import { fromUnits } from '../commerce/pay/money';
import { AI } from './ai.messages';
import { configOf, findApp, modelOf, modelRefOf, paramsOf, savedMinutesOf, systemPromptOf, timeoutMsOf } from './app-config';
import { answerContent, knowledgeFor, KNOWLEDGE_TOKENS, TOOL_TURNS, toolsOffered, withKnowledge, withTools } from './reply-parts';
import { knowledgePrompt } from './knowledge/retrieve';
import { contextWithMemory, windowOf } from './memory/memory-context';
import { queueSummaryRefresh } from './memory/summary-run';
import { mentionsIn } from './ai-mentions';
import { aiMembersOf, type AiUser, type TailMessage } from './ai-reply.queries';
import { failRun, isNotEnoughTokens, reserve, runCostUnits, RUN_KIND, settle } from './charge';
import { DeltaStream, deltaWindowMs } from './delta-stream';
import { modelFor, type ChosenModel } from './models/model-registry';
import { askWithFallback } from './models/ask-with-fallback';
import { OWN_KEY_FAILURE, ownKeyModel } from './models/own-key';
import { AUTH_TYPE } from '../../../entities/base/groupMember.entity';
import { estimateUnits, meterOf, meterUnits, PRICING, pricingOf, type Pricing } from './metering';
import { toAudience } from './run-messages';
import { memberCharge } from './run.queries';
import { LEDGER } from '../commerce/ledger/ledger.messages';
import { aboveMax, aiLimits, appPriceUnits, ownCost, type AiLimits } from './ai-limits';
import { copyAsked, feeUnitsOf } from './store-fee';
import { budgetRefusal } from './budgets';
import { runWithTools, type ToolLoopResult } from './tools/run-with-tools';
import { holdsOwnData } from './tools/call-as-member';
import { attachToolCalls } from './tools/proposals';
import { languageOf } from '../system/member-language';
import { aiErrorMessage, settleStopped, toldPrivately } from './reply-ends';

/** How the AI member answers and what a reply costs. */
export interface ReplySetup {
  appId: number | null;
  model: string | null;
  /** The model as the registry reads it (an ai/model id or a model id); null: the default for AI members. */
  modelRef: string | number | null;
  system: string | null;
  /** The model asked, from the registry held in memory (no query): the AI member's, else the default for AI members. */
  chosen: ChosenModel;
  /** Sent to the model: max_tokens the config's, else the chosen model's default. */
  params: LlmRequest['params'];
  /** Fixed (tokens x coefficient) or by use (metering.ts: the chosen model's prices). */
  pricing: Pricing;
  /** The price before the payer's coefficient: tokens and a coefficient. */
  tokens: unknown;
  coefficient: unknown;
  /** How long the model may take. */
  runMs: number;
  savedMinutes: number;
  /** The run fee of a bought copy (store-fee.ts), in ledger units, added to the price; 0: none. */
  feeUnits: number;
  /** Runs with the AI member's owner's own key (models/own-key.ts): priced at the platform fee, never a fallback. */
  ownKey: boolean;
}

/** What is asked of one AI member. */
export interface ReplyAsk {
  conversation: string;
  /** The group of a group conversation; null in a private chat. */
  groupId: number | null;
  /** The message being answered. */
  trigger: { id: number; seq: number };
  /** The member who pays. */
  payerId: number;
  ai: AiUser;
  /** The purchase of the bought copy that answers (its fee is the setup's feeUnits); null: not a copy. */
  purchaseId: number | null;
  /** The chain of replies this one is a step of (chains/chain.ts); null: none (its messages carry no chain). */
  chainId?: number | null;
  /** Aborted when the asker stops the chain (chains/chain-stop.ts): the answer ends, charged for what the model used. */
  stop?: AbortSignal;
  /** The member who asked, with their roles: the AI member's tools run as them (tools/). Absent: no tools. */
  asker?: AuthUser;
}

/** A stored reply and the AI members it mentions. */
export interface Replied {
  message: StoredMessage;
  at: number[];
}

/** A reply's deadline lies this far beyond its time limit: the watchdog is for crashed processes. */
const GRACE_MS = 60_000;

function llmTimeoutMs(core: Core): number {
  const n = Number(core.config.env.LLM_TIMEOUT_MS);
  return n > 0 ? n : 60_000;
}

/** What a setup takes from the app, or from the AI member itself when it names none. */
interface SetupBase {
  appId: number | null;
  config: Row;
  pricing: Pricing;
  tokens: unknown;
  coefficient: unknown;
  runMs: number;
  savedMinutes: number;
}

/** The credential an AI member's row runs with: its authId when it runs with its owner's own key, else null. */
function ownKeyOf(ai: AiUser): number | null {
  return ai.authType === AUTH_TYPE.own && ai.authId !== null ? ai.authId : null;
}

/** The model and price of `base`: on the owner's own key (models/own-key.ts) only its platform fee, else the registry's model. */
async function setupOf(core: Core, ai: AiUser, base: SetupBase, limits: AiLimits): Promise<ReplySetup> {
  const { config, ...rest } = base;
  const modelRef = modelRefOf(config);
  const common = { ...rest, model: modelOf(config), modelRef, system: systemPromptOf(config), feeUnits: 0 };
  const authId = ownKeyOf(ai);
  if (authId !== null) {
    const own = await ownKeyModel(core, { ownerId: ai.ownerId, authId, modelRef });
    const fee = { pricing: PRICING.fixed, tokens: fromUnits(own.feeUnits), coefficient: 1 } as const;
    return { ...common, ...fee, chosen: own.chosen, params: paramsOf(config, limits, null), ownKey: true };
  }
  const chosen = await modelFor(core, { purpose: 'aiMember', modelRef });
  return { ...common, chosen, params: paramsOf(config, limits, chosen.row?.maxTokens), ownKey: false };
}

/** The AI member's model and price; null when it names an app that cannot answer in a chat. */
export async function replySetup(core: Core, ai: AiUser): Promise<ReplySetup | null> {
  const appId = Number(ai.config.appId);
  const limits = await aiLimits(core);
  // On its owner's own key a reply costs the platform fee, whatever the app's or its own price.
  const priced = ownKeyOf(ai) === null;
  if (ai.config.appId !== undefined && ai.config.appId !== null) {
    if (!Number.isSafeInteger(appId) || appId < 1) return null;
    const app = await findApp(core, appId);
    if (!app || app.show !== 1 || app.isAsync === 1) return null;
    if (priced && aboveMax(appPriceUnits(app), limits)) return null;
    const config = configOf(app);
    return setupOf(
      core,
      ai,
      {
        appId,
        config,
        pricing: pricingOf(app.pricing),
        tokens: app.tokens,
        coefficient: app.efficiencyCoefficient,
        runMs: timeoutMsOf(config) ?? llmTimeoutMs(core),
        savedMinutes: savedMinutesOf(config),
      },
      limits,
    );
  }
  const cost = ownCost(ai.config);
  const pricing = pricingOf(ai.config.pricing);
  if (priced && pricing === PRICING.fixed && aboveMax(runCostUnits(cost, 1, 1), limits)) return null;
  return setupOf(core, ai, { appId: null, config: ai.config, pricing, tokens: cost, coefficient: 1, runMs: llmTimeoutMs(core), savedMinutes: 0 }, limits);
}

/**
 * The setup of AI member `ai` answering `asker` in group `groupId` (null: their private chat), with
 * the run fee when a bought copy answers (copyAsked); a copy bought without updates answers with the
 * settings it had when it was bought.
 */
export async function askedReplySetup(core: Core, ai: AiUser, groupId: number | null, asker: AuthUser): Promise<ReplySetup | null> {
  const [current, copy] = await Promise.all([replySetup(core, ai), copyAsked(core, ai, groupId, asker)]);
  const setup = copy?.snapshot ? await replySetup(core, { ...ai, config: { ...ai.config, ...copy.snapshot } }) : current;
  return setup && { ...setup, feeUnits: feeUnitsOf(copy) };
}

/** The short code a client shows for a model failure; on an own key, a key that cannot be used or is refused says so. */
function codeOf(err: unknown, ownKey: boolean): string {
  if (!(err instanceof LlmError)) return 'server';
  if (ownKey && (err.kind === 'unconfigured' || err.kind === 'refused')) return OWN_KEY_FAILURE;
  return err.kind === 'aborted' ? 'timeout' : err.kind;
}

/**
 * The AI member answers `ask` as `setup` says (read when the asking message was stored), given the
 * conversation's latest messages (newest first). Answers the stored reply, or null when there is
 * none (too few tokens, misconfigured, failed and refunded).
 */
export async function answerAsAi(core: Core, ask: ReplyAsk, tail: TailMessage[], setup: ReplySetup | null): Promise<Replied | null> {
  if (ask.stop?.aborted) return null;
  if (!setup) {
    await aiErrorMessage(core, ask, { error: 'misconfigured', messageId: ask.trigger.id });
    return null;
  }
  const payer = await memberCharge(core, ask.payerId);
  if (!payer) throw fail.notFound(LEDGER.ledger_user_not_found);
  const feeUnits = ask.purchaseId === null ? 0 : setup.feeUnits;
  // The conversation's summary and the latest turns that fit the model's window (memory/memory-context.ts).
  const windowTokens = windowOf(setup.chosen.row, setup.params?.max_tokens, core.config.env);
  const { messages, overflow } = await contextWithMemory(core, {
    conversation: ask.conversation,
    system: setup.system,
    tail,
    aiUserId: ask.ai.id,
    windowTokens,
  });
  const { chosen } = setup;
  const meter = setup.pricing === PRICING.byUse ? meterOf(chosen, setup.coefficient, payer.efficiencyCoefficient) : null;
  // The own key's platform fee is flat: the payer's coefficient prices the platform's models.
  // The platform's calls and outside servers' tools its settings give it, when its model takes tools (tools/).
  const tools = await toolsOffered(core, ask, chosen);
  // Priced by use, the reservation also covers the excerpts of the group's knowledge the model will be given (at most
  // KNOWLEDGE_TOKENS) and, with tools, every turn the model may take (TOOL_TURNS), each sending the prompt again.
  const priceUnits = meter
    ? (estimateUnits(meter, messages, setup.params?.max_tokens ?? 0) + meterUnits(meter, KNOWLEDGE_TOKENS, 0)) * (tools.length ? TOOL_TURNS : 1)
    : runCostUnits(setup.tokens, setup.coefficient, setup.ownKey ? 1 : payer.efficiencyCoefficient);
  const costUnits = priceUnits + feeUnits;
  let runId: number;
  try {
    ({ runId } = await reserve(core, {
      userId: ask.payerId,
      appId: setup.appId,
      aiUserId: ask.ai.id,
      kind: RUN_KIND.aiReply,
      isAsync: false,
      costUnits,
      meter,
      ownKey: setup.ownKey,
      fee: ask.purchaseId === null ? null : { units: feeUnits, purchaseId: ask.purchaseId },
      model: chosen.model || setup.model,
      modelRowId: chosen.row?.id ?? null,
      conversation: ask.conversation,
      messageId: ask.trigger.id,
      chainId: ask.chainId ?? null,
      deadline: new Date(Date.now() + setup.runMs + GRACE_MS),
      savedMinutes: setup.savedMinutes,
      input: null,
    }));
  } catch (err) {
    const budget = budgetRefusal(err);
    if (budget) {
      await aiErrorMessage(core, ask, { error: 'budget_exceeded', ...budget, userId: ask.payerId, cost: fromUnits(costUnits), messageId: ask.trigger.id });
      return null;
    }
    if (!isNotEnoughTokens(err)) throw err;
    await aiErrorMessage(core, ask, { error: 'not_enough_tokens', userId: ask.payerId, cost: fromUnits(costUnits), messageId: ask.trigger.id });
    return null;
  }

  const audience = { userId: ask.payerId, conversation: ask.conversation };
  const ended = new AbortController();
  const timer = setTimeout(() => ended.abort(), setup.runMs);
  // The asker's stop ends the answer too, but settles it on what was used instead of failing it.
  let stopped = ask.stop?.aborted === true;
  const onStop = () => {
    stopped = true;
    ended.abort();
  };
  ask.stop?.addEventListener('abort', onStop, { once: true });
  // Before the model's first piece: the conversation shows the AI member thinking, under its own name.
  const chain = ask.chainId ? { chainId: ask.chainId, payerId: ask.payerId } : {};
  toAudience(core, audience, {
    kind: 'delta',
    data: {
      runId,
      conversation: ask.conversation,
      fromId: ask.ai.id,
      start: true,
      phase: ask.groupId === null ? REPLY_PHASE.thinking : REPLY_PHASE.reading,
      ...chain,
    },
  });
  // What the group's files and the conversation's messages say about the question, read while the conversation shows it.
  const citations = await knowledgeFor(core, ask, tail);
  const asked = withKnowledge(messages, knowledgePrompt(citations));
  if (ask.groupId !== null)
    toAudience(core, audience, { kind: 'delta', data: { runId, conversation: ask.conversation, fromId: ask.ai.id, phase: REPLY_PHASE.thinking } });
  // Once a tool has read the asker's own data in a group, the rest of the answer streams to them alone (privateAnswer).
  let privately = false;
  const deltas = new DeltaStream((index, text) => {
    const notice = { kind: 'delta' as const, data: { runId, conversation: ask.conversation, index, text, fromId: ask.ai.id } };
    if (privately) core.realtime.toUsers([ask.payerId], notice);
    else toAudience(core, audience, notice);
  }, deltaWindowMs(core));
  let said = '';
  let answer: LlmAnswer;
  let used: ChosenModel = chosen;
  let toolRun: ToolLoopResult | null = null;
  const onDelta = (text: string) => {
    said += text;
    deltas.push(text);
  };
  try {
    if (stopped) throw new LlmError('aborted', 'stopped before it began');
    if (tools.length) {
      const own = new Set((await Promise.all(tools.map(async (x) => ((await holdsOwnData(core, x.name)) ? x.name : null)))).filter((n): n is string => !!n));
      toolRun = await runWithTools(core, {
        chosen,
        messages: asked,
        params: setup.params,
        signal: ended.signal,
        onDelta,
        tools,
        asker: ask.asker!,
        lang: await languageOf(core, ask.payerId),
        place: { aiUserId: ask.ai.id, runId, conversation: ask.conversation },
        maxTurns: TOOL_TURNS,
        onStep: (step) => {
          deltas.flush();
          if (ask.groupId !== null && step.effect === 'read' && own.has(step.name)) privately = true;
          const notice = {
            kind: 'delta' as const,
            data: { runId, conversation: ask.conversation, fromId: ask.ai.id, phase: REPLY_PHASE.calling, tool: step.name },
          };
          if (privately) core.realtime.toUsers([ask.payerId], notice);
          else toAudience(core, audience, notice);
        },
      });
      ({ answer, used } = toolRun);
    } else {
      // Its configured fallback answers when the model's provider fails before any text (ask-with-fallback.ts).
      ({ answer, used } = await askWithFallback(chosen, { messages: asked, params: setup.params, signal: ended.signal, onDelta }));
    }
  } catch (err) {
    deltas.end();
    if (stopped && said) return settleStopped(core, ask, runId, setup, asked, said);
    // The adapter keeps the key out of its messages (llm-error.ts), the member's as the platform's.
    await failRun(core, runId, stopped ? { code: 'stopped' } : { code: codeOf(err, setup.ownKey), detail: (err as Error).message });
    return null;
  } finally {
    clearTimeout(timer);
    ask.stop?.removeEventListener('abort', onStop);
  }
  deltas.end();

  // An answer that read the asker's own data in a group goes to their private chat with the AI member, and hands over to nobody.
  const others = ask.groupId === null || privately ? [] : (await aiMembersOf(core, ask.groupId)).filter((m) => m.id !== ask.ai.id);
  const at = mentionsIn(answer.text, others);
  try {
    const conversation = privately ? conversationKey(ask.ai.id, { toType: 0, toId: ask.payerId }) : ask.conversation;
    const known = {
      id: runId,
      userId: ask.payerId,
      appId: setup.appId,
      aiUserId: ask.ai.id,
      kind: RUN_KIND.aiReply,
      conversation,
      chainId: ask.chainId ?? null,
    };
    const settled = await settle(
      core,
      runId,
      {
        usage: answer.usage,
        usageEstimated: answer.usageEstimated,
        model: answer.model,
        content: withTools(answerContent(answer.text, citations), toolRun, ask.payerId),
        at,
        answeredBy: used.row,
      },
      known,
    );
    // What no longer fit goes to the summary model, paid by the same member, once the reply is out (memory/summary-run.ts).
    if (settled.message && toolRun?.calls.length)
      await attachToolCalls(
        core,
        toolRun.calls.map((c) => c.id),
        settled.message.id,
      );
    if (settled.settled && privately) await toldPrivately(core, ask, runId);
    if (settled.settled) queueSummaryRefresh(core, { conversation: ask.conversation, payerId: ask.payerId, aiUserId: ask.ai.id, overflow, parentRunId: runId });
    return settled.message ? { message: settled.message, at } : null;
  } catch (err) {
    // Not stored (the AI member left the group meanwhile...): nobody got the answer, so nobody pays for it.
    await failRun(core, runId, { code: 'undelivered', detail: (err as Error).message });
    return null;
  }
}

/**
 * What the conversation shows an AI member doing before its text comes (the `phase` of its `delta`
 * notices): thinking (asked the model), reading the group's files (retrieving its knowledge),
 * calling a tool (`tool` names it).
 */
export const REPLY_PHASE = { thinking: 'thinking', reading: 'reading', calling: 'calling' } as const;

export { aiErrorMessage };
