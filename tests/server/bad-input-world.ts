/**
 * What the bad-input tests share: the app on a database kind with demo goods seeded, the
 * administrator's calls, a snapshot of what a refusal must leave unchanged, and the refusal's checks.
 */
import { afterAll, beforeAll, expect } from 'vitest';
import { startApp, type TestApp } from '../helpers/app';

export type Res = { status: number; body: any; text: string; headers: Record<string, string> };

export const SEED = [
  { title: 'Apple', price: 1.5, status: 1, stock: 10 },
  { title: 'Banana', price: 2, status: 0, stock: 5 },
  { title: '100% cotton shirt', price: 30, status: 1, stock: 3 },
  { title: 'snake_case mug', price: 12.25, status: 1, stock: 7 },
  { title: 'Cherry', price: 8, status: 0, stock: 0 },
];

export const CJK = /[\u4e00-\u9fff]/;

/** Starts the app for the describe block it is called in (beforeAll) and closes it after (afterAll). */
export function badInputWorld(kind: 'sqlite' | 'mysql') {
  let t: TestApp;
  let seededIds: number[] = [];

  beforeAll(async () => {
    t = await startApp(kind);
    const res = await t.http().post('/admin/demo/goods/add').set('Authorization', t.adminToken).send(SEED);
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(1000);
    seededIds = res.body.data.ids;
    expect(seededIds).toHaveLength(SEED.length);
  });
  afterAll(async () => {
    await t?.close();
  });

  const post = (path: string, body?: unknown) => {
    const r = t.http().post(path).set('Authorization', t.adminToken);
    return body === undefined ? r : r.send(body as object);
  };
  const get = (path: string) => t.http().get(path).set('Authorization', t.adminToken);

  async function snapshot() {
    const q = t.core.db.q;
    const goods = await t.core.db.query(`SELECT * FROM ${q('demo_goods')} ORDER BY ${q('id')}`);
    const [u] = await t.core.db.query<{ n: number }>(`SELECT COUNT(*) AS ${q('n')} FROM ${q('base_sys_user')}`);
    const [r] = await t.core.db.query<{ n: number }>(`SELECT COUNT(*) AS ${q('n')} FROM ${q('recycle_data')}`);
    return { goods, users: Number(u.n), recycle: Number(r.n) };
  }

  /** Asserts the shape of a refusal: status, envelope code, a message, and nothing leaked. */
  function expectRefusal(res: Res, status: number, code: 1001 | 1002) {
    expect(res.status, res.text.slice(0, 500)).toBe(status);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.body.code).toBe(code);
    expect(typeof res.body.message).toBe('string');
    expect(res.body.message.trim().length).toBeGreaterThan(0);
    expect(res.body.message).not.toBe('success');
    expect(res.text).not.toMatch(/Error:/);
    expect(res.text).not.toMatch(/\bat \S*[/\\]\S+\.(?:[cm]?[jt]s)\b/);
    expect(res.text).not.toMatch(/\bat .*\(\S+:\d+:\d+\)/);
    expect(res.text).not.toMatch(/node_modules|\/work\/|server\/core/);
    if (code === 1002) {
      expect(Array.isArray(res.body.data)).toBe(true);
      expect(res.body.data.length).toBeGreaterThan(0);
      for (const e of res.body.data) {
        expect(typeof e.field).toBe('string');
        expect(typeof e.rule).toBe('string');
        expect(typeof e.message).toBe('string');
        expect(e.message.length).toBeGreaterThan(0);
      }
    }
  }

  /** Sends a bad request; asserts the refusal and that the database did not change. */
  async function refused(send: () => PromiseLike<Res>, status: number, code: 1001 | 1002): Promise<Res> {
    const before = await snapshot();
    const res = await send();
    expectRefusal(res, status, code);
    expect(await snapshot()).toEqual(before);
    return res;
  }

  const fieldsOf = (res: Res) => res.body.data.map((e: { field: string }) => e.field);
  const rulesFor = (res: Res, field: string) => res.body.data.filter((e: { field: string }) => e.field === field).map((e: { rule: string }) => e.rule);

  return {
    get t() {
      return t;
    },
    get seededIds() {
      return seededIds;
    },
    post,
    get,
    snapshot,
    expectRefusal,
    refused,
    fieldsOf,
    rulesFor,
  };
}
