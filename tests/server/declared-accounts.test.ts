/**
 * Declared calls of the accounts area (issue 36): sign-in, captcha, token refresh, e-mail codes,
 * OAuth, the caller's own profile and settings, and the user calls of base/sys/user say their
 * input, access, effect and answer. /eps lists them with their schemas; a bad input is one 1002
 * naming every bad field and writes nothing; the rules that left the handlers (additionalInfo's
 * "your own id", cool-admin's user/info for the administrator only) refuse the callers they should.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, ADMIN_PASSWORD, type TestApp } from '../helpers/app';
import { databaseKinds } from '../helpers/databases';
import { ok, person, post, type Person, type Res } from '../helpers/group-members';

const kinds = await databaseKinds();

/** Every call of the area, as `METHOD path`. */
const AREA = [
  'GET /admin/base/open/captcha',
  'POST /admin/base/open/login',
  'GET /admin/base/open/refreshToken',
  'GET /admin/base/open/eps',
  'GET /admin/base/open/openapi.json',
  'POST /admin/base/open/sendCode',
  'POST /admin/base/open/verifyCode',
  'POST /admin/base/open/loginByEmail',
  'POST /admin/base/open/exist',
  'POST /admin/base/open/oauth1',
  'POST /admin/base/open/oauth2',
  'GET /admin/base/comm/person',
  'GET /admin/base/comm/permmenu',
  'POST /admin/base/comm/personUpdate',
  'POST /admin/base/comm/logout',
  'GET /admin/base/comm/program',
  'POST /admin/base/sys/user/isExist',
  'POST /admin/base/sys/user/additionalInfo',
  'POST /admin/base/sys/user/sendResetPasswordCode',
  'POST /admin/base/sys/user/resetPassword',
  'POST /admin/base/sys/user/googleLogin',
  'POST /admin/base/sys/user/discordLogin',
  'GET /admin/base/sys/user/discordOauthCallback',
  'POST /admin/base/sys/user/discordOauthCallback',
  'POST /admin/base/sys/user/becomeBlogger',
  'POST /admin/base/sys/user/savedTimeSummary',
  'POST /admin/base/sys/user/saveApp',
  'POST /admin/base/sys/user/updateApp',
  'POST /admin/base/sys/user/move',
  'POST /admin/base/sys/user/invitedList',
  'POST /admin/base/sys/user/openDetail',
  'POST /admin/base/sys/user/search',
];

interface Api {
  method: string;
  path: string;
  input?: { type?: string; properties?: Record<string, unknown>; required?: string[] };
  answer?: unknown;
  effect?: string;
  access?: string;
}

/** The calls /eps lists to `token`, keyed `METHOD /admin/...`. */
async function epsCalls(t: TestApp, token: string | null): Promise<Map<string, Api>> {
  const r = t.http().get('/admin/base/open/eps');
  if (token) r.set('Authorization', token);
  const res = await r;
  const out = new Map<string, Api>();
  for (const entries of Object.values(res.body.data as Record<string, Array<{ prefix: string; api: Api[] }>>)) {
    for (const e of entries) for (const a of e.api) out.set(`${a.method} ${a.path.startsWith('/admin/') ? a.path : `${e.prefix}${a.path}`}`, a);
  }
  return out;
}

const fields = (res: Res) => (res.body.data as Array<{ field: string }>).map((e) => e.field).sort();

describe.each(kinds)('declared account calls on %s', (kind) => {
  let t: TestApp;
  let usersTable = '';
  let me: Person;
  let other: Person;

  const userRow = async (id: number) =>
    (await t.core.db.query<Record<string, unknown>>(`SELECT * FROM ${t.core.db.q(usersTable)} WHERE ${t.core.db.q('id')} = ?`, [id]))[0];

  beforeAll(async () => {
    t = await startApp(kind);
    usersTable = t.core.model.system('users').table;
    me = await person(t, 'acc_me');
    other = await person(t, 'acc_other');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists every call of the area in /eps for the administrator, with its input, effect, answer and rule', async () => {
    const calls = await epsCalls(t, t.adminToken);
    for (const key of AREA) {
      const a = calls.get(key);
      expect(a, key).toBeDefined();
      expect(a!.input, key).toBeTypeOf('object');
      expect(['read', 'write'], key).toContain(a!.effect);
      expect(a!.access, key).toBeTruthy();
      expect(a!.answer, key).toBeTruthy();
    }
    expect(calls.get('POST /admin/base/open/login')).toMatchObject({ effect: 'write', access: 'anyone', input: { required: ['username', 'password'] } });
    expect(calls.get('POST /admin/base/sys/user/resetPassword')).toMatchObject({
      effect: 'write',
      input: { required: ['email', 'code', 'password'], properties: { password: { minLength: 6, maxLength: 16 } } },
    });
    expect(calls.get('GET /admin/base/comm/person')).toMatchObject({ effect: 'read', access: 'any signed-in account' });
    expect(calls.get('POST /admin/base/open/verifyCode')!.effect).toBe('read');
    expect(calls.get('POST /admin/base/sys/user/additionalInfo')!.access).toContain('the caller');
    expect(calls.get('POST /admin/base/sys/user/move')).toMatchObject({ effect: 'write', input: { required: ['userIds', 'departmentId'] } });
    expect(calls.get('POST /admin/base/comm/personUpdate')!.input!.properties).toHaveProperty('language');
  });

  it('shows a caller without a token only the public calls of the area', async () => {
    const calls = await epsCalls(t, null);
    expect(calls.get('POST /admin/base/open/login')).toBeDefined();
    expect(calls.get('POST /admin/base/sys/user/resetPassword')).toBeDefined();
    expect(calls.get('GET /admin/base/comm/person')).toBeUndefined();
    expect(calls.get('POST /admin/base/sys/user/move')).toBeUndefined();
  });

  it('refuses bad inputs with one 1002 naming every bad field, and writes nothing', async () => {
    const before = await userRow(me.id);
    const login = await post(t, null, '/admin/base/open/login', { username: '', colour: 'red' });
    expect([login.status, login.body.code]).toEqual([400, 1002]);
    expect(fields(login)).toEqual(['colour', 'password', 'username']);

    const reset = await post(t, null, '/admin/base/sys/user/resetPassword', { email: 'not-an-address', code: '12ab', password: '123' });
    expect([reset.status, reset.body.code]).toEqual([400, 1002]);
    expect(fields(reset)).toEqual(['code', 'email', 'password']);

    const update = await post(t, me, '/admin/base/comm/personUpdate', { nickName: 'Never', password: '123', status: 0 });
    expect([update.status, update.body.code]).toEqual([400, 1002]);
    expect(fields(update)).toEqual(['password', 'status']);

    const save = await post(t, me, '/admin/base/sys/user/saveApp', { appId: 'x', config: [] });
    expect(fields(save)).toEqual(['appId', 'config']);

    const move = await post(t, t.adminToken, '/admin/base/sys/user/move', { userIds: [], departmentId: 'x' });
    expect([move.status, move.body.code]).toEqual([400, 1002]);
    expect(fields(move)).toEqual(['departmentId', 'userIds']);

    const after = await userRow(me.id);
    for (const k of ['nickName', 'password', 'passwordV', 'status', 'configPacks', 'departmentId']) expect(after[k], k).toEqual(before[k]);
  });

  it('ignores an id in the body of the calls on the caller’s own row: it names nobody else', async () => {
    const theirs = await userRow(other.id);
    ok(await post(t, me, '/admin/base/comm/personUpdate', { id: other.id, nickName: 'Mine only' }));
    expect((await userRow(me.id)).nickName).toBe('Mine only');
    expect((await userRow(other.id)).nickName).toBe(theirs.nickName);
    ok(await post(t, me, '/admin/base/sys/user/becomeBlogger', { id: other.id }));
    expect(Number((await userRow(other.id)).isDeveloper ?? 0)).toBe(Number(theirs.isDeveloper ?? 0));
  });

  it('lets additionalInfo name only the caller’s own id (403 for another’s, nothing written)', async () => {
    const theirs = await userRow(other.id);
    const refused = await post(t, me, '/admin/base/sys/user/additionalInfo', { id: other.id, nickName: 'Taken over' });
    expect([refused.status, refused.body.code]).toEqual([403, 1001]);
    expect((await userRow(other.id)).nickName).toBe(theirs.nickName);
    expect((await userRow(me.id)).nickName).not.toBe('Taken over');
    const mine = ok(await post(t, me, '/admin/base/sys/user/additionalInfo', { id: String(me.id), nickName: 'Completed' }));
    expect(mine.nickName).toBe('Completed');
    expect(ok(await post(t, other, '/admin/base/sys/user/additionalInfo', { nickName: 'Other done' })).nickName).toBe('Other done');
  });

  it('keeps the guards of the area: signed-in calls refuse no token, public ones take none', async () => {
    expect((await t.http().get('/admin/base/comm/person')).status).toBe(401);
    expect((await t.http().get('/admin/base/comm/person').set('Authorization', me.token)).body.data).toMatchObject({ id: me.id, hasPassword: true });
    expect((await post(t, null, '/admin/base/comm/personUpdate', { nickName: 'x' })).status).toBe(401);
    expect((await t.http().get('/admin/base/open/captcha').query({ width: 150, height: 50 })).body.data).toMatchObject({
      captchaId: expect.any(String),
      required: false,
    });
    const bad = await t.http().get('/admin/base/open/captcha').query({ width: 'wide' });
    expect([bad.status, bad.body.code]).toEqual([400, 1002]);
    // A missing refresh token is still the 401 a client signs out on, not a 1002.
    expect((await t.http().get('/admin/base/open/refreshToken')).status).toBe(401);
  });
});

describe('declared account calls with COOL_COMPAT on', () => {
  let t: TestApp;
  let member: Person;
  beforeAll(async () => {
    t = await startApp('sqlite', { env: { ...process.env, COOL_COMPAT: 'on' } });
    member = await person(t, 'acc_cool');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('ignores the extra fields cool-admin’s client sends, and still refuses bad known ones', async () => {
    const login = await post(t, null, '/admin/base/open/login', { username: 'admin', password: ADMIN_PASSWORD, captchaId: '', verifyCode: '', _t: 1 });
    expect(login.body.code, JSON.stringify(login.body)).toBe(1000);
    ok(await post(t, member, '/admin/base/comm/personUpdate', { nickName: 'Cool', createTime: '2024-01-01', _t: 1 }));
    const bad = await post(t, member, '/admin/base/comm/personUpdate', { password: '1', _t: 1 });
    expect(fields(bad)).toEqual(['password']);
  });

  it('describes cool-admin’s user/info calls as generic actions for the administrator only, and refuses a member', async () => {
    const calls = await epsCalls(t, t.adminToken);
    for (const a of ['page', 'list', 'update', 'delete'])
      expect(calls.get(`POST /admin/user/info/${a}`), a).toMatchObject({ access: expect.stringContaining('administrator') });
    expect(calls.get('GET /admin/user/info/info')).toMatchObject({ effect: 'read', input: { required: ['id'] } });
    expect(calls.get('POST /admin/user/info/delete')!.effect).toBe('write');
    expect((await post(t, member, '/admin/user/info/page', {})).status).toBe(403);
    expect(ok(await post(t, t.adminToken, '/admin/user/info/page', {})).list).toBeInstanceOf(Array);
  });
});
