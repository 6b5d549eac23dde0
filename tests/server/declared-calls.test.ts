/**
 * Declared calls (issue 36): a hand-written call says its input, access, effect and answer beside
 * its handler. The reading of inputs (every bad field in one 1002, unknown fields refused unless
 * COOL_COMPAT), the access rule said once in the call (the groupMember rules moved out of the
 * entity), and /eps and OpenAPI carrying each declared call's schemas, effect and rule, on every
 * database; the groups-and-teams area is the first one declared whole.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../helpers/app';
import { databaseKinds } from '../helpers/databases';
import { ok, person, post, rows, type Person } from '../helpers/group-members';
import { bool, id, ids, int, nullableText, object, oneOf, readShape, text, type Shape } from '../../server/core/calls/input';
import type { InvalidField } from '../../server/core/errors';

const read = (shape: Shape, body: Record<string, unknown>, o: { query?: boolean; ignoreUnknown?: boolean } = {}) => {
  const errors: InvalidField[] = [];
  const value = readShape(shape, body, { at: '', errors, query: o.query ?? false }, o.ignoreUnknown ?? false);
  return { value, errors: errors.map((e) => `${e.field}:${e.rule}`) };
};

describe('reading a declared input', () => {
  const shape = {
    groupId: id(),
    content: text({ max: 5 }),
    page: int({ min: 1 }).optional(),
    role: oneOf(['member', 'deputy'] as const),
    on: bool().optional(),
  };

  it('answers the typed value of a good input, ids given as digits included', () => {
    expect(read(shape, { groupId: '7', content: 'hi', role: 'member', on: 1 })).toEqual({
      value: { groupId: 7, content: 'hi', role: 'member', on: true },
      errors: [],
    });
  });

  it('names every bad field at once, unknown ones included', () => {
    expect(read(shape, { groupId: 0, content: 'too long', page: 0, role: 'boss', extra: 1 }).errors.sort()).toEqual(
      ['content:max_length', 'extra:unknown', 'groupId:type', 'page:range', 'role:enum'].sort(),
    );
    expect(read(shape, {}).errors.sort()).toEqual(['content:required', 'groupId:required', 'role:required']);
  });

  it('ignores unknown fields when asked to (COOL_COMPAT), never bad known ones', () => {
    expect(read(shape, { groupId: 1, content: 'a', role: 'member', extra: 1 }, { ignoreUnknown: true }).errors).toEqual([]);
    expect(read(shape, { groupId: 'x', content: 'a', role: 'member', extra: 1 }, { ignoreUnknown: true }).errors).toEqual(['groupId:type']);
  });

  it('reads numbers and flags from a query string only', () => {
    const q = { n: int(), on: bool() };
    expect(read(q, { n: '3', on: 'true' }, { query: true })).toEqual({ value: { n: 3, on: true }, errors: [] });
    expect(read(q, { n: '3', on: 'true' }).errors).toEqual(['n:type', 'on:type']);
  });

  it('takes an optional id sent as null or empty as absent, a required one as missing', () => {
    expect(read({ userId: id().optional() }, { userId: null })).toEqual({ value: {}, errors: [] });
    expect(read({ userId: id().optional() }, { userId: '' })).toEqual({ value: {}, errors: [] });
    expect(read({ userId: id() }, { userId: null }).errors).toEqual(['userId:required']);
  });

  it('names the fields of a nested object by their path, and keeps null for clearable text', () => {
    const nested = { ai: object({ nickName: text({ max: 3 }), list: ids() }), note: nullableText() };
    expect(read(nested, { ai: { nickName: 'long', list: [1, 1], x: 1 }, note: null }).errors.sort()).toEqual([
      'ai.list:invalid',
      'ai.nickName:max_length',
      'ai.x:unknown',
    ]);
    expect(read(nested, { ai: { nickName: 'ok', list: [2] }, note: null }).value).toEqual({ ai: { nickName: 'ok', list: [2] }, note: null });
  });
});

const kinds = await databaseKinds();

describe.each(kinds)('declared calls on %s', (kind) => {
  let t: TestApp;
  let owner: Person;
  let other: Person;
  let teamId = 0;

  beforeAll(async () => {
    t = await startApp(kind);
    owner = await person(t, 'dora');
    other = await person(t, 'egon');
    teamId = (ok(await post(t, owner, '/admin/base/group/add', { name: 'Declared team', type: 2 })) as { id: number }).id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses a bad input with 1002 naming every field, before the rule and without writing', async () => {
    const before = await rows(t, 'base_group', '1 = 1');
    const res = await post(t, owner, '/admin/base/group/add', { name: '', rows: 99, allocationRatio: 0.5, colour: 'red' });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(1002);
    expect((res.body.data as Array<{ field: string }>).map((e) => e.field).sort()).toEqual(['allocationRatio', 'colour', 'name', 'rows']);
    expect(await rows(t, 'base_group', '1 = 1')).toHaveLength(before.length);
    // A non-member's malformed id is 1002 too (the input is read before the rule).
    const bad = await post(t, other, '/admin/base/groupMember/teamMember', { groupId: 'x' });
    expect([bad.status, bad.body.code]).toEqual([400, 1002]);
  });

  it('runs a refinement that needs the input whole: allocationRatio only on teams', async () => {
    const res = await post(t, owner, '/admin/base/group/add', { name: 'Private', allocationRatio: 0.5 });
    expect(res.body.code).toBe(1002);
    expect(res.body.data.map((e: { field: string; rule: string }) => `${e.field}:${e.rule}`)).toEqual(['allocationRatio:invalid']);
  });

  it('checks the declared rule of the call: members of the group only, the administrator too', async () => {
    const refused = await post(t, other, '/admin/base/groupMember/teamMember', { groupId: teamId });
    expect([refused.status, refused.body.code]).toEqual([403, 1001]);
    const mine = ok(await post(t, owner, '/admin/base/groupMember/teamMember', { groupId: teamId })) as Array<{ userId: number; role: string }>;
    expect(mine.map((m) => [m.userId, m.role])).toEqual([[owner.id, 'owner']]);
    expect(ok(await post(t, t.adminToken, '/admin/base/groupMember/teamMember', { groupId: teamId }))).toHaveLength(1);
    const desk = await post(t, other, '/admin/base/groupMember/groupToDesktop', { groupId: teamId, desktopId: 999 });
    expect(desk.status).toBe(403);
  });

  it('describes every call of the declared areas (groups and teams, the token ledger, tasks) in /eps: input, answer, effect and rule', async () => {
    const res = await t.http().get('/admin/base/open/eps').set('Authorization', t.adminToken);
    const base = res.body.data.base as Array<{
      name: string;
      api: Array<{ path: string; input?: { type?: string; properties?: Record<string, unknown> }; answer?: unknown; effect?: string; access?: string }>;
    }>;
    const tasks = (res.body.data.task as typeof base).filter((e) => e.name === 'info');
    const area = [...base.filter((e) => ['group', 'groupMember', 'desktop', 'coupon', 'tokenLog'].includes(e.name)), ...tasks].flatMap((e) =>
      e.api.map((a) => ({ ...a, at: `${e.name}${a.path}` })),
    );
    expect(area.length).toBeGreaterThanOrEqual(34);
    for (const a of area) {
      expect(a.input, a.at).toBeTypeOf('object');
      expect(['read', 'write'], a.at).toContain(a.effect);
      expect(a.access, a.at).toBeTruthy();
    }
    const byAt = new Map(area.map((a) => [a.at, a]));
    expect(byAt.get('groupMember/teamMember')).toMatchObject({
      effect: 'read',
      input: { properties: { groupId: { type: 'integer', minimum: 1 } }, required: ['groupId'] },
    });
    expect(byAt.get('groupMember/teamMember')!.access).toContain('a member of the group');
    expect(byAt.get('groupMember/joinTeam')).toMatchObject({ effect: 'write', input: { properties: { key: { type: 'string', maxLength: 64 } } } });
    expect(byAt.get('groupMember/canJoin')!.access).toBe('anyone');
    expect(byAt.get('tokenLog/adjust')).toMatchObject({ effect: 'write', input: { required: ['userId', 'amount', 'clientKey'] } });
    expect(byAt.get('tokenLog/check')).toMatchObject({ effect: 'read', input: { properties: {} } });
    expect(byAt.get('info/log')).toMatchObject({ effect: 'read', input: { required: ['id'] } });
    expect(byAt.get('info/preview')).toMatchObject({ effect: 'read' });
    expect(byAt.get('info/once')).toMatchObject({ effect: 'write' });
    expect(byAt.get('coupon/use')!.access).toBe('roles holding the permission');
    expect(byAt.get('group/page')).toMatchObject({ effect: 'read', answer: { properties: { list: { items: { $ref: '#/row' } } } } });
  });

  it('gives OpenAPI the same request bodies, answers and effects', async () => {
    const doc = (await t.http().get('/admin/base/open/openapi.json').set('Authorization', t.adminToken)).body;
    const join = doc.paths['/admin/base/groupMember/joinTeam'].post;
    expect(join.requestBody.content['application/json'].schema).toMatchObject({
      properties: { key: { maxLength: 64 } },
      required: ['key'],
      additionalProperties: false,
    });
    expect(join['x-effect']).toBe('write');
    expect(join.responses['200'].content['application/json'].schema.properties.data).toMatchObject({
      properties: { id: { type: 'integer' }, groupId: { type: 'integer' } },
    });
    expect(doc.paths['/admin/base/groupMember/teamMember'].post['x-access']).toContain('a member of the group');
    expect(doc.paths['/admin/base/group/info'].get.parameters).toEqual([{ name: 'id', in: 'query', required: true, schema: { type: 'integer', minimum: 1 } }]);
  });
});

describe('declared calls with COOL_COMPAT on', () => {
  let t: TestApp;
  let owner: Person;
  beforeAll(async () => {
    t = await startApp('sqlite', { env: { ...process.env, COOL_COMPAT: 'on' } });
    owner = await person(t, 'fritz');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('ignores the extra fields cool-admin sends, and still refuses bad known ones', async () => {
    const made = ok(await post(t, owner, '/admin/base/group/add', { name: 'Compat', colour: 'red', _t: 1 })) as { id: number };
    expect(made.id).toBeGreaterThan(0);
    const bad = await post(t, owner, '/admin/base/group/add', { name: 'Compat', rows: 99, colour: 'red' });
    expect(bad.body.code).toBe(1002);
    expect(bad.body.data.map((e: { field: string }) => e.field)).toEqual(['rows']);
  });
});
