/**
 * What every declared call promises, checked from the declarations themselves (issue 36), on every
 * database:
 * - an input that breaks the call's schema is answered 400 / 1002 naming the broken field (a few
 *   calls refuse otherwise, listed with their reason: pages the browser lands on, signed callbacks,
 *   uploads), and no table changes;
 * - a call declared `read` changes no table (row counts and a checksum of every row), whatever it
 *   answers to an input made from its schema;
 * - every route's guard and rule match a reviewed snapshot (tests/fixtures/route-guards.json), which is
 *   independent of the declarations: a rule declared wrongly shows up as a difference to review.
 *   After a reviewed change: `UPDATE_ROUTE_GUARDS=1 npx vitest run tests/server/declared-contract.test.ts`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Route } from '../../server/core/http/route';
import { PROJECT_ROOT } from '../../server/core/paths';
import { startApp, type TestApp } from '../helpers/app';
import { databaseKinds } from '../helpers/databases';
import { brokenInput, sampleOf } from '../helpers/schema-samples';
import { changedTables, tableSums } from '../helpers/table-sums';

const kinds = await databaseKinds();
const GUARDS_FILE = join(PROJECT_ROOT, 'tests/fixtures/route-guards.json');
const routeKey = (r: Pick<Route, 'method' | 'path'>) => `${r.method} ${r.path}`;

const LANDING = 'a page the browser lands on: whatever it is sent, it redirects to the web, which shows the outcome';
const SIGNED = "signed by its sender: the signature is checked before the body is read, so a body that is not the sender's is refused as a whole";
const MCP = 'the MCP server speaks JSON-RPC: a message it cannot take is a JSON-RPC error (its HTTP status 4xx), never an envelope';
const MCP_GET = 'the MCP event stream is not offered: 405 whatever is sent';
/** Probes for load balancers and scrapers: they take nothing and read nothing of the request (they must still write nothing). */
const PROBES = new Set(['GET /health', 'GET /health/ready', 'GET /metrics']);

/** Calls that answer a broken input otherwise than 1002, and why; they must still write nothing. */
const OTHER_REFUSAL: Record<string, string> = {
  'GET /admin/base/alipay/return': LANDING,
  'GET /admin/base/stripe/return': LANDING,
  'GET /admin/base/stripe/cancel': LANDING,
  'GET /admin/base/sys/user/discordOauthCallback': LANDING,
  'POST /admin/base/sys/user/discordOauthCallback': LANDING,
  'GET /admin/base/shortLink/s/{shortKey}': 'a shared link: a key that is not one is 404, and trackers add query parameters of their own',
  'GET /upload/app/base/{day}/{file}': 'a stored file: a name that is not one is 404',
  'GET /private/app/private/{day}/{file}': 'a private file: a name that is not one is 404, a url without a valid signature 403',
  'POST /admin/base/alipay/notify': SIGNED,
  'POST /admin/base/stripe/notify': SIGNED,
  'POST /admin/base/message/receiveWorkflowResult/{workflowResultId}': SIGNED,
  'POST /admin/base/message/receiveWorkflowError/{workflowResultId}': SIGNED,
  'POST /admin/base/comm/upload': 'a multipart upload: a body that is not a multipart form is refused as a whole (1001)',
  'POST /mcp': MCP,
  'POST /mcp/{sets}': MCP,
  'GET /mcp': MCP_GET,
  'GET /mcp/{sets}': MCP_GET,
};

/** A route's guard as the snapshot records it: the guard, its permission key, and what its rule asks. */
function guardLine(r: Route): string {
  const guard = r.guard === 'permission' ? `permission ${r.permission}` : r.guard;
  return r.call && !r.call.generic ? `${guard} | ${r.call.access.en}` : guard;
}

interface Answer {
  status: number;
  body: { code?: number; data?: unknown } | null;
}

async function send(t: TestApp, r: Route, input: Record<string, unknown>): Promise<Answer> {
  const path = r.path.replace(/\{\w+\}/g, '1');
  const req = r.method === 'GET' ? t.http().get(path).query(input) : t.http().post(path).send(input);
  const res = await req.set('Authorization', t.adminToken);
  const body = res.body && typeof res.body === 'object' && !Buffer.isBuffer(res.body) ? (res.body as Answer['body']) : null;
  return { status: res.status, body };
}

describe.each(kinds)('declared calls keep their declarations on %s', (kind) => {
  let t: TestApp;
  let declared: Route[];
  beforeAll(async () => {
    t = await startApp(kind);
    declared = t.core.routes.all.filter((r) => r.call && !r.call.generic);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('describes every route: its input, effect and rule (the generic ones from their entity)', () => {
    expect(t.core.routes.all.filter((r) => !r.call || !r.call.input || !r.call.effect || !r.call.access).map(routeKey)).toEqual([]);
  });

  it("matches every route's guard and rule to the reviewed snapshot", () => {
    const now = Object.fromEntries(t.core.routes.all.map((r) => [routeKey(r), guardLine(r)]).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
    if (process.env.UPDATE_ROUTE_GUARDS === '1' && kind === 'sqlite') writeFileSync(GUARDS_FILE, `${JSON.stringify(now, null, 1)}\n`);
    const reviewed = JSON.parse(readFileSync(GUARDS_FILE, 'utf8')) as Record<string, string>;
    expect(now).toEqual(reviewed);
  });

  it("answers an input that breaks a call's schema with 1002 naming the field, writing nothing", async () => {
    expect(declared.length).toBeGreaterThan(20);
    const wrong: string[] = [];
    for (const r of declared) {
      const { input, field } = brokenInput(r.call!.input, r.method === 'GET');
      const before = await tableSums(t.core.db);
      const a = await send(t, r, input);
      const named = JSON.stringify(a.body?.data ?? null).includes(`"${field}"`);
      const refused =
        PROBES.has(routeKey(r)) || (routeKey(r) in OTHER_REFUSAL ? a.status >= 300 && a.status < 500 : a.status === 400 && a.body?.code === 1002 && named);
      if (!refused)
        wrong.push(
          `${routeKey(r)} with ${JSON.stringify(input).slice(0, 100)}: HTTP ${a.status} code ${a.body?.code} (field ${field} ${named ? 'named' : 'not named'})`,
        );
      for (const line of changedTables(before, await tableSums(t.core.db))) wrong.push(`${routeKey(r)} refused but wrote ${line}`);
    }
    expect(wrong).toEqual([]);
  }, 300_000);

  it('changes no table on a call declared read', async () => {
    const reads = declared.filter((r) => r.call!.effect === 'read');
    expect(reads.length).toBeGreaterThan(5);
    const wrong: string[] = [];
    for (const r of reads) {
      const input = (sampleOf({ ...r.call!.input, type: 'object' }) ?? {}) as Record<string, unknown>;
      const before = await tableSums(t.core.db);
      const a = await send(t, r, input);
      if (a.status >= 500) wrong.push(`${routeKey(r)}: HTTP ${a.status}`);
      for (const line of changedTables(before, await tableSums(t.core.db))) wrong.push(`${routeKey(r)} (read) wrote ${line}`);
    }
    expect(wrong).toEqual([]);
  }, 300_000);
});
