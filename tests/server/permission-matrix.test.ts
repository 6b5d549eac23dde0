/**
 * The permission matrix (security review, issue 12): walks EVERY route of the route table as an
 * anonymous caller and as member B, against member A's rows seeded with unique markers
 * (tests/helpers/matrix-seed.ts). It fails when an answer holds a marker of a field outside the
 * entity's declared `access.visible` fields for that caller, when any of A's rows changed or a row
 * was forged in A's name or A's group, when a route answers 5xx, or when a route has no fixture.
 * The routes that exist only with COOL_COMPAT=on are walked too, on a second installation with it on.
 * A declared call is also sent an input made from its declared schema, aimed at A's rows
 * (tests/helpers/matrix-declared.ts); its expected guard is checked apart, against a reviewed
 * snapshot (declared-contract.test.ts).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMatrixStripe } from '../helpers/matrix-stripe';
import { startMatrixAlipay } from '../helpers/matrix-alipay';
import type { Entity } from '../../server/core/entity/model';
import type { Route } from '../../server/core/http/route';
import { startApp, type TestApp } from '../helpers/app';
import { databaseKinds } from '../helpers/databases';
import { startSmtp, type FakeSmtp } from '../helpers/fake-smtp';
import { genericAction, genericFixture, type Call, type Fixture, type Phase } from '../helpers/matrix-generic';
import { HANDWRITTEN } from '../helpers/matrix-handwritten';
import { withDeclaredCall } from '../helpers/matrix-declared';
import { seedWorld, type World } from '../helpers/matrix-seed';
import { diff, snapshot, type Snapshot } from '../helpers/matrix-snapshot';

const kinds = await databaseKinds();

type Who = 'anonymous' | 'member';
const PHASES: Phase[] = ['read', 'write', 'delete', 'last'];

/** The fields of `e` a caller may see of a row that is not theirs; nothing until declared. */
function visibleFields(e: Entity | undefined, who: Who): Set<string> {
  const v = (e as unknown as { access?: { visible?: Partial<Record<Who, string[] | 'all'>> } } | undefined)?.access?.visible?.[who] ?? [];
  return new Set(v === 'all' ? e!.fields.map((f) => f.name) : v);
}

const routeKey = (r: Pick<Route, 'method' | 'path'>) => `${r.method} ${r.path}`;

/** A route's calls: the generic ones of an entity action, or the hand-made ones plus one made from the call's declared input. */
function fixtureFor(route: Route, w: World): Fixture | null {
  const action = genericAction(route);
  if (action) return genericFixture(route, action, w);
  return withDeclaredCall(route, w, HANDWRITTEN[routeKey(route)]?.(w) ?? null);
}

interface Answer {
  status: number;
  text: string;
}

async function send(t: TestApp, route: Route, call: Call, token: string | null): Promise<Answer> {
  const path = route.path.replace(/\{(\w+)\}/g, (_, n: string) => encodeURIComponent(call.params?.[n] ?? 'none'));
  const r = route.method === 'GET' ? t.http().get(path) : t.http().post(path);
  if (call.query) r.query(call.query);
  if (token) r.set('Authorization', token);
  r.buffer(true).parse((res, done) => {
    const chunks: Buffer[] = [];
    res.on('data', (c: Buffer) => chunks.push(c));
    res.on('end', () => done(null, Buffer.concat(chunks)));
  });
  const res = call.upload
    ? await r.attach(call.upload.field, Buffer.from(call.upload.content), { filename: call.upload.name, contentType: 'text/plain' })
    : route.method === 'POST'
      ? await r.send((call.body ?? {}) as object)
      : await r;
  // What the caller sees: the body and where a redirect sends them.
  const text = `${(res.body as Buffer).toString('utf8')}\n${res.headers.location ?? ''}`;
  return { status: res.status, text };
}

const describeCall = (call: Call) => JSON.stringify(call.params ?? call.body ?? call.query ?? call.upload?.name ?? {}).slice(0, 120);

/** What one walk found; `reachedAsB` counts the calls member B got through with. */
interface Walk {
  missing: string[];
  leaks: Map<string, string>;
  serverErrors: string[];
  changes: string[];
  reachedAsB: number;
  /** The routes walked, as `method path`. */
  walked: string[];
  /** How many markers A's rows carry. */
  markers: number;
}

/** Walks `routes` as an anonymous caller and as member B, phase by phase, against A's marked rows. */
async function walk(t: TestApp, w: World, routes: Route[]): Promise<Walk> {
  const out: Walk = { missing: [], leaks: new Map(), serverErrors: [], changes: [], reachedAsB: 0, walked: routes.map(routeKey), markers: w.markers.size };
  let last: Snapshot = await snapshot(w);
  const plan: Array<{ route: Route; fixture: Fixture }> = [];
  for (const route of routes) {
    const fixture = fixtureFor(route, w);
    if (fixture) plan.push({ route, fixture });
    else out.missing.push(`${routeKey(route)} (guard ${route.guard})`);
  }
  const callers: Array<{ who: Who; label: string; token: string | null }> = [
    { who: 'anonymous', label: 'anonymous', token: null },
    { who: 'member', label: 'member B', token: w.b.token },
  ];
  for (const phase of PHASES) {
    for (const { route, fixture } of plan.filter((p) => p.fixture.phase === phase)) {
      for (const call of fixture.calls) {
        for (const caller of callers) {
          const where = `${routeKey(route)} as ${caller.label}`;
          const answer = await send(t, route, call, caller.token);
          if (answer.status >= 500) out.serverErrors.push(`${where}: HTTP ${answer.status} for ${describeCall(call)}`);
          if (caller.token && answer.status < 400) out.reachedAsB++;
          for (const m of w.markers.find(answer.text, JSON.stringify(call))) {
            const visible = visibleFields(t.core.model.byKey.get(m.entity), caller.who);
            if (m.fields.some((f) => visible.has(f))) continue;
            const key = `${where}: ${m.entity}.${m.fields.join('/')}`;
            if (!out.leaks.has(key)) out.leaks.set(key, `${key}  (sent ${describeCall(call)})`);
          }
          if (answer.status < 400 || phase !== 'read') {
            const now = await snapshot(w);
            for (const line of diff(last, now)) out.changes.push(`${where} (${describeCall(call)}): ${line}`);
            last = now;
          }
        }
      }
    }
  }
  await t.core.requestLog.flush();
  // Anything a refused call changed anyway, or that no single call could be blamed for.
  for (const line of diff(last, await snapshot(w))) out.changes.push(`after the walk: ${line}`);
  return out;
}

describe.each(kinds)('permission matrix on %s', (kind) => {
  let smtp: FakeSmtp;
  let stripe: Awaited<ReturnType<typeof startMatrixStripe>>;
  let alipay: Awaited<ReturnType<typeof startMatrixAlipay>>;
  const stale: string[] = [];
  /** Every route of the default setting. */
  let main: Walk;
  /** The routes COOL_COMPAT=on adds (cool-admin's `user/info`), walked on an installation with it on. */
  let compat: Walk;

  beforeAll(async () => {
    // Codes mailed to A's address are delivered (kept by the fake), not refused with 5xx.
    smtp = await startSmtp();
    stripe = await startMatrixStripe();
    alipay = await startMatrixAlipay();
    const storage = join(process.env.DATA_DIR!, `matrix-uploads-${kind}`);
    mkdirSync(storage, { recursive: true });
    const env = {
      ...process.env,
      ...stripe.env,
      ...alipay.env,
      STORAGE_ROOT: storage,
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(smtp.port),
      SHORTLINK_ADD_PER_HOUR: '1000',
    };
    const t = await startApp(kind, { env: { ...env, COOL_COMPAT: 'off' } });
    let known: Set<string>;
    try {
      main = await walk(t, await seedWorld(t), t.core.routes.all);
      known = new Set(t.core.routes.all.map(routeKey));
    } finally {
      await t.close();
    }
    const c = await startApp(kind, { env: { ...env, COOL_COMPAT: 'on' } });
    try {
      const added = c.core.routes.all.filter((r) => !known.has(routeKey(r)));
      compat = await walk(c, await seedWorld(c), added);
      for (const k of added.map(routeKey)) known.add(k);
    } finally {
      await c.close();
    }
    for (const k of Object.keys(HANDWRITTEN)) if (!known.has(k)) stale.push(k);
  }, 300_000);

  afterAll(async () => {
    await smtp?.close();
    await stripe?.stop();
    await alipay?.stop();
  });

  it("walks with member A's rows marked and member B signed in, so refusing everything cannot pass", () => {
    expect(main.markers).toBeGreaterThan(50);
    expect(main.reachedAsB).toBeGreaterThan(20);
  });

  it('walks the routes COOL_COMPAT=on adds as well, on an installation with it on', () => {
    expect(compat.walked).toEqual(
      expect.arrayContaining(['POST /admin/user/info/page', 'GET /admin/user/info/info', 'POST /admin/user/info/update', 'POST /admin/user/info/delete']),
    );
  });

  it('has a fixture for every route of the route table, and none for a route that is gone', () => {
    expect([...main.missing, ...compat.missing]).toEqual([]);
    expect(stale).toEqual([]);
  });

  it('shows member B and anonymous callers nothing of member A beyond the declared visible fields, on every route', () => {
    expect([...main.leaks.values(), ...compat.leaks.values()].sort()).toEqual([]);
  });

  it("leaves every row of member A unchanged and forges none in A's name or A's group", () => {
    expect([...main.changes, ...compat.changes]).toEqual([]);
  });

  it('never answers member B or an anonymous caller with a server error', () => {
    expect([...main.serverErrors, ...compat.serverErrors]).toEqual([]);
  });
});
