/**
 * Budgets for AI spend (issue 39): caps in tokens per day and per month on what runs may take,
 * checked when a run is reserved (charge.ts `reserve`, before the model's answer is paid for):
 *
 * - a member's own spend: the params aiBudgetDay / aiBudgetMonth, replaced by their VIP plan's
 *   aiBudgetDay / aiBudgetMonth while the plan is theirs (vipType names it, vipEndTime not passed);
 * - a group's: its aiBudgetDay / aiBudgetMonth (set by its owner), counting every run in its
 *   conversation whoever pays (an app run sent there, an AI member's reply);
 * - a team's: the same fields on the team (a group of type 2). Groups do not belong to teams in this
 *   product (a team is a group with a join key), so a team's budget counts the runs in the team's
 *   own conversation, and a run is counted against the group or the team it is in, never both.
 *
 * Empty or 0 is no budget. Days and months are those of the param siteTimeZone (an IANA name,
 * default UTC; one that does not name a zone reads as UTC).
 *
 * What a budget counts lives in ai/spend rows, one per (scope, id, period), in ledger units: the
 * whole reservation is added when a run starts and given back when it fails (failRun) or settles
 * for less (a run priced by use): so running runs count in full, and no set of concurrent runs can
 * take more than a budget, since each one is checked against what the others already hold. The rows
 * are made insert-if-absent and locked in reserve's transaction: the database puts concurrent runs
 * one after the other, on every instance, with no Redis. The payer's row is locked before (reserve)
 * and the group's row before its spend rows, so two runs never make the same row at once and never
 * wait on each other in a circle. A refusal is a 1001 naming the budget; it rolls the whole
 * reservation back (no run, no message, no ledger entry, no spend).
 *
 * A spend row exists only once a run met its budget: a budget set in the middle of a day counts
 * from then on. The run remembers its rows (run.spendIds), so what it gives back goes to the period
 * it was counted in, even after midnight.
 */
import { and, entity, eq, fail, isIn, or, seededParam, AppError, SYSTEM } from '../../core/api';
import type { Core, OpTransaction } from '../../core/api';
import { GROUP_TYPE } from '../../../entities/base/group.entity';
import { fromUnits, toUnits } from '../commerce/pay/money';
import { AI } from './ai.messages';

export const BUDGET_PARAMS = {
  day: seededParam({
    keyName: 'aiBudgetDay',
    name: "AI: a member's budget per day (tokens)",
    data: '0',
    remark: 'The most tokens a member may spend on AI runs in a day (days of siteTimeZone); 0: no budget. A VIP plan may set its own.',
  }),
  month: seededParam({
    keyName: 'aiBudgetMonth',
    name: "AI: a member's budget per month (tokens)",
    data: '0',
    remark: 'The most tokens a member may spend on AI runs in a month (of siteTimeZone); 0: no budget. A VIP plan may set its own.',
  }),
  timeZone: seededParam({
    keyName: 'siteTimeZone',
    name: 'Site: time zone',
    data: 'UTC',
    remark: "The site's time zone, an IANA name such as Asia/Shanghai or Europe/Berlin: where AI budgets' days and months begin.",
  }),
} as const;

export type BudgetScope = 'member' | 'group' | 'team';
type PeriodKind = 'day' | 'month';

const REFUSAL = {
  member: { day: AI.ai_budget_member_day, month: AI.ai_budget_member_month },
  group: { day: AI.ai_budget_group_day, month: AI.ai_budget_group_month },
  team: { day: AI.ai_budget_team_day, month: AI.ai_budget_team_month },
} as const;

const spends = (core: Core) => entity(core.model, 'ai/spend');

/** Date formatters by time zone: making one costs a hundred times what formatting with it does. */
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The formatter of calendar days in `timeZone`, UTC's when the zone is unknown. */
function dayFormat(timeZone: string): Intl.DateTimeFormat {
  const zone = timeZone || 'UTC';
  let format = dayFormats.get(zone);
  if (!format) {
    const options = { year: 'numeric', month: '2-digit', day: '2-digit' } as const;
    try {
      format = new Intl.DateTimeFormat('en-CA', { ...options, timeZone: zone });
    } catch {
      format = new Intl.DateTimeFormat('en-CA', { ...options, timeZone: 'UTC' });
    }
    // Zones come from one param: a handful at most, unless someone keeps typing new names.
    if (dayFormats.size >= 100) dayFormats.clear();
    dayFormats.set(zone, format);
  }
  return format;
}

/** The periods `now` falls in, in `timeZone`: 'd:YYYY-MM-DD' and 'm:YYYY-MM' (UTC when the zone is unknown). */
export function periodsOf(now: Date, timeZone: string): Record<PeriodKind, string> {
  const parts = dayFormat(timeZone).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const month = `${part('year')}-${part('month')}`;
  return { day: `d:${month}-${part('day')}`, month: `m:${month}` };
}

/** A budget in units; 0 for none (empty, 0, negative or not a number). */
function limitUnits(v: unknown): number {
  if (v === null || v === undefined || v === '') return 0;
  const units = toUnits(v);
  return Number.isSafeInteger(units) && units > 0 ? units : 0;
}

/** The params, read in the transaction. */
async function paramsIn(core: Core, t: OpTransaction): Promise<{ day: unknown; month: unknown; timeZone: string }> {
  const keys = Object.values(BUDGET_PARAMS).map((p) => p.keyName);
  const rows = await t.find(entity(core.model, 'base/sys/param'), isIn('keyName', keys), { fields: ['keyName', 'data'] });
  const value = (p: { keyName: string; data: string }) => {
    const raw = rows.find((r) => r.keyName === p.keyName)?.data;
    return typeof raw === 'string' && raw.trim() !== '' ? raw.trim() : p.data;
  };
  return { day: value(BUDGET_PARAMS.day), month: value(BUDGET_PARAMS.month), timeZone: value(BUDGET_PARAMS.timeZone) };
}

/** The payer's row as reserve locked it (users is the system's entity, so untyped here). */
export type Payer = { id?: unknown; vipType?: unknown; vipEndTime?: unknown };

/**
 * The member's budgets: their VIP plan's where it sets one, else the params. The plan is the one
 * whose type is the member's vipType (or with no type, whose id is), the first by sort when several
 * share a type.
 */
async function memberLimits(core: Core, t: OpTransaction, payer: Payer, params: { day: unknown; month: unknown }): Promise<Record<PeriodKind, number>> {
  const limits = { day: limitUnits(params.day), month: limitUnits(params.month) };
  const vipType = Number(payer.vipType);
  const end = payer.vipEndTime;
  const until = end instanceof Date ? end.getTime() : typeof end === 'string' ? Date.parse(end) : NaN;
  if (payer.vipType === null || payer.vipType === undefined || !Number.isSafeInteger(vipType) || !(until > Date.now())) return limits;
  const fields = ['id', 'type', 'sort', 'aiBudgetDay', 'aiBudgetMonth'] as const;
  const plans = (await t.find(entity(core.model, 'base/vip'), or(eq('type', vipType), eq('id', vipType)), { fields: [...fields] }))
    .filter((p) => p.type === vipType || (p.type === null && p.id === vipType))
    .sort((a, b) => (a.sort ?? 0) - (b.sort ?? 0) || a.id - b.id);
  const plan = plans[0];
  if (!plan) return limits;
  return {
    day: plan.aiBudgetDay === null || plan.aiBudgetDay === undefined ? limits.day : limitUnits(plan.aiBudgetDay),
    month: plan.aiBudgetMonth === null || plan.aiBudgetMonth === undefined ? limits.month : limitUnits(plan.aiBudgetMonth),
  };
}

/** The group of a group conversation (`g:{id}`), else null. */
function groupIdOf(conversation: string): number | null {
  const m = /^g:(\d+)$/.exec(conversation);
  return m ? Number(m[1]) : null;
}

export interface Budget {
  scope: BudgetScope;
  scopeId: number;
  limit: number;
  /** 'd:YYYY-MM-DD' or 'm:YYYY-MM'. */
  period: string;
  kind: PeriodKind;
}

/** The budgets that apply now to a run paid by `payer` in `conversation`, read through `t`. */
async function budgetsOf(core: Core, t: OpTransaction, payer: Payer, conversation: string): Promise<Budget[]> {
  const params = await paramsIn(core, t);
  let periods: Record<PeriodKind, string> | null = null;
  const out: Budget[] = [];
  const add = (scope: BudgetScope, scopeId: number, limits: Record<PeriodKind, number>) => {
    for (const kind of ['day', 'month'] as const) {
      if (limits[kind] > 0) out.push({ scope, scopeId, kind, limit: limits[kind], period: (periods ??= periodsOf(new Date(), params.timeZone))[kind] });
    }
  };
  const groupId = groupIdOf(conversation);
  const [mine, [group]] = await Promise.all([
    memberLimits(core, t, payer, params),
    groupId === null ? [] : t.find(entity(core.model, 'base/group'), eq('id', groupId), { fields: ['id', 'type', 'aiBudgetDay', 'aiBudgetMonth'] }),
  ]);
  add('member', Number(payer.id), mine);
  if (group) add(group.type === GROUP_TYPE.team ? 'team' : 'group', group.id, { day: limitUnits(group.aiBudgetDay), month: limitUnits(group.aiBudgetMonth) });
  return out;
}

/** The refusal of a run costing `units` by budget `b`, of which `spent` units are taken. */
function refusal(b: Budget, spent: number, units: number) {
  return fail.bad(REFUSAL[b.scope][b.kind], {
    budget: b.scope,
    period: b.period,
    limit: fromUnits(b.limit),
    spent: fromUnits(spent),
    cost: fromUnits(units),
  });
}

/**
 * Holds `units` against every budget that applies to a run paid by `payer` (locked by the caller)
 * in `conversation`, inside reserve's transaction `t`: refuses with 1001 naming the first budget
 * it would exceed, else adds the units to each budget's spend row. `budgets` are those a start
 * read a moment before (budgetRoom); without them they are read here. Either way the spend rows
 * are locked and checked here. Answers the rows held (for run.spendIds).
 */
export async function holdBudgets(
  core: Core,
  t: OpTransaction,
  r: { payer: Payer; conversation: string; units: number; budgets?: Budget[] },
): Promise<number[]> {
  if (!(r.units > 0)) return [];
  const budgets = r.budgets ?? (await budgetsOf(core, t, r.payer, r.conversation));
  if (!budgets.length) return [];
  // The group locked first, so the runs in it pass one after the other and its spend rows are made once.
  const group = budgets.find((b) => b.scope !== 'member');
  if (group) await t.lock(entity(core.model, 'base/group'), group.scopeId);
  const held: Array<{ id: number; spent: number }> = [];
  for (const b of budgets) {
    const { id } = await t.addIfAbsent(spends(core), { scope: b.scope, scopeId: b.scopeId, period: b.period, spentUnits: 0 }, ['scope', 'scopeId', 'period']);
    const [row] = await t.lock(spends(core), id);
    const spent = Number(row.spentUnits);
    if (spent + r.units > b.limit) throw refusal(b, spent, r.units);
    held.push({ id, spent });
  }
  for (const h of held) await t.updateWhere(spends(core), h.id, { spentUnits: h.spent + r.units }, { expect: 1 });
  return held.map((h) => h.id);
}

/** What a run start reads of the budgets before it asks anything (see `checkRoom`). */
export interface BudgetRoom {
  budgets: Budget[];
  /** Spent units by budget, in the order of `budgets`. */
  spent: number[];
}

/**
 * The budgets of a run `payer` would start in `conversation` and what they have spent, read
 * without locks: a start refuses a run they cannot fit before it asks the model (run-start.ts), as
 * it does for the balance; `reserve` checks again under its locks. `payer` is the member as the
 * start read them (memberCharge; null when gone).
 */
export async function budgetRoom(core: Core, payer: Payer | null, conversation: string): Promise<BudgetRoom> {
  if (!payer) return { budgets: [], spent: [] };
  const reads = core.ops.reads(SYSTEM);
  const budgets = await budgetsOf(core, reads, payer, conversation);
  const spent = await Promise.all(
    budgets.map(async (b) => {
      const where = and(eq('scope', b.scope), eq('scopeId', b.scopeId), eq('period', b.period));
      const [row] = await reads.find(spends(core), where, { fields: ['spentUnits'] });
      return Number(row?.spentUnits ?? 0);
    }),
  );
  return { budgets, spent };
}

/** Refuses (1001 naming the budget) a run costing `units` that `room` cannot fit. */
export function checkRoom(room: BudgetRoom, units: number): void {
  if (!(units > 0)) return;
  room.budgets.forEach((b, i) => {
    if (room.spent[i] + units > b.limit) throw refusal(b, room.spent[i], units);
  });
}

/**
 * Gives `units` of a run's reservation back to the spend rows it held (run.spendIds), in the
 * transaction that refunds them (failRun, or settle's unused part). Never below zero.
 */
export async function releaseBudgets(core: Core, t: OpTransaction, spendIds: unknown, units: number): Promise<void> {
  if (!(units > 0) || !Array.isArray(spendIds)) return;
  for (const id of spendIds) {
    if (!Number.isSafeInteger(id)) continue;
    const [row] = await t.lock(spends(core), id as number);
    if (!row) continue;
    await t.updateWhere(spends(core), row.id, { spentUnits: Math.max(0, Number(row.spentUnits) - units) }, { expect: 1 });
  }
}

/** The budget a refusal names (`{ budget, period }`), or null when `err` is no budget's refusal. */
export function budgetRefusal(err: unknown): { budget: string; period: string } | null {
  if (!(err instanceof AppError)) return null;
  const keys: string[] = Object.values(REFUSAL).flatMap((k) => [k.day, k.month]);
  return keys.includes(err.key) ? { budget: String(err.params.budget), period: String(err.params.period) } : null;
}
