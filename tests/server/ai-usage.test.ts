/**
 * AI usage for administrators (issue 39), on every database: `base/run/usage` sums succeeded runs
 * started within the days asked, by model, app, member and day, with the tokens charged per day;
 * failed runs and older runs do not count; days follow the caller's UTC offset; members are refused.
 * The runs are written directly, as the run path writes them, so the sums are known exactly.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../helpers/databases';
import { SYSTEM } from '../../server/core/entity/access';
import { entity } from '../../server/core/api';
import { member } from './chat-world';
import { addApp, get, ok, startAiWorld, type AiWorld } from './ai-world';

const kinds = await databaseKinds();
const DAY = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

describe.each(kinds)('AI usage on %s', (kind) => {
  let w: AiWorld;
  let ann: { id: number; token: string };
  let bob: { id: number; token: string };
  let appA: number;
  let appB: number;
  // Noon UTC today (or now, if earlier), so that "today" and "two days ago" are whole UTC days away from midnight.
  const now = Date.now();
  const today = Math.min(now - 60_000, new Date(dayOf(now) + 'T12:00:00Z').getTime());
  const usage = (query: Record<string, string | number>, token = w.t.adminToken) => get(w.t, '/admin/base/run/usage', query, token);

  async function addRun(userId: number, f: { appId: number | null; model: string; at: number; status?: 1 | 2; p: number; c: number; charged: number }) {
    const core = w.t.core;
    await core.ops.transaction(SYSTEM, (t) =>
      t.addOne(
        entity(core.model, 'base/run'),
        {
          appId: f.appId,
          kind: f.appId === null ? 1 : 0,
          status: f.status ?? 1,
          model: f.model,
          promptTokens: f.p,
          completionTokens: f.c,
          cost: f.charged,
          charged: f.charged,
          pricing: 1,
          workflowResultId: `usage-${Math.random().toString(36).slice(2)}`,
          startTime: new Date(f.at).toISOString(),
        },
        { trusted: true, owner: userId },
      ),
    );
  }

  beforeAll(async () => {
    w = await startAiWorld(kind);
    ann = await member(w.t, { nickName: 'Ann Usage' });
    bob = await member(w.t, { nickName: 'Bob Usage' });
    appA = await addApp(w.t, { name: 'Usage app A' });
    appB = await addApp(w.t, { name: 'Usage app B' });
    await addRun(ann.id, { appId: appA, model: 'usage-a', at: today, p: 100, c: 200, charged: 1.5 });
    await addRun(ann.id, { appId: appA, model: 'usage-b', at: today, p: 10, c: 20, charged: 0.5 });
    await addRun(bob.id, { appId: appB, model: 'usage-a', at: today - 2 * DAY, p: 50, c: 60, charged: 2.25 });
    await addRun(bob.id, { appId: null, model: 'usage-b', at: today - 2 * DAY, p: 5, c: 6, charged: 0.125 });
    // Neither counts: a failed run (refunded), and a run older than the days asked.
    await addRun(bob.id, { appId: appB, model: 'usage-a', at: today, status: 2, p: 999, c: 999, charged: 0 });
    await addRun(ann.id, { appId: appA, model: 'usage-a', at: today - 40 * DAY, p: 1000, c: 1000, charged: 7 });
  }, 120_000);
  afterAll(async () => {
    await w?.close();
  });

  const pick = (rows: Array<Record<string, unknown>>, key: string | number) => rows.find((r) => r.key === String(key));

  it('sums succeeded runs of the last 30 days by model, most charged first', async () => {
    const d = ok(await usage({ by: 'model' }));
    expect(d).toMatchObject({ days: 30, by: 'model' });
    expect(d.rows).toEqual([
      { key: 'usage-a', label: 'usage-a', runs: 2, promptTokens: 150, completionTokens: 260, charged: 3.75 },
      { key: 'usage-b', label: 'usage-b', runs: 2, promptTokens: 15, completionTokens: 26, charged: 0.625 },
    ]);
  });

  it('sums by app with its name, runs without an app under an empty key', async () => {
    const rows = ok(await usage({ by: 'app' })).rows;
    expect(pick(rows, appA)).toEqual({ key: String(appA), label: 'Usage app A', runs: 2, promptTokens: 110, completionTokens: 220, charged: 2 });
    expect(pick(rows, appB)).toEqual({ key: String(appB), label: 'Usage app B', runs: 1, promptTokens: 50, completionTokens: 60, charged: 2.25 });
    expect(pick(rows, '')).toMatchObject({ runs: 1, charged: 0.125 });
  });

  it('sums by member with their name', async () => {
    const rows = ok(await usage({ by: 'member' })).rows;
    expect(pick(rows, ann.id)).toEqual({ key: String(ann.id), label: 'Ann Usage', runs: 2, promptTokens: 110, completionTokens: 220, charged: 2 });
    expect(pick(rows, bob.id)).toEqual({ key: String(bob.id), label: 'Bob Usage', runs: 2, promptTokens: 55, completionTokens: 66, charged: 2.375 });
  });

  it('sums by day and answers the tokens charged on every day of the range', async () => {
    const d = ok(await usage({ by: 'day', days: 7 }));
    expect(d.rows.map((r: Record<string, unknown>) => [r.key, r.runs, r.charged])).toEqual([
      [dayOf(today - 2 * DAY), 2, 2.375],
      [dayOf(today), 2, 2],
    ]);
    expect(d.dates).toHaveLength(7);
    expect(d.dates[6]).toBe(dayOf(now));
    expect(d.charged).toHaveLength(7);
    expect(d.charged[d.dates.indexOf(dayOf(today))]).toBe(2);
    expect(d.charged[d.dates.indexOf(dayOf(today - 2 * DAY))]).toBe(2.375);
    expect(d.charged.reduce((a: number, b: number) => a + b, 0)).toBe(4.375);
    // The series is the same whatever the grouping.
    expect(ok(await usage({ by: 'model', days: 7 })).charged).toEqual(d.charged);
  });

  it('counts older runs when the days reach them, and days at the caller’s offset', async () => {
    expect(pick(ok(await usage({ by: 'model', days: 90 })).rows, 'usage-a')).toMatchObject({ runs: 3, charged: 10.75 });
    // At UTC+14 a run at noon UTC falls on the next calendar day.
    const later = ok(await usage({ by: 'day', days: 7, tzOffset: 840 })).rows.map((r: Record<string, unknown>) => r.key);
    expect(later).toEqual([dayOf(today - 2 * DAY + 14 * 3_600_000), dayOf(today + 14 * 3_600_000)]);
  });

  it('refuses members, and groupings or ranges it does not know', async () => {
    const res = await usage({ by: 'model' }, ann.token);
    expect(res.status).toBe(403);
    expect((await usage({ by: 'price' })).status).toBe(400);
    expect((await usage({ days: 91 })).status).toBe(400);
    expect((await usage({ days: 0 })).status).toBe(400);
  });
});
