/**
 * `base/run/receipt?id=` (issue 39): why a run cost what it cost. The run as the caller may read it
 * (a member their own runs, 404 for anyone else's; administrators any run), with what was asked of
 * whom (app, AI member, model and its display name), the usage (reported or counted; `cachedTokens`
 * of the prompt read from the provider's cache), the rate it kept (`priceCachedInput` 0: cached
 * input at the input price), what was reserved, charged and given back, the store fee in it, how long it took, and the
 * ledger entries it moved: the payer's to a member, every entry (the creator's earning, the
 * platform's commission) to an administrator. `charged + refunded = reserved` once a run has ended.
 * `ownKey`: an AI member answered with its owner's own provider key, so what was charged is only the
 * platform fee (and a bought copy's store fee); which credential it was is not said.
 */
import { SYSTEM, entity, and, eq, l, call, defineRoutes, id, BOOL, INT, NUM, STR, listOf, nullable, obj } from '../../core/api';
import type { Core, Caller, Row } from '../../core/api';
import { fromUnits, toUnits } from '../commerce/pay/money';
import { TOKEN_KIND } from '../commerce/ledger/ledger.service';
import { RUN_KIND, RUN_STATUS } from './charge';
import { stateName, toolCallsOfRun } from './tools/proposals';
import { linkedRuns, LINKED_RUNS } from './memory/linked-runs';

const ENTRY = obj({ id: INT, userId: INT, type: INT, tokens: NUM, balance: NUM, createTime: STR });

export const RECEIPT = obj({
  id: INT,
  kind: INT,
  status: INT,
  appId: nullable(INT),
  appName: nullable(STR),
  aiUserId: nullable(INT),
  aiName: nullable(STR),
  model: nullable(STR),
  modelName: nullable(STR),
  pricing: INT,
  promptTokens: INT,
  completionTokens: INT,
  cachedTokens: INT,
  usageEstimated: INT,
  priceInput: NUM,
  priceCachedInput: NUM,
  priceOutput: NUM,
  coefficient: NUM,
  reserved: NUM,
  charged: NUM,
  refunded: NUM,
  fee: NUM,
  ownKey: BOOL,
  startTime: nullable(STR),
  endTime: nullable(STR),
  durationMs: nullable(INT),
  entries: listOf(ENTRY),
  /** The runs part of this one (its conversation summary, memory/linked-runs.ts), each on its own line. */
  linked: LINKED_RUNS,
  /** What this run and its linked runs charged together. */
  total: NUM,
  /** The tools the model called in this run (an AI member's reply), in order: name, read or write, how it ended. */
  tools: listOf(obj({ id: INT, name: STR, effect: STR, state: STR })),
});

const GIVEN_BACK: number[] = [TOKEN_KIND.runRefund, TOKEN_KIND.runUnused];

async function receipt(core: Core, user: Caller, runId: number): Promise<Row> {
  // The run's own read rule: a member's own runs only (another's answers 404), every run for administrators.
  const run = await core.ops.info(entity(core.model, 'base/run'), runId, user);
  const reads = core.ops.reads(SYSTEM);
  const payer = Number(run.userId);
  const [apps, ais, models, entries, linked] = await Promise.all([
    run.appId ? reads.find(entity(core.model, 'base/app'), eq('id', Number(run.appId)), { fields: ['name'] }) : [],
    run.aiUserId ? reads.find(core.model.system('users'), eq('id', Number(run.aiUserId)), { fields: ['nickName', 'name'] }) : [],
    run.modelRowId ? reads.find(entity(core.model, 'ai/model'), eq('id', Number(run.modelRowId)), { fields: ['name', 'modelId'] }) : [],
    reads.find(entity(core.model, 'base/tokenLog'), and(eq('relateType', 'run'), eq('relateId', runId)), {
      fields: ['id', 'userId', 'type', 'tokens', 'balance', 'createTime'],
    }),
    linkedRuns(core, runId, user.isAdmin ? null : payer),
  ]);
  const tools = Number(run.kind) === RUN_KIND.aiReply ? await toolCallsOfRun(core, runId) : [];
  entries.sort((a, b) => a.id - b.id);
  const mine = user.isAdmin ? entries : entries.filter((e) => e.userId === payer);
  const reserved = toUnits(run.cost);
  const refunded = entries.filter((e) => e.userId === payer && GIVEN_BACK.includes(Number(e.type))).reduce((n, e) => n + toUnits(e.tokens), 0);
  const ended = run.status !== RUN_STATUS.running;
  const start = run.startTime ? Date.parse(String(run.startTime)) : NaN;
  const end = run.endTime ? Date.parse(String(run.endTime)) : NaN;
  const ai = ais[0] as Row | undefined;
  const model = models[0];
  const charged = ended ? reserved - refunded : 0;
  return {
    id: runId,
    kind: Number(run.kind),
    status: Number(run.status),
    appId: run.appId ?? null,
    appName: (apps[0]?.name as string | undefined) ?? null,
    aiUserId: run.aiUserId ?? null,
    aiName: ai ? String(ai.nickName || ai.name || '') || null : null,
    model: run.model ?? null,
    modelName: model ? model.name || model.modelId : null,
    pricing: Number(run.pricing ?? 0),
    promptTokens: Number(run.promptTokens ?? 0),
    completionTokens: Number(run.completionTokens ?? 0),
    cachedTokens: Number(run.cachedTokens ?? 0),
    usageEstimated: Number(run.usageEstimated ?? 0),
    priceInput: Number(run.priceInput ?? 0),
    priceCachedInput: Number(run.priceCachedInput ?? 0),
    priceOutput: Number(run.priceOutput ?? 0),
    coefficient: Number(run.coefficient ?? 1),
    reserved: fromUnits(reserved),
    // While running nothing is charged yet; a failed run's refund gives back everything.
    charged: fromUnits(charged),
    refunded: fromUnits(refunded),
    fee: Number(run.fee ?? 0),
    ownKey: Number(run.ownKey ?? 0) === 1,
    startTime: run.startTime ?? null,
    endTime: run.endTime ?? null,
    durationMs: Number.isFinite(start) && Number.isFinite(end) ? Math.max(0, end - start) : null,
    entries: mine.map((e) => ({ id: e.id, userId: e.userId, type: e.type, tokens: Number(e.tokens), balance: Number(e.balance), createTime: e.createTime })),
    linked,
    tools: tools.map((c) => ({ id: c.id, name: c.tool, effect: String(c.effect ?? ''), state: stateName(c.state) })),
    total: fromUnits(linked.reduce((n, r) => n + toUnits(r.charged), charged)),
  };
}

export default defineRoutes((core: Core) => [
  call(core, 'base', 'run', 'receipt', {
    method: 'GET',
    member: true,
    summary: l('The receipt of an AI run', 'AI 运行的收据', 'AI 執行的收據'),
    description: l(
      "A run's model, usage, rate, reservation, charge, refund, store fee, whether it ran on the AI member owner's own key, duration and ledger entries, with the runs part of it (an AI reply's conversation summary: model, tokens, charge), the total, and the tools the model called (name, read or write, how each ended). Members read their own runs' receipts (their own entries); administrators any run's, with every entry.",
      '运行的模型、用量、费率、预扣、实扣、退回、商店使用费、是否使用 AI 成员所有者的自有密钥、耗时与账目，以及属于它的运行（AI 回复的会话摘要：模型、token、实扣）和合计。会员只能查看自己运行的收据（自己的账目）；管理员可查看任何运行的收据及全部账目。',
      '執行的模型、用量、費率、預扣、實扣、退回、商店使用費、是否使用 AI 成員擁有者的自有金鑰、耗時與帳目，以及屬於它的執行（AI 回覆的對話摘要：模型、token、實扣）和合計。會員只能查看自己執行的收據（自己的帳目）；管理員可查看任何執行的收據及全部帳目。',
    ),
    input: { id: id() },
    effect: 'read',
    answer: RECEIPT,
    handler: (req, input) => receipt(core, req.user!, input.id),
  }),
]);
