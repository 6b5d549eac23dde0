/**
 * saveSetting and getSetting of the X monitor.
 *
 * - The settings row (base/monitor, profile `default`) holds the accounts, keywords, enabled flag,
 *   posts per request and the credentials. A credential left out of a save keeps the stored one, an
 *   empty string (or null) clears it; none is ever answered, only `credentialsSet`.
 * - The schedule lives in the `monitor.fetch` task row: a save that sends `every` (ms) or `cron` (six
 *   fields, UTC) writes it there, and `enabled` starts or stops that task. The first save makes the
 *   row (a system task, every 15 minutes unless told otherwise), and so does a save after an
 *   administrator deleted it. The task entity's own checks name a bad `cron` or `every` (1002).
 * - Enabling needs usable credentials and at least one account or keyword (1002 on `enabled`).
 * - Changing the credentials forgets a rate limit noted under the old ones; dropping an account or
 *   keyword forgets its cursor.
 */
import { entity, eq, fail, type InvalidField, BAD, bool, field, int, nullableText, type Input, fieldRule } from '../../../core/api';
import type { Core, AuthUser, EntityColumns, EntityRow } from '../../../core/api';
import { MONITOR_FIELDS } from './monitor.messages';
import { PROFILE, credentialsSet, monitorTaskId, settingsEntity, storedSettings, type MonitorCredentials, type MonitorSettings } from './monitor.queries';
import { FETCH_TASK } from './monitor-fetch.service';

const SECRETS = ['bearerToken', 'apiKey', 'apiSecret'] as const;
const MAX_TARGETS = 20;
const USERNAME = /^[A-Za-z0-9_]{1,15}$/;
/** A new task row's interval when the save gives no schedule: X's rate-limit window. */
const DEFAULT_EVERY_MS = 15 * 60_000;

/** What getSetting answers: never a credential, only whether usable ones are stored. */
export interface MonitorSettingsView {
  accounts: string[];
  keywords: string[];
  enabled: boolean;
  maxResults: number;
  credentialsSet: boolean;
  taskId: number | null;
  every: number | null;
  cron: string | null;
  nextRunTime: string | null;
  lastFetchTime: string | null;
  lastError: string | null;
  rateLimitedUntil: string | null;
}

const tasks = (core: Core) => entity(core.model, 'task/info');

/** The schedule of the fetch task as getSetting answers it. */
type TaskSchedule = Pick<EntityRow<'task/info'>, 'every' | 'cron' | 'nextRunTime'>;

/**
 * A list of distinct, trimmed strings (at most MAX_TARGETS, each `max` long, made by `each` or refused
 * when it answers null); null clears the list.
 */
function targets(each: (v: string) => string | null, max: number) {
  return field<string[]>({ type: ['array', 'null'], items: { type: 'string', maxLength: max }, maxItems: MAX_TARGETS }, (v, r) => {
    const bad = (rule: string, params: Record<string, string | number> = {}): typeof BAD => {
      r.errors.push({ field: r.at, rule, params });
      return BAD;
    };
    if (v === null) return [];
    if (!Array.isArray(v) || v.length > MAX_TARGETS || !v.every((x) => typeof x === 'string'))
      return bad('type', { type: `list of at most ${MAX_TARGETS} texts` });
    const out: string[] = [];
    for (const raw of v as string[]) {
      const item = each(raw.trim());
      if (item === null) return bad(fieldRule(MONITOR_FIELDS.field_monitor_account));
      if (item === '' || [...item].length > max) return bad('length', { min: 1, max });
      if (!out.some((o) => o.toLowerCase() === item.toLowerCase())) out.push(item);
    }
    return out;
  }).optional();
}

/** An interval in ms (at least a second), or null to drop it. */
const everyMs = field<number | null>({ type: ['integer', 'null'], minimum: 1000 }, (v, r) => {
  if (v === null) return null;
  const n = int({ min: 1000 }).read(v, r);
  return n;
}).optional();

/** What saveSetting takes: each left out keeps what is stored; a credential sent empty (or null) is cleared. */
export const SETTINGS_INPUT = {
  accounts: targets((v) => (USERNAME.test(v.replace(/^@/, '')) ? v.replace(/^@/, '') : null), 15),
  keywords: targets((v) => v, 512),
  enabled: bool().optional(),
  maxResults: int({ min: 10, max: 100 }).optional(),
  every: everyMs,
  cron: nullableText({ max: 200 }),
  bearerToken: nullableText({ max: 512 }),
  apiKey: nullableText({ max: 255 }),
  apiSecret: nullableText({ max: 255 }),
};

export type SettingsInput = Input<typeof SETTINGS_INPUT>;

/** The settings as getSetting answers them. */
export async function settingsView(core: Core, caller: AuthUser): Promise<MonitorSettingsView> {
  const row = await storedSettings(core);
  const taskId = await monitorTaskId(core, FETCH_TASK);
  // info answers the API row of the task entity: its columns decoded as typed.
  const task: TaskSchedule | null = taskId === null ? null : ((await core.ops.info(tasks(core), taskId, caller)) as TaskSchedule);
  return {
    accounts: row?.accounts ?? [],
    keywords: row?.keywords ?? [],
    enabled: !!row?.enabled,
    maxResults: row?.maxResults ?? 10,
    credentialsSet: credentialsSet(row),
    taskId,
    every: task?.every ?? null,
    cron: task?.cron ?? null,
    nextRunTime: task?.nextRunTime ?? null,
    lastFetchTime: row?.lastFetchTime ?? null,
    lastError: row?.lastError ?? null,
    rateLimitedUntil: row?.rateLimitedUntil ?? null,
  };
}

/** Enabling needs usable credentials and at least one account or keyword: what the save would leave stored. */
function runnable(
  stored: MonitorSettings | null,
  secrets: Partial<MonitorCredentials>,
  accounts: string[] | undefined,
  keywords: string[] | undefined,
  on: boolean,
): void {
  if (!on) return;
  const errors: InvalidField[] = [];
  const targets = [...(accounts ?? stored?.accounts ?? []), ...(keywords ?? stored?.keywords ?? [])];
  if (!credentialsSet({ ...(stored ?? {}), ...secrets }))
    errors.push({ field: 'enabled', rule: fieldRule(MONITOR_FIELDS.field_monitor_credentials), params: {} });
  if (!targets.length) errors.push({ field: 'enabled', rule: fieldRule(MONITOR_FIELDS.field_monitor_targets), params: {} });
  if (errors.length) throw fail.invalid(errors);
}

/** Applies a saveSetting input; answers the settings as getSetting does. */
export async function saveSettings(core: Core, caller: AuthUser, input: SettingsInput): Promise<MonitorSettingsView> {
  const { accounts, keywords, enabled, maxResults, every, cron } = input;
  const secrets: Partial<MonitorCredentials> = {};
  for (const k of SECRETS) {
    const v = input[k];
    if (v !== undefined) secrets[k] = v === null || v.trim() === '' ? null : v.trim();
  }
  const stored = await storedSettings(core);
  const on = enabled ?? !!stored?.enabled;
  runnable(stored, secrets, accounts, keywords, on);

  const settings = settingsEntity(core);
  await core.ops.transaction(caller, async (t) => {
    const { id } = await t.addIfAbsent(settings, { profile: PROFILE }, ['profile']);
    // Locked, so two saves at once apply one after the other.
    const [row] = await t.lock(settings, id);
    const changes: Partial<EntityColumns<'base/monitor'>> = { ...secrets };
    if (accounts !== undefined) changes.accounts = accounts;
    if (keywords !== undefined) changes.keywords = keywords;
    if (enabled !== undefined) changes.enabled = enabled;
    if (maxResults !== undefined) changes.maxResults = maxResults;
    if (SECRETS.some((k) => k in secrets)) changes.rateLimitedUntil = null;
    if (accounts !== undefined || keywords !== undefined)
      changes.cursors = keptCursors(row.cursors, accounts ?? row.accounts ?? [], keywords ?? row.keywords ?? []);
    if (Object.keys(changes).length) await t.updateWhere(settings, id, changes, { expect: 1 });

    const schedule: Partial<Pick<EntityColumns<'task/info'>, 'cron' | 'every' | 'taskType'>> = {};
    if (typeof cron === 'string' && cron.trim() !== '') Object.assign(schedule, { cron: cron.trim(), taskType: 0 });
    else if (every !== undefined && every !== null) Object.assign(schedule, { every, cron: null, taskType: 1 });
    else if (cron !== undefined) Object.assign(schedule, { cron: null, taskType: 1 });
    const [task] = await t.lock(tasks(core), eq('service', FETCH_TASK));
    const status = on ? 1 : 0;
    if (task) {
      if (Object.keys(schedule).length || task.status !== status) await t.update(tasks(core), { id: task.id, ...schedule, status });
    } else {
      const added = await t.addOne(tasks(core), {
        name: 'X monitor fetch',
        service: FETCH_TASK,
        data: '{}',
        status,
        remark: "Fetches the posts of the X monitor's accounts and keywords (base/monitor/saveSetting)",
        ...(Object.keys(schedule).length && (schedule.cron || schedule.every) ? schedule : { every: DEFAULT_EVERY_MS, taskType: 1 }),
      });
      // The monitor's own task is a system task (type 0), which an add through the operations never makes.
      await t.updateWhere(tasks(core), added, { type: 0 }, { expect: 1 });
    }
  });
  return settingsView(core, caller);
}

/** The cursors of the accounts and keywords still watched. */
function keptCursors(raw: unknown, accounts: string[], keywords: string[]): Record<string, unknown> {
  const c = (raw && typeof raw === 'object' ? raw : {}) as { since?: Record<string, string>; users?: Record<string, string> };
  const keys = new Set([...accounts.map((a) => `u:${a.toLowerCase()}`), ...keywords.map((k) => `q:${k}`)]);
  const names = new Set(accounts.map((a) => a.toLowerCase()));
  return {
    since: Object.fromEntries(Object.entries(c.since ?? {}).filter(([k]) => keys.has(k))),
    users: Object.fromEntries(Object.entries(c.users ?? {}).filter(([k]) => names.has(k))),
  };
}
