/**
 * cool-admin's own admin client (cool-admin-vue 7.x) against this server: the calls it makes at
 * build time, on sign-in and on its user screen, replayed one by one with the bodies, queries and
 * headers its source sends (each call cites the file of github.com/cool-team-official/cool-admin-vue,
 * branch 7.x, or of @cool-vue/vite-plugin 7.2.7, that sends it), each answer checked against the
 * fields that file reads. With COOL_COMPAT=on the client works; with it off the same calls keep
 * today's answers (the expectations of eps.test.ts, sysadmin-*.test.ts and bad-input.test.ts).
 * The client sends its token raw in `Authorization` (src/cool/service/request.ts) and reads
 * `data` only from HTTP 200 answers with code 1000; any other status is its own transport error.
 * Its user module (src/modules/user: app users `user/info`, which are our members, and their
 * shipping addresses `user/address`) is replayed too, and its home page (the first screen of permmenu).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, ADMIN_PASSWORD, type TestApp } from '../helpers/app';
import { databaseKinds } from '../helpers/databases';
import { CLIENT_ENTITY_NAMES, clientHome, generatorProblems, type ClientMenu, type CoolEpsEntry } from '../helpers/cool-client';

const kinds = await databaseKinds();
const cases = kinds.flatMap(
  (k) =>
    [
      [k, 'on'],
      [k, 'off'],
    ] as Array<['sqlite' | 'mysql', 'on' | 'off']>,
);

type Res = { status: number; body: { code: number; message: string; data: any } };

describe.each(cases)('cool-admin-vue replay on %s with COOL_COMPAT=%s', (kind, setting) => {
  const on = setting === 'on';
  let t: TestApp;
  let token = '';
  let refresh = '';
  let root = 0;
  let sales = 0;
  let memberRole = 0;
  let userId = 0;

  beforeAll(async () => {
    t = await startApp(kind, { captcha: true, env: { ...process.env, COOL_COMPAT: setting } });
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (path: string, query: Record<string, unknown> = {}, auth = token) => {
    const r = t.http().get(path).query(query);
    return (auth ? r.set('Authorization', auth) : r) as unknown as Promise<Res>;
  };
  const post = (path: string, body?: unknown, auth = token) => {
    let r = t.http().post(path);
    if (auth) r = r.set('Authorization', auth);
    return (body === undefined ? r : r.send(body as object)) as unknown as Promise<Res>;
  };
  async function ok(res: Promise<Res>): Promise<any> {
    const r = await res;
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.code, JSON.stringify(r.body)).toBe(1000);
    return r.body.data;
  }
  /** A business refusal: HTTP 200 with the envelope under COOL_COMPAT, today's status without. */
  async function refused(res: Promise<Res>, status: number, code = 1001): Promise<string> {
    const r = await res;
    expect(r.status, JSON.stringify(r.body)).toBe(on ? 200 : status);
    expect(r.body.code).toBe(code);
    expect(r.body.message.length).toBeGreaterThan(0);
    return r.body.message;
  }
  const page = (departmentIds: number[]) =>
    // src/modules/base/views/user/components/dept-list.vue (rowClick) through @cool-vue/crud's refresh,
    // with the sort of the createTime column renamed by src/plugins/crud/config.ts (dict.sort).
    ok(post('/admin/base/sys/user/page', { page: 1, size: 20, sort: 'desc', order: 'createTime', departmentIds }));

  it('tells the build plugin the server language as a string', async () => {
    // @cool-vue/vite-plugin dist/index.js createCtx keeps /program's data as ctx.serviceLang, which
    // src/modules/helper/views/ai-code.vue (lang.get, on mount) lowercases: Node, Java, Go or Python.
    const data = await ok(get('/admin/base/comm/program', {}, ''));
    if (on) expect(data).toBe('Node');
    else expect(data).toMatchObject({ name: 'COSMAC AI', version: expect.any(String) });
  });

  it('the build plugin reads /eps without a token', async () => {
    // @cool-vue/vite-plugin dist/index.js: getData (eps) and createCtx (program), both without a token.
    const eps = (await ok(get('/admin/base/open/eps', {}, ''))) as Record<string, CoolEpsEntry[]>;
    expect(await ok(get('/admin/base/comm/program', {}, ''))).toBeDefined();
    const entries = Object.values(eps).flat();
    const byPrefix = (p: string) => entries.find((e) => e.prefix === p);
    if (!on) {
      // Today: only the public routes, our names, and paths the generator cannot turn into methods.
      expect(entries.every((e) => e.api.every((a) => a.public))).toBe(true);
      expect(byPrefix('/admin/base/sys/user')?.api.map((a) => a.path) ?? []).not.toContain('/page');
      expect(byPrefix('/admin/base/open')!.api.map((a) => a.path)).toContain('/openapi.json');
      expect(generatorProblems(eps)).not.toEqual([]);
      // cool-admin's app users exist only for its client.
      expect(t.core.routes.all.filter((r) => r.path.startsWith('/admin/user/info/'))).toEqual([]);
      return;
    }
    expect(generatorProblems(eps)).toEqual([]);
    const names = entries.map((e) => e.name);
    for (const n of CLIENT_ENTITY_NAMES) expect(names).toContain(n);
    const paths = (p: string) => byPrefix(p)!.api.map((a) => a.path);
    expect(byPrefix('/admin/base/sys/user')!.name).toBe('BaseSysUserEntity');
    expect(paths('/admin/base/sys/user')).toEqual(expect.arrayContaining(['/page', '/list', '/info', '/add', '/update', '/delete', '/move']));
    expect(paths('/admin/base/sys/department')).toEqual(expect.arrayContaining(['/list', '/add', '/update', '/delete', '/order']));
    expect(paths('/admin/base/open')).toEqual(expect.arrayContaining(['/captcha', '/login', '/refreshToken', '/eps']));
    expect(paths('/admin/base/open')).not.toContain('/openapi.json');
    expect(byPrefix('/admin/base/open')!.name).toBe('');
    expect(paths('/admin/base/comm')).toEqual(expect.arrayContaining(['/person', '/permmenu']));
    // Every /admin route whose last segment is a method name is listed, none of any other shape.
    const listed = entries.flatMap((e) => e.api.map((a) => `${a.method} ${e.prefix}${a.path}`)).sort();
    const admin = t.core.routes.all.filter(
      (r) =>
        r.path.startsWith('/admin/') &&
        /^[A-Za-z_$][\w$]*$/.test(r.path.split('/').pop()!) &&
        r.path === `/admin/${r.module}/${r.group}/${r.path.split('/').pop()}`,
    );
    expect(listed).toEqual(
      admin
        .filter((r) => !['namespace', 'permission', 'request'].includes(r.path.split('/').pop()!))
        .map((r) => `${r.method} ${r.path}`)
        .sort(),
    );
    expect(byPrefix('/admin/base/shortLink')!.api.some((a) => a.path.includes('{'))).toBe(false);
    // Column types the generator maps; the user row's columns the user screen shows.
    const userCols = byPrefix('/admin/base/sys/user')!.columns!.map((c) => c.propertyName);
    expect(userCols).toEqual(
      expect.arrayContaining(['username', 'name', 'nickName', 'headImg', 'departmentName', 'roleName', 'status', 'phone', 'remark', 'createTime']),
    );
    // src/modules/user: service.user.info (list.vue, components/select.vue: Eps.UserInfoEntity) and service.user.address.
    const members = byPrefix('/admin/user/info')!;
    expect(members.name).toBe('UserInfoEntity');
    expect(paths('/admin/user/info').sort()).toEqual(['/delete', '/info', '/list', '/page', '/update']);
    expect(members.columns!.map((c) => [c.propertyName, c.type])).toEqual([
      ['id', 'int'],
      ['nickName', 'varchar'],
      ['avatarUrl', 'varchar'],
      ['phone', 'varchar'],
      ['gender', 'int'],
      ['status', 'int'],
      ['loginType', 'int'],
      ['createTime', 'datetime'],
      ['updateTime', 'datetime'],
    ]);
    const addresses = byPrefix('/admin/user/address')!;
    expect(addresses.name).toBe('UserAddressEntity');
    expect(paths('/admin/user/address').sort()).toEqual(['/add', '/delete', '/info', '/list', '/page', '/update']);
    expect(addresses.columns!.map((c) => c.propertyName)).toEqual(
      expect.arrayContaining(['userId', 'username', 'receiver', 'phone', 'province', 'city', 'district', 'address', 'isDefault', 'createTime', 'updateTime']),
    );
  });

  it('with a token, /eps keeps the default shape our console reads', async () => {
    const login = await t.login('admin', ADMIN_PASSWORD);
    const eps = await ok(get('/admin/base/open/eps', {}, login));
    const user = eps.base.find((e: { name: string }) => e.name === 'sys/user');
    expect(user.prefix).toBe('/admin/base/sys/user');
    expect(user.schema).toMatchObject({ add: { required: ['username'] } });
    // The members' rows are described (not stored) by their own declaration; OpenAPI carries it too.
    const members = eps.user?.find((e: { name: string }) => e.name === 'info');
    const doc = (await t.http().get('/admin/base/open/openapi.json').set('Authorization', login)).body;
    if (on) {
      expect(members.columns.map((c: { propertyName: string }) => c.propertyName)).toContain('avatarUrl');
      expect(doc.components.schemas.UserInfo.properties).toHaveProperty('loginType');
      expect(doc.paths['/admin/user/info/info'].get.responses['200'].content['application/json'].schema.properties.data).toEqual({
        $ref: '#/components/schemas/UserInfo',
      });
    } else {
      expect(members).toBeUndefined();
      expect(doc.components.schemas.UserInfo).toBeUndefined();
    }
    expect(doc.components.schemas.UserAddress).toBeDefined();
  });

  it('signs in through the captcha', async () => {
    // src/modules/base/pages/login/components/pic-captcha.vue: GET with height, width, color.
    const captcha = () => ok(get('/admin/base/open/captcha', { height: 45, width: 150, color: '#2c3142' }, ''));
    const first = await captcha();
    expect(typeof first.captchaId).toBe('string');
    expect(first.data).toContain(';base64,');
    // src/modules/base/pages/login/index.vue: POST the form; a refusal's message is shown as it is.
    const wrong = await refused(
      post('/admin/base/open/login', { username: 'admin', password: ADMIN_PASSWORD, captchaId: first.captchaId, verifyCode: 'zz' }, ''),
      400,
    );
    expect(wrong).toMatch(/verification code/i);
    const second = await captcha();
    const verifyCode = await t.core.cache.get(`captcha:${second.captchaId}`);
    const pair = await ok(post('/admin/base/open/login', { username: 'admin', password: ADMIN_PASSWORD, captchaId: second.captchaId, verifyCode }, ''));
    // src/modules/base/store/user.ts: setToken.
    expect(pair).toMatchObject({ token: expect.any(String), expire: expect.any(Number), refreshToken: expect.any(String), refreshExpire: expect.any(Number) });
    token = pair.token;
    refresh = pair.refreshToken;
  });

  it('loads the person, menus and dictionaries after sign-in', async () => {
    // src/modules/base/store/user.ts (get) and the top bar: the profile.
    const person = await ok(get('/admin/base/comm/person'));
    expect(person).toMatchObject({ username: 'admin', nickName: expect.any(String), roleName: 'Administrator', departmentName: 'COSMAC AI' });
    // src/modules/base/store/menu.ts (get): menus by type, router, parentId, orderNum; perms as keys.
    const { perms, menus } = await ok(get('/admin/base/comm/permmenu'));
    expect(perms).toEqual(
      expect.arrayContaining([
        'base:sys:user:move',
        'base:sys:user:page',
        'base:sys:department:add',
        'base:sys:department:update',
        'base:sys:department:delete',
      ]),
    );
    for (const m of menus)
      expect(m).toMatchObject({ id: expect.any(Number), name: expect.any(String), type: expect.any(Number), orderNum: expect.any(Number) });
    const menu = (router: string) => menus.find((m: { type: number; router: string }) => m.type === 1 && m.router === router);
    const views: Array<[string, string, string]> = [
      ['/base/sys/user', 'modules/base/views/user/index.vue', 'icon-user'],
      ['/base/sys/department', 'modules/base/views/user/index.vue', 'icon-dept'],
      ['/base/sys/role', 'modules/base/views/role.vue', 'icon-auth'],
      ['/base/sys/menu', 'modules/base/views/menu/index.vue', 'icon-menu'],
      ['/base/sys/param', 'modules/base/views/param.vue', 'icon-params'],
      ['/base/sys/log', 'modules/base/views/log.vue', 'icon-log'],
    ];
    for (const [router, viewPath, icon] of views) {
      // src/cool/router/index.ts (append): the view file is looked up under src/ by viewPath.
      const stored = `crud:${router.slice(1)}`;
      expect(menu(router)).toMatchObject(on ? { viewPath, icon, storedViewPath: stored } : { viewPath: stored, icon: 'icon-list' });
      if (!on) expect(menu(router)).not.toHaveProperty('storedViewPath');
    }
    expect(menu('/demo/goods')).toMatchObject({ viewPath: 'crud:demo/goods' });
    // src/modules/base/store/menu.ts (setRoutes): the first screen of the tree is the home page.
    const home = clientHome(menus as ClientMenu[]);
    const address = menu('/user/address');
    const members = menus.find((m: ClientMenu) => m.router === '/user/list');
    if (on) {
      expect(home).toMatchObject({ router: '/base/sys/user', viewPath: 'modules/base/views/user/index.vue' });
      expect(address).toMatchObject({ viewPath: 'modules/user/views/address.vue', storedViewPath: 'crud:user/address' });
      expect(members).toMatchObject({
        id: -1,
        parentId: address.parentId,
        type: 1,
        viewPath: 'modules/user/views/list.vue',
        storedViewPath: 'crud:base/sys/user',
      });
    } else {
      // Today's order: the stored one, whose first screen is a workspace entity that client has no file for.
      expect(home!.viewPath).toMatch(/^crud:/);
      expect(address).toMatchObject({ viewPath: 'crud:user/address' });
      expect(members).toBeUndefined();
    }
    // Stored menus keep their order either way.
    const q = t.core.db.q.bind(t.core.db);
    const rows = await t.core.db.query<{ id: number; orderNum: number }>(`SELECT ${q('id')}, ${q('orderNum')} FROM ${q(t.core.model.system('menus').table)}`);
    const stored = new Map(rows.map((r) => [Number(r.id), Number(r.orderNum)]));
    const moved = menus.filter((m: ClientMenu) => m.id > 0 && stored.get(m.id) !== m.orderNum);
    if (on) expect(moved.length).toBeGreaterThan(0);
    else expect(moved).toEqual([]);
    // src/modules/dict/store/dict.ts (refresh): every dictionary.
    expect(typeof (await ok(post('/admin/dict/info/data', {})))).toBe('object');
  });

  it('shows the department tree and the users of a department', async () => {
    // src/modules/base/views/user/components/dept-list.vue: list with no body, add from the context menu.
    const departments = await ok(post('/admin/base/sys/department/list'));
    const top = departments.find((d: { parentId: number | null }) => d.parentId === null);
    expect(top).toMatchObject({ id: expect.any(Number), name: 'COSMAC AI', orderNum: expect.any(Number) });
    root = top.id;
    sales = (await ok(post('/admin/base/sys/department/add', { parentId: root, name: 'Sales', orderNum: 0 }))).id;
    // src/modules/base/views/user/index.vue (Upsert onOpen): the role choices.
    const roles = await ok(post('/admin/base/sys/role/list'));
    expect(roles).toEqual(expect.arrayContaining([expect.objectContaining({ id: 1, name: 'Administrator' })]));
    memberRole = roles.find((r: { label: string }) => r.label === 'member').id;
    const { list, pagination } = await page([root, sales]);
    expect(pagination).toMatchObject({ page: 1, size: 20, total: 1 });
    expect(list[0]).toMatchObject({ username: 'admin', departmentId: root, departmentName: 'COSMAC AI', roleName: 'Administrator', status: 1 });
    expect(await refused(post('/admin/base/sys/user/page', { departmentIds: ['x'] }), 400)).toContain('departmentIds');
  });

  it('adds, edits, moves and deletes a user', async () => {
    // src/modules/base/views/user/index.vue (Upsert onSubmit): the selected department, then the
    // form; inputs a person cleared come as ''.
    const username = `cool_${setting}`;
    userId = (
      await ok(
        post('/admin/base/sys/user/add', {
          departmentId: sales,
          headImg: '',
          name: 'Cool Tester',
          nickName: 'cool',
          username,
          password: 'Cool-1234',
          roleIdList: [memberRole],
          phone: '',
          email: '',
          remark: '',
          status: 1,
        }),
      )
    ).id;
    // @cool-vue/crud upsert (edit): info, then the whole row back with the form's changes.
    const info = await ok(get('/admin/base/sys/user/info', { id: userId }));
    expect(info).toMatchObject({ username, departmentName: 'Sales', roleName: 'Member', roleIdList: [memberRole], email: null });
    await ok(post('/admin/base/sys/user/update', { departmentId: sales, ...info, name: 'Cool Tester 2', password: '' }));
    expect(await ok(get('/admin/base/sys/user/info', { id: userId }))).toMatchObject({ name: 'Cool Tester 2', passwordV: info.passwordV });
    expect(await refused(post('/admin/base/sys/user/update', { ...info, username: 'admin' }), 409)).toMatch(/username/i);
    expect((await page([sales])).list.map((u: { id: number }) => u.id)).toEqual([userId]);
    // src/modules/base/views/user/components/user-move.vue: the chosen department and the user ids.
    await ok(post('/admin/base/sys/user/move', { departmentId: root, userIds: [userId] }));
    expect((await page([sales])).list).toEqual([]);
    expect((await page([root])).list.map((u: { id: number }) => u.id)).toContain(userId);
    await refused(post('/admin/base/sys/user/move', { departmentId: root, userIds: [99999999] }), 404);
    // @cool-vue/crud helper (rowDelete): ids of the selection.
    await ok(post('/admin/base/sys/user/delete', { ids: [userId] }));
    expect((await page([root])).list.map((u: { id: number }) => u.id)).not.toContain(userId);
  });

  /** A member (the member role), signed up as the administrator adds one; its id. */
  const addMember = async (username: string, nickName: string, phone: string) =>
    (await ok(post('/admin/base/sys/user/add', { username, password: 'Cool-1234', nickName, phone, roleIdList: [memberRole] }))).id as number;

  it('lists, edits and deletes members as its user module does (user/info)', async () => {
    const alice = await addMember(`alice_${setting}`, 'Alice', '13800000001');
    const bob = await addMember(`bob_${setting}`, 'Bob', '13900000002');
    // src/modules/user/views/list.vue through @cool-vue/crud's refresh, sorted by createTime.
    const pageOf = (body: Record<string, unknown>) => post('/admin/user/info/page', { page: 1, size: 20, ...body });
    if (!on) {
      expect((await pageOf({})).status).toBe(404);
      expect((await get('/admin/user/info/info', { id: alice })).status).toBe(404);
      return;
    }
    const all = await ok(pageOf({ sort: 'desc', order: 'createTime' }));
    const ids = all.list.map((m: { id: number }) => m.id);
    expect(ids).toEqual(expect.arrayContaining([alice, bob]));
    // Administrators and staff accounts are not members.
    expect(ids).not.toContain(1);
    expect(all.list.find((m: { id: number }) => m.id === alice)).toEqual({
      id: alice,
      nickName: 'Alice',
      avatarUrl: null,
      phone: '13800000001',
      gender: 0,
      status: 1,
      loginType: 2,
      createTime: expect.any(String),
      updateTime: expect.any(String),
    });
    // Its filters: the key word (nickName, phone), status, gender and login type.
    const only = async (body: Record<string, unknown>) => (await ok(pageOf(body))).list.map((m: { id: number }) => m.id);
    expect(await only({ keyWord: '1390000' })).toEqual([bob]);
    expect(await only({ keyWord: 'alic' })).toEqual([alice]);
    expect(await only({ status: 0 })).toEqual([]);
    expect(await ok(pageOf({ gender: 1 }))).toMatchObject({ list: [], pagination: { total: 0 } });
    expect(await only({ gender: 0, loginType: 2, keyWord: 'alic' })).toEqual([alice]);
    expect(await only({ loginType: 0 })).toEqual([]);
    expect(await only({ order: 'avatarUrl', sort: 'asc', keyWord: 'alic' })).toEqual([alice]);
    expect(await refused(pageOf({ order: 'username' }), 400)).toContain('username');
    expect(await ok(post('/admin/user/info/list', { keyWord: 'Bob' }))).toEqual([expect.objectContaining({ id: bob, loginType: 2 })]);
    // @cool-vue/crud upsert (edit): info, then the whole row back with the form's changes.
    const info = await ok(get('/admin/user/info/info', { id: alice }));
    expect(info).toMatchObject({ id: alice, nickName: 'Alice', gender: 0, loginType: 2 });
    await ok(post('/admin/user/info/update', { ...info, nickName: 'Alice Li', avatarUrl: 'https://example.com/a.png', phone: '13800000009', status: 0 }));
    expect(await ok(get('/admin/base/sys/user/info', { id: alice }))).toMatchObject({
      nickName: 'Alice Li',
      headImg: 'https://example.com/a.png',
      phone: '13800000009',
      status: 0,
    });
    // Not kept here: refused, not dropped. cool-admin's "deregistered" status is a deletion here.
    const r = await post('/admin/user/info/update', { ...info, gender: 1 });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ code: 1002, data: [expect.objectContaining({ field: 'gender' })] });
    expect((await post('/admin/user/info/update', { ...info, status: 2 })).body).toMatchObject({
      code: 1002,
      data: [expect.objectContaining({ field: 'status' })],
    });
    await refused(get('/admin/user/info/info', { id: 1 }), 404);
    await refused(post('/admin/user/info/update', { id: 1, nickName: 'not a member' }), 404);
    // Administrators only, whatever keys a role holds.
    const memberToken = await t.login(`bob_${setting}`, 'Cool-1234');
    expect((await post('/admin/user/info/page', {}, memberToken)).status).toBe(403);
    // @cool-vue/crud (rowDelete, cl-multi-delete-btn): the selection's ids; the account is deleted.
    await refused(post('/admin/user/info/delete', { ids: [bob, 1] }), 404);
    await ok(post('/admin/user/info/delete', { ids: [bob] }));
    expect(await only({})).not.toContain(bob);
    await refused(get('/admin/base/sys/user/info', { id: bob }), 404);
  });

  it("keeps its members' shipping addresses as its address screen does (user/address)", async () => {
    const carol = await addMember(`carol_${setting}`, 'Carol', '13700000001');
    const dave = await addMember(`dave_${setting}`, 'Dave', '13700000002');
    // src/modules/user/views/address.vue (Upsert): userId, username, receiver, phone, the province,
    // city and district its pca hook splits, address and isDefault (cl-switch: 1 or 0).
    const form = {
      userId: carol,
      username: 'typed by hand',
      receiver: 'Carol Chen',
      phone: '13700000001',
      province: '广东省',
      city: '深圳市',
      district: '南山区',
      address: '科技园 1 号',
      isDefault: 1,
    };
    const filed = (await ok(post('/admin/user/address/add', form))).id;
    const row = await ok(get('/admin/user/address/info', { id: filed }));
    expect(row).toMatchObject({ ...form, username: `carol_${setting}` });
    await ok(post('/admin/user/address/update', { ...row, receiver: 'Carol C.', isDefault: 0 }));
    const listed = await ok(post('/admin/user/address/page', { page: 1, size: 20, keyWord: 'Carol' }));
    expect(listed.list).toEqual([expect.objectContaining({ id: filed, receiver: 'Carol C.', isDefault: 0, userId: carol, username: `carol_${setting}` })]);
    const missing = await post('/admin/user/address/add', { ...form, userId: 99999999 });
    expect(missing.status).toBe(on ? 200 : 400);
    expect(missing.body).toMatchObject({ code: 1002, data: [expect.objectContaining({ field: 'userId' })] });
    // A member keeps their own: the userId they send is ignored, another member's rows are out of reach.
    const carolToken = await t.login(`carol_${setting}`, 'Cool-1234');
    const daveToken = await t.login(`dave_${setting}`, 'Cool-1234');
    const own = (await ok(post('/admin/user/address/add', { ...form, userId: dave, receiver: 'Carol at work' }, carolToken))).id;
    expect(await ok(get('/admin/user/address/info', { id: own }, carolToken))).toMatchObject({ userId: carol, receiver: 'Carol at work' });
    expect((await ok(post('/admin/user/address/page', {}, carolToken))).list.map((a: { id: number }) => a.id).sort()).toEqual([filed, own].sort());
    expect((await ok(post('/admin/user/address/page', {}, daveToken))).list).toEqual([]);
    await refused(get('/admin/user/address/info', { id: own }, daveToken), 404);
    await refused(post('/admin/user/address/update', { id: own, receiver: 'Dave was here' }, daveToken), 404);
    await refused(post('/admin/user/address/delete', { ids: [own] }, daveToken), 404);
    expect(await ok(get('/admin/user/address/info', { id: own }, carolToken))).toMatchObject({ receiver: 'Carol at work' });
    await ok(post('/admin/user/address/delete', { ids: [own] }, carolToken));
    await ok(post('/admin/user/address/delete', { ids: [filed] }));
    expect((await ok(post('/admin/user/address/page', {}, carolToken))).list).toEqual([]);
  });

  it('keeps 403 for a caller without the key', async () => {
    await ok(post('/admin/base/sys/user/add', { username: `cool_member_${setting}`, password: 'Cool-1234', roleIdList: [memberRole] }));
    const memberToken = await t.login(`cool_member_${setting}`, 'Cool-1234');
    expect((await post('/admin/base/sys/user/page', {}, memberToken)).status).toBe(403);
  });

  it('refreshes its token, and a spent or missing token stays 401', async () => {
    // src/modules/base/store/user.ts (refreshToken): GET with the stored refresh token.
    const pair = await ok(get('/admin/base/open/refreshToken', { refreshToken: refresh }, ''));
    expect(pair).toMatchObject({ token: expect.any(String), expire: expect.any(Number), refreshToken: expect.any(String), refreshExpire: expect.any(Number) });
    expect((await ok(get('/admin/base/comm/person', {}, pair.token))).username).toBe('admin');
    expect((await post('/admin/base/sys/user/page', {}, '')).status).toBe(401);
    // A refresh token works once: its second use is refused (and ends the session).
    expect((await get('/admin/base/open/refreshToken', { refreshToken: refresh }, '')).status).toBe(401);
  });
});
