/**
 * What the shipped nginx configuration does to each request in front of two instances: request ids
 * through, the client's address for the app (TRUST_PROXY), body limits and streamed uploads into the
 * shared upload folder, compression, and an app-level 503 passed on without taking an instance out.
 * Skipped without nginx, redis-server or MariaDB, unless CI=true (then their absence fails the run).
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, call, clusterSkipReason, login, startCluster, type Cluster } from './start-cluster';
import { NGINX_BIN, SHIPPED_CONF } from './nginx';

const skip = await clusterSkipReason();
const suite = skip ? describe.skip : describe;

/** A GET through node:http from a chosen local address (127.0.0.2 is another client on loopback). */
function getFrom(localAddress: string, url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { localAddress, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject).end();
  });
}

suite(`requests through the shipped nginx configuration${skip ? ` (skipped: ${skip})` : ''}`, () => {
  let c: Cluster;
  let admin = '';

  beforeAll(async () => {
    c = await startCluster();
    admin = await login(c.nginx.url, 'admin', ADMIN_PASSWORD);
  }, 360_000);
  afterAll(async () => {
    await c?.close();
  });

  it("passes `nginx -t` as shipped (its listen and upstream lines untouched), inside a main configuration like Debian's", () => {
    const dir = mkdtempSync(join(c.nginx.dir, 'as-shipped-'));
    // Only the log folder moves, so the check writes nothing under /var/log.
    writeFileSync(join(dir, 'cosmac.conf'), readFileSync(SHIPPED_CONF, 'utf8').replaceAll('/var/log/nginx/', `${dir}/`));
    writeFileSync(
      join(dir, 'nginx.conf'),
      `pid ${dir}/nginx.pid;\nevents {}\nhttp {\n  include /etc/nginx/mime.types;\n  gzip on;\n  include ${dir}/cosmac.conf;\n}\n`,
    );
    const t = spawnSync(NGINX_BIN, ['-t', '-p', `${dir}/`, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'error.log')], { encoding: 'utf8' });
    expect(`${t.stdout}${t.stderr}`).toContain('test is successful');
  });

  it('passes a sane X-Request-Id through and answers with it, and makes one when there is none or it is not sane', async () => {
    const sent = await call(c.nginx.url, 'GET', '/admin/base/comm/person', { token: admin, rid: 'req-1.a:b_C' });
    expect(sent.headers.get('x-request-id')).toBe('req-1.a:b_C');
    const none = await call(c.nginx.url, 'GET', '/admin/base/comm/person', { token: admin });
    const made = none.headers.get('x-request-id') ?? '';
    expect(made).toMatch(/^[0-9a-f]{32}$/);
    const bad = await call(c.nginx.url, 'GET', '/admin/base/comm/person', { token: admin, rid: 'not sane; <script>' });
    const replaced = bad.headers.get('x-request-id') ?? '';
    expect(replaced).toMatch(/^[0-9a-f]{32}$/);
    // nginx's access log names the same ids, so one request is followed from nginx into the app.
    expect(await c.nginx.logged(['req-1.a:b_C', made, replaced])).toHaveLength(3);
  });

  it('gives the app the address nginx saw, not one the client wrote into X-Forwarded-For', async () => {
    const probe = `probe${Date.now()}`;
    // A cache buster carries the marker the request log is searched by (a call refuses unknown fields).
    const status = await getFrom('127.0.0.2', `${c.nginx.url}/admin/base/comm/person?_t=${probe}`, { authorization: admin, 'x-forwarded-for': '198.51.100.7' });
    expect(status).toBe(200);
    // The request log is written in batches, about once a second.
    await expect
      .poll(async () => (await c.sql<Array<{ ip: string }>>('SELECT `ip` FROM `base_sys_log` WHERE `params` LIKE ?', [`%${probe}%`])).map((r) => r.ip))
      .toEqual(['127.0.0.2']);
  });

  it('refuses a body over 8 MiB at nginx, but streams a larger upload through into the folder every instance serves', async () => {
    const big = JSON.stringify({ title: 'x'.repeat(9 * 1024 * 1024) });
    const refused = await fetch(`${c.nginx.url}/admin/demo/goods/add`, {
      method: 'POST',
      headers: { authorization: admin, 'content-type': 'application/json' },
      body: big,
    });
    expect(refused.status).toBe(413);
    // Refused by nginx itself: no instance was asked.
    await expect
      .poll(() =>
        c.nginx
          .accessLog()
          .filter((l) => l.status === 413)
          .map((l) => [l.request, l.upstreams]),
      )
      .toEqual([['POST /admin/demo/goods/add HTTP/1.1', []]]);

    const bytes = Buffer.alloc(12 * 1024 * 1024, 7);
    const form = new FormData();
    form.append('file', new Blob([bytes], { type: 'application/zip' }), 'big.zip');
    const res = await fetch(`${c.nginx.url}/admin/base/comm/upload`, { method: 'POST', headers: { authorization: admin }, body: form });
    const body = (await res.json()) as { code: number; data: Array<{ url: string; size: number }> };
    expect(body.code, JSON.stringify(body)).toBe(1000);
    const { url, size } = body.data[0];
    expect(size).toBe(bytes.length);
    for (const base of [...c.instances.map((i) => i.url), c.nginx.url]) {
      const got = await fetch(`${base}${url}`, { headers: { 'accept-encoding': 'gzip' } });
      expect([got.status, got.headers.get('content-encoding')], base).toEqual([200, null]);
      expect((await got.arrayBuffer()).byteLength).toBe(bytes.length);
    }
  });

  it('compresses JSON answers that the instances send uncompressed', async () => {
    const many = await call(c.nginx.url, 'POST', '/admin/demo/goods/add', {
      token: admin,
      body: Array.from({ length: 40 }, (_, n) => ({ title: `Compressible goods number ${n}`, status: 1 })),
    });
    expect(many.body.code).toBe(1000);
    const ask = (base: string) =>
      fetch(`${base}/admin/demo/goods/page`, {
        method: 'POST',
        headers: { authorization: admin, 'content-type': 'application/json', 'accept-encoding': 'gzip' },
        body: JSON.stringify({ size: 40 }),
      });
    const direct = await ask(c.instances[0].url);
    expect(direct.headers.get('content-encoding')).toBeNull();
    const proxied = await ask(c.nginx.url);
    expect(proxied.headers.get('content-encoding')).toBe('gzip');
    expect(((await proxied.json()) as { data: { list: unknown[] } }).data.list).toHaveLength(40);
  });

  it('passes an app 503 (a provider not set up) on without retrying it elsewhere or taking the instances out', async () => {
    const rids503 = Array.from({ length: 6 }, (_, n) => `app-503-${n}`);
    for (const rid of rids503) {
      const res = await call(c.nginx.url, 'GET', '/admin/base/alipay/testPay', { token: admin, rid });
      expect([res.status, res.body.code]).toEqual([503, 1003]);
    }
    // Each asked one instance only.
    const lines = await c.nginx.logged(rids503);
    expect(lines.map((l) => l.upstreams.length)).toEqual([1, 1, 1, 1, 1, 1]);
    // Both instances still take requests (with http_503 in proxy_next_upstream they would be "down" for 10 s).
    const served = new Set<string>();
    for (let n = 0; n < 6; n++) {
      const rid = `after-503-${n}`;
      expect((await call(c.nginx.url, 'GET', '/admin/base/comm/person', { token: admin, rid })).status).toBe(200);
      served.add(c.nameOf((await c.nginx.logged([rid]))[0].upstreams[0]));
    }
    expect([...served].sort()).toEqual(['a', 'b']);
  });
});
