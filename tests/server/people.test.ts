/**
 * Finding people in the workspace, on every database kind: the public profile by username (the
 * person page `/person/{name}`), the member-only people search that friend requests start from,
 * and the chat-community link of `/discord` in the public site info.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../helpers/app';
import { databaseKinds } from '../helpers/databases';
import { memberRoleId } from '../../server/modules/system/member.service';

const kinds = await databaseKinds();

type Res = { status: number; body: { code: number; message: string; data: any }; text: string };

describe.each(kinds)('people on %s', (kind) => {
  let t: TestApp;
  let roleId: number;
  let seq = 0;

  beforeAll(async () => {
    t = await startApp(kind);
    roleId = await memberRoleId(t.core);
  });
  afterAll(async () => {
    await t?.close();
  });

  const post = (path: string, body: unknown, token?: string) => {
    const r = t
      .http()
      .post(path)
      .send(body as object);
    return (token ? r.set('Authorization', token) : r) as unknown as Promise<Res>;
  };
  async function ok(res: Promise<Res>): Promise<any> {
    const r = await res;
    expect(r.body.code, JSON.stringify(r.body)).toBe(1000);
    return r.body.data;
  }
  async function member(username: string, nickName: string, extra: Record<string, unknown> = {}) {
    const password = `Pw-${++seq}-secret`;
    const { id } = await ok(post('/admin/base/sys/user/add', { username, password, nickName, roleIdList: [roleId], ...extra }, t.adminToken));
    return { id: Number(id), username, token: await t.login(username, password) };
  }

  it('openDetail finds a person by username (or a digits name as an id) and never answers the username', async () => {
    const ann = await member(`ann_${kind}`, 'Ann Page', { cover: '/c.png' });
    const byName = await ok(post('/admin/base/sys/user/openDetail', { name: ann.username }));
    expect(byName).toMatchObject({ id: ann.id, nickName: 'Ann Page', cover: '/c.png' });
    expect(byName).not.toHaveProperty('username');
    expect(await ok(post('/admin/base/sys/user/openDetail', { name: String(ann.id) }))).toMatchObject({ id: ann.id });
    expect((await post('/admin/base/sys/user/openDetail', { name: 'nobody_here' })).status).toBe(404);
    expect((await post('/admin/base/sys/user/openDetail', { name: 42 })).status).toBe(400);
    expect((await post('/admin/base/sys/user/openDetail', { name: '' })).status).toBe(400);
    // A disabled account has no person page.
    await ok(post('/admin/base/sys/user/update', { id: ann.id, status: 0 }, t.adminToken));
    expect((await post('/admin/base/sys/user/openDetail', { name: ann.username })).status).toBe(404);
  });

  it('search finds people by exact username or nickName prefix, public fields only, never the caller or AI members', async () => {
    const me = await member(`seeker_${kind}`, 'Zed Seeker');
    const bob = await member(`bob_${kind}`, 'Zed Bob', { email: `bob_${kind}@example.com` });
    const carl = await member(`carl_${kind}`, 'Zedcarl');
    await ok(
      post(
        '/admin/base/sys/user/add',
        { username: `off_${kind}`, password: 'Pw-off-secret', nickName: 'Zed Off', status: 0, roleIdList: [roleId] },
        t.adminToken,
      ),
    );
    // An AI member is a user too (userType 1): never a friend candidate.
    await ok(post('/admin/base/sys/user/add', { username: `ai_${kind}`, nickName: 'Zed Robot', userType: 1 }, t.adminToken));
    const found = await ok(post('/admin/base/sys/user/search', { keyWord: 'Zed' }, me.token));
    expect(found.map((r: any) => r.id)).toEqual([bob.id, carl.id]);
    for (const r of found) for (const secret of ['username', 'email', 'password', 'rank_', 'phone']) expect(r).not.toHaveProperty(secret);
    // The exact username comes first; a part of a username finds nothing.
    expect((await ok(post('/admin/base/sys/user/search', { keyWord: carl.username }, me.token))).map((r: any) => r.id)).toEqual([carl.id]);
    expect(await ok(post('/admin/base/sys/user/search', { keyWord: `arl_${kind}` }, me.token))).toEqual([]);
    // LIKE wildcards are literal.
    expect(await ok(post('/admin/base/sys/user/search', { keyWord: '%%' }, me.token))).toEqual([]);
    expect(await ok(post('/admin/base/sys/user/search', { keyWord: 'Z_d' }, me.token))).toEqual([]);
  });

  it('search refuses bad key words, anonymous callers, and more than 60 calls a minute', async () => {
    const me = await member(`limit_${kind}`, 'Limit Me');
    for (const keyWord of ['a', ' b ', 'x'.repeat(65), 7, null]) {
      const res = await post('/admin/base/sys/user/search', { keyWord }, me.token);
      expect(res.status, JSON.stringify(keyWord)).toBe(400);
      expect(res.body.data.map((e: { field: string }) => e.field)).toEqual(['keyWord']);
    }
    expect((await post('/admin/base/sys/user/search', { keyWord: 'Limit' })).status).toBe(401);
    let refused = 0;
    for (let i = 0; i < 61; i++) if ((await post('/admin/base/sys/user/search', { keyWord: 'Limit' }, me.token)).status === 429) refused++;
    expect(refused).toBeGreaterThan(0);
  });

  it('site info answers the chat-community link of /discord only when it is an http(s) address', async () => {
    expect((await ok(post('/admin/base/site/info', {}))).communityUrl).toBeNull();
    await ok(
      post('/admin/base/site/save', { name: 'Cosmac', config: { communityUrl: ' https://discord.example/invite/abc ', secretNote: 'x' } }, t.adminToken),
    );
    const info = await ok(post('/admin/base/site/info', {}));
    expect(info.communityUrl).toBe('https://discord.example/invite/abc');
    expect(info).not.toHaveProperty('config');
    await ok(post('/admin/base/site/save', { config: { communityUrl: 'javascript:alert(1)' } }, t.adminToken));
    expect((await ok(post('/admin/base/site/info', {}))).communityUrl).toBeNull();
  });
});
