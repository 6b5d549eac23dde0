/**
 * A field the answer does not show a caller cannot be searched, filtered or sorted by that caller
 * (server/core/crud/shown.ts): a friend's private remark and type, neither without a token nor as
 * another member, and hidden fields even for the administrator.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../helpers/app';
import { databaseKinds } from '../helpers/databases';
import { caller, member, type Person, type Res } from './friends-world';

const kinds = await databaseKinds();

describe.each(kinds)('hidden fields are not searchable on %s', (kind) => {
  let t: TestApp;
  let api: ReturnType<typeof caller>;
  // a's accepted friends, added in this order: the remarks sort otherwise than the rows do.
  let a: Person;
  let other: Person;
  const friends: Array<{ id: number; friendId: number; remark: string; type: number }> = [];
  const REMARKS = [
    ['zulu secret', 1],
    ['alpha secret', 2],
    ['mike secret', 3],
  ] as const;

  beforeAll(async () => {
    t = await startApp(kind);
    api = caller(t);
    [a, other] = [await member(t), await member(t)];
    for (const [remark, type] of REMARKS) {
      const b = await member(t);
      const id = (await api.post('/admin/base/friend/add', { friendId: b.id, remark, type }, a.token)).body.data.id as number;
      expect((await api.post('/admin/base/friend/update', { id, status: 1 }, b.token)).body.code).toBe(1000);
      friends.push({ id, friendId: b.id, remark, type });
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  const ids = (res: Res, path: string): number[] => {
    expect(res.status, res.text).toBe(200);
    const rows = (path.endsWith('page') ? res.body.data.list : res.body.data) as Array<{ id: number }>;
    return rows.map((r) => r.id);
  };
  const refused = (res: Res, key: 'filter' | 'sort', field: string) => {
    expect(res.status, res.text).toBe(400);
    expect(res.body.code).toBe(1001);
    expect(res.body.message).toBe(key === 'filter' ? `Cannot filter by "${field}"` : `Cannot sort by "${field}"`);
  };
  const as = (who: 'anonymous' | 'another member') => (who === 'anonymous' ? undefined : other.token);

  for (const who of ['anonymous', 'another member'] as const) {
    for (const path of ['/admin/base/friend/page', '/admin/base/friend/list']) {
      it(`gives ${who} no way to a friend's remark through keyWord on ${path.split('/').pop()}`, async () => {
        const plain = ids(await api.post(path, { userId: a.id }, as(who)), path);
        expect(plain).toEqual(expect.arrayContaining(friends.map((f) => f.id)));
        // Whatever the keyword, the same answer: it never depends on what a remark holds.
        const answers = await Promise.all(
          ['zulu', 'alpha secret', 'secret', 'nothing like it'].map(async (keyWord) => ids(await api.post(path, { userId: a.id, keyWord }, as(who)), path)),
        );
        for (const answer of answers) expect(answer).toEqual(answers[answers.length - 1]);
        // Nor without naming the owner (another member reads every accepted row).
        if (who === 'another member') {
          const all = ids(await api.post(path, { keyWord: 'zulu secret' }, as(who)), path);
          expect(all).not.toContain(friends[0].id);
        }
      });

      it(`refuses ${who} a filter on a friend's type, or its remark, on ${path.split('/').pop()}`, async () => {
        refused(await api.post(path, { userId: a.id, type: 2 }, as(who)), 'filter', 'type');
        refused(await api.post(path, { userId: a.id, type: [1, 3] }, as(who)), 'filter', 'type');
        refused(await api.post(path, { userId: a.id, remark: 'alpha secret' }, as(who)), 'filter', 'remark');
      });

      it(`refuses ${who} an order by a friend's remark or type on ${path.split('/').pop()}`, async () => {
        for (const order of ['remark', 'type']) {
          for (const sort of ['asc', 'desc']) refused(await api.post(path, { userId: a.id, order, sort }, as(who)), 'sort', order);
        }
      });
    }
  }

  it('refuses without a token a filter or an order on a field the public view leaves out', async () => {
    refused(await api.post('/admin/base/friend/page', { userId: a.id, status: 1 }), 'filter', 'status');
    refused(await api.post('/admin/base/friend/page', { userId: a.id, order: 'createTime' }), 'sort', 'createTime');
    // What the public view shows stays searchable.
    const one = await api.post('/admin/base/friend/page', { userId: a.id, id: friends[1].id, order: 'friendId', sort: 'asc' });
    expect(ids(one, 'page')).toEqual([friends[1].id]);
  });

  it('lets the owner search, filter and sort their own rows by remark and type', async () => {
    const mine = (body: object) => api.post('/admin/base/friend/page', { userId: a.id, ...body }, a.token);
    expect(ids(await mine({ keyWord: 'zulu' }), 'page')).toEqual([friends[0].id]);
    expect(ids(await mine({ type: 2 }), 'page')).toEqual([friends[1].id]);
    const byRemark = [...friends].sort((x, y) => x.remark.localeCompare(y.remark)).map((f) => f.id);
    expect(ids(await mine({ order: 'remark', sort: 'asc' }), 'page')).toEqual(byRemark);
    expect(ids(await mine({ order: 'type', sort: 'desc' }), 'page')).toEqual(friends.map((f) => f.id).reverse());
    // Not confined to their own rows, the read may return others' rows, whose remark they are not shown.
    refused(await api.post('/admin/base/friend/page', { order: 'remark' }, a.token), 'sort', 'remark');
    refused(await api.post('/admin/base/friend/page', { type: 2 }, a.token), 'filter', 'type');
  });

  it("lets a member filter by what they see of other people's rows", async () => {
    const seen = await api.post('/admin/base/friend/page', { userId: a.id, status: 1, friendId: friends[2].friendId, order: 'updateTime' }, other.token);
    expect(ids(seen, 'page')).toEqual([friends[2].id]);
    expect(seen.text).not.toContain('secret');
  });

  it('refuses even the administrator a search, filter or order on a hidden field', async () => {
    const users = t.core.model.system('users');
    const u = await member(t);
    await t.core.db.run(`UPDATE ${t.core.db.q(users.table)} SET ${t.core.db.q('key')} = ? WHERE ${t.core.db.q('id')} = ?`, ['hidden-sekrit-key', u.id]);
    const page = (body: object) => api.post('/admin/base/sys/user/page', { size: 1000, ...body }, t.adminToken);
    for (const field of ['password', 'key', 'usernameKey']) refused(await page({ order: field }), 'sort', field);
    // Declared searchable by mistake, a hidden field still takes no part in the search.
    const { keyword, equal } = users.search;
    keyword.push('key');
    equal.push('key', 'password');
    try {
      expect(ids(await page({ keyWord: 'hidden-sekrit' }), 'page')).toEqual([]);
      refused(await page({ key: 'hidden-sekrit-key' }), 'filter', 'key');
      refused(await page({ password: 'x' }), 'filter', 'password');
    } finally {
      keyword.splice(keyword.indexOf('key'), 1);
      equal.splice(equal.indexOf('key'), 2);
    }
  });

  it("advertises in /eps only the search fields the caller may use: a member and a visitor are not offered a friend's remark or type", async () => {
    const friendSearch = async (token?: string) => {
      const r = t.http().get('/admin/base/open/eps');
      if (token) r.set('Authorization', token);
      const res = await r;
      expect(res.body.code, res.text).toBe(1000);
      return (res.body.data.base as Array<{ name: string; search: { keyWordLikeFields: string[]; fieldEq: string[] } }>).find((e) => e.name === 'friend')!
        .search;
    };
    for (const token of [undefined, other.token]) {
      const search = await friendSearch(token);
      expect(search.keyWordLikeFields).toEqual([]);
      expect(search.fieldEq).not.toContain('type');
      expect(search.fieldEq).not.toContain('remark');
    }
    expect((await friendSearch(other.token)).fieldEq).toEqual(['id', 'userId', 'friendId', 'status']);
    expect((await friendSearch()).fieldEq).toEqual(['id', 'userId', 'friendId']);
    expect(await friendSearch(t.adminToken)).toEqual({ keyWordLikeFields: ['remark'], fieldEq: ['id', 'userId', 'friendId', 'status', 'type'] });
    // The OpenAPI document says the same of the page body.
    for (const token of [undefined, other.token]) {
      const r = t.http().get('/admin/base/open/openapi.json');
      if (token) r.set('Authorization', token);
      const doc = (await r).body;
      const body = doc.paths['/admin/base/friend/page'].post.requestBody.content['application/json'].schema;
      expect(body.properties.keyWord.description).toBe('Matches nothing');
      expect(Object.keys(body.properties)).not.toContain('type');
      expect(body.properties.order.enum).not.toContain('remark');
    }
    // Hidden fields are offered to nobody, even when declared searchable by mistake.
    const users = t.core.model.system('users');
    users.search.keyword.push('password');
    try {
      const eps = (await t.http().get('/admin/base/open/eps').set('Authorization', t.adminToken)).body.data;
      const user = (eps.base as Array<{ name: string; search: { keyWordLikeFields: string[] } }>).find((e) => e.name === 'sys/user')!;
      expect(user.search.keyWordLikeFields).not.toContain('password');
    } finally {
      users.search.keyword.splice(users.search.keyword.indexOf('password'), 1);
    }
  });
});
