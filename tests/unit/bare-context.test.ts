/**
 * BareContext (server/core/http/bare-context.ts) stands in for koa's context on the generic CRUD
 * routes: the same work done over it and over koa must give the same bytes on the wire and the same
 * values read from the request.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa, { type Context } from 'koa';
import { BareContext, bareListener } from '../../server/core/http/bare-context';
import { RouteTable, type Route } from '../../server/core/http/route';

/** What the request middleware and the dispatcher do with a context, reading a few request values into a header. */
async function work(ctx: Context, status: number, body: string | null): Promise<void> {
  ctx.set('X-Request-Id', ctx.get('x-request-id') || 'made-here');
  const seen = { ip: ctx.ip, path: ctx.path, qs: ctx.querystring, lang: ctx.get('Language'), ref: ctx.get('referrer'), method: ctx.method };
  await Promise.resolve();
  ctx.status = status;
  ctx.set('Cache-Control', 'no-store');
  if (body !== null) {
    ctx.set('Content-Type', 'application/json; charset=utf-8');
    ctx.body = body;
  }
  ctx.set('X-Seen', JSON.stringify(seen));
  ctx.set('X-Status', String(ctx.status));
}

const servers: Server[] = [];

async function listen(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<number> {
  const s = createServer(handler);
  servers.push(s);
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  return (s.address() as AddressInfo).port;
}

/** Two servers doing `work` with the same koa settings: one through koa, one over a BareContext. */
async function pair(status: number, body: string | null, proxy: { proxy: boolean; maxIpsCount: number }): Promise<[number, number]> {
  const app = new Koa({ proxy: proxy.proxy, maxIpsCount: proxy.maxIpsCount });
  app.use((ctx) => work(ctx as unknown as Context, status, body));
  const viaKoa = await listen(app.callback());
  const bare = await listen((req, res) => {
    const ctx = new BareContext(req, res, app);
    void work(ctx as unknown as Context, status, body).then(() => ctx.respond());
  });
  return [viaKoa, bare];
}

function call(port: number, path: string, headers: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    const r = request({ host: '127.0.0.1', port, path, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => {
        const head = res.rawHeaders.map((h, i) => (i % 2 ? `${h}\n` : `${h}: `)).join('');
        resolve(`${res.statusCode} ${res.statusMessage}\n${head.replace(/^Date: .*$/m, 'Date: *')}\n${text}`);
      });
    });
    r.on('error', reject);
    r.end();
  });
}

afterAll(() => {
  for (const s of servers) s.close();
});

describe('BareContext', () => {
  const headers = { 'x-forwarded-for': '203.0.113.7, 198.51.100.2', language: 'zh-cn', referer: 'http://x.test/a' };

  for (const [status, body] of [
    [200, '{"code":1000,"message":"success","data":{"id":5,"title":"é"}}'],
    [404, '{"code":1001,"message":"Record not found","data":null}'],
    [413, '{"code":1001,"message":"too large","data":null}'],
    [500, null],
    [204, '{"code":1000}'],
  ] as const) {
    it(`answers status ${status} ${body === null ? 'without a body' : 'with a body'} byte for byte as koa does`, async () => {
      for (const proxy of [
        { proxy: false, maxIpsCount: 0 },
        { proxy: true, maxIpsCount: 1 },
      ]) {
        const [viaKoa, bare] = await pair(status, body, proxy);
        for (const path of ['/admin/demo/goods/info?id=5&x=%20y', '/api/admin/demo/goods/page', '/a/b?']) {
          expect(await call(bare, path, headers)).toBe(await call(viaKoa, path, headers));
          expect(await call(bare, path, { 'x-request-id': 'given-1' })).toBe(await call(viaKoa, path, { 'x-request-id': 'given-1' }));
        }
      }
    });
  }
});

describe('bareListener', () => {
  const route = (method: 'GET' | 'POST', path: string, ctxFree: boolean): Route =>
    ({
      method,
      path,
      guard: 'public',
      permission: null,
      summary: { en: '', 'zh-cn': '', 'zh-tw': '' },
      module: 'm',
      group: 'g',
      ctxFree,
      handler: async () => null,
    }) as Route;
  const routes = new RouteTable();
  routes.add(route('GET', '/admin/m/g/info', true));
  routes.add(route('GET', '/admin/m/g/item/{id}', true));
  routes.add(route('POST', '/admin/m/g/upload', false));

  /** Which way a request goes: 'bare' (the middleware ran) or 'koa'. */
  function way(method: string, url: string): string {
    let taken = '';
    const listener = bareListener(
      routes,
      { proxy: false, proxyIpHeader: 'X-Forwarded-For', maxIpsCount: 0 },
      async () => {
        taken = 'bare';
      },
      async () => undefined,
      () => undefined,
      () => (taken = 'koa'),
    );
    const req = { method, url, headers: {}, socket: {}, httpVersionMajor: 1 } as unknown as IncomingMessage;
    const res = { statusCode: 200, headersSent: false, writableEnded: false, setHeader() {}, hasHeader: () => false, end() {} } as unknown as ServerResponse;
    void listener(req, res);
    return taken;
  }

  it('answers a ctxFree GET or POST itself, at /admin and under /api, and hands everything else to koa', () => {
    expect(way('GET', '/admin/m/g/info?id=1')).toBe('bare');
    expect(way('GET', '/api/admin/m/g/info?id=1')).toBe('bare');
    expect(way('GET', '/admin/m/g/item/7')).toBe('bare');
    expect(way('HEAD', '/admin/m/g/info?id=1')).toBe('koa');
    expect(way('POST', '/admin/m/g/upload')).toBe('koa');
    expect(way('GET', '/admin/m/g/nothing')).toBe('koa');
    expect(way('GET', '/admin/login')).toBe('koa');
  });

  it('leaves a path whose parameter cannot be decoded to koa instead of throwing in the listener', () => {
    expect(way('GET', '/admin/m/g/item/%E0%A4%A')).toBe('koa');
  });
});
