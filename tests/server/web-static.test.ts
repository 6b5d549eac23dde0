/** The static web server: files, SPA fallback, gzip for text files, no escape from the root. */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { get, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWebServer } from '../../server/core/http/web';

describe('web static server', () => {
  let root: string;
  let app: Koa;
  const bigJs = `export const x = ${JSON.stringify('abc'.repeat(2000))};\n`;

  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'web-static-'));
    mkdirSync(join(root, 'assets'));
    writeFileSync(join(root, 'index.html'), '<!doctype html><title>COSMAC AI</title>' + ' '.repeat(2000));
    writeFileSync(join(root, 'assets', 'app-1.js'), bigJs);
    writeFileSync(join(root, 'assets', 'tiny.js'), 'export{}');
    writeFileSync(join(root, 'logo.png'), Buffer.alloc(4096, 7));
    const web = createWebServer(root);
    app = new Koa();
    app.use(async (ctx) => {
      if (!(await web(ctx as unknown as Parameters<typeof web>[0]))) {
        ctx.status = 404;
        ctx.body = { code: 1001 };
      }
    });
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  /** The bytes as sent (supertest would decompress them). */
  function rawGet(path: string, headers: Record<string, string>): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
    const server = app.listen(0, '127.0.0.1');
    return new Promise((resolve, reject) => {
      server.once('listening', () => {
        const { port } = server.address() as AddressInfo;
        get({ host: '127.0.0.1', port, path, headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            server.close();
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) });
          });
        }).on('error', (e) => {
          server.close();
          reject(e);
        });
      });
    });
  }

  it('sends scripts gzip-compressed to clients that accept gzip, with immutable caching for assets', async () => {
    const res = await rawGet('/assets/app-1.js', { 'Accept-Encoding': 'gzip' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['vary']).toMatch(/Accept-Encoding/);
    expect(res.headers['cache-control']).toContain('immutable');
    const raw = res.body;
    expect(raw.length).toBeLessThan(bigJs.length / 10);
    expect(gunzipSync(raw).toString()).toBe(bigJs);
  });

  it('sends plain bytes without Accept-Encoding, for small files and for binary files', async () => {
    const plain = await request(app.callback()).get('/assets/app-1.js').set('Accept-Encoding', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.text).toBe(bigJs);
    const tiny = await request(app.callback()).get('/assets/tiny.js').set('Accept-Encoding', 'gzip');
    expect(tiny.headers['content-encoding']).toBeUndefined();
    const png = await request(app.callback()).get('/logo.png').set('Accept-Encoding', 'gzip');
    expect(png.headers['content-encoding']).toBeUndefined();
    expect(png.headers['content-type']).toBe('image/png');
  });

  it('recompresses a file that changed on disk', async () => {
    const file = join(root, 'assets', 'app-1.js');
    const next = bigJs.replace('abc', 'xyz');
    writeFileSync(file, next);
    const later = new Date(Date.now() + 5000);
    utimesSync(file, later, later);
    const res = await request(app.callback()).get('/assets/app-1.js'); // supertest decompresses
    expect(res.text).toBe(next);
  });

  it('answers browser navigations with index.html (compressed) and refuses paths outside the root', async () => {
    const nav = await request(app.callback()).get('/admin/base/sys/user').set('Accept', 'text/html').set('Accept-Encoding', 'gzip');
    expect(nav.status).toBe(200);
    expect(nav.headers['content-type']).toMatch(/text\/html/);
    expect(nav.headers['content-encoding']).toBe('gzip');
    expect(nav.text).toContain('COSMAC AI');
    const api = await request(app.callback()).get('/assets/missing.js').set('Accept', 'application/json');
    expect(api.status).toBe(404);
    const escape = await request(app.callback()).get('/..%2f..%2fetc%2fpasswd');
    expect(escape.status).toBe(404);
  });

  it('sends HTML pages with a policy that forbids framing by other sites and scripts from elsewhere', async () => {
    for (const path of ['/workspace/store/1', '/index.html']) {
      const page = await request(app.callback()).get(path).set('Accept', 'text/html');
      expect(page.status).toBe(200);
      const csp = String(page.headers['content-security-policy']);
      const directives = new Map(
        csp
          .split(';')
          .map((d) => d.trim().split(/\s+/))
          .map(([name, ...values]) => [name, values]),
      );
      expect(directives.get('frame-ancestors')).toEqual(["'self'"]);
      expect(directives.get('script-src')).toContain("'self'");
      expect(directives.get('script-src')).not.toContain("'unsafe-inline'");
      expect(directives.get('object-src')).toEqual(["'none'"]);
      expect(directives.get('base-uri')).toEqual(["'self'"]);
      expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    }
    // Scripts and pictures need no page policy of their own.
    const script = await request(app.callback()).get('/assets/tiny.js');
    expect(script.headers['content-security-policy']).toBeUndefined();
  });
});
