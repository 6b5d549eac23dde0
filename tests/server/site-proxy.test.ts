/**
 * The marketing-site proxy (000 §1): configured public paths are streamed from SITE_PROXY_URL, the
 * API and the app's routes never are, a failing upstream answers 502, and it is off by default.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../helpers/app';
import { isSitePath } from '../../server/core/http/site-proxy';

interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
}

describe('site proxy', () => {
  const seen: Seen[] = [];
  let upstream: Server;
  let upstreamUrl: string;
  let proxied: TestApp;
  let plain: TestApp;
  let offHome: { status: number; text: string };
  let offSeen = -1;

  beforeAll(async () => {
    upstream = createServer((req, res) => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
      if (req.url === '/pricing/hang') return; // never answers: the proxy's timeout must end it
      if (req.url === '/pricing/broken') return req.socket.destroy();
      const status = req.url === '/about/gone' ? 410 : 200;
      res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'x-marketing': 'yes' });
      res.end(`<h1>marketing ${req.url}</h1>`);
    });
    await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
    upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
    // One app at a time in a process: the plain one checks the default, then the proxied one boots.
    plain = await startApp('sqlite', { env: { ...process.env, SITE_PROXY_URL: undefined } });
    offHome = await plain.http().get('/').set('Accept', 'text/html');
    offSeen = seen.length;
    await plain.close();
    proxied = await startApp('sqlite', {
      env: { ...process.env, SITE_PROXY_URL: upstreamUrl, SITE_PROXY_PATHS: '/,/about,/pricing,/workbench,/api,/admin', SITE_PROXY_TIMEOUT_MS: '500' },
    });
  });
  afterAll(async () => {
    await proxied?.close();
    await new Promise((r) => upstream.close(r));
  });

  it('answers a configured path with the upstream body and status, Host rewritten and X-Forwarded-* added', async () => {
    seen.length = 0;
    const home = await proxied.http().get('/?ref=ad').set('Accept', 'text/html').set('Authorization', 'secret-token');
    expect(home.status).toBe(200);
    expect(home.text).toBe('<h1>marketing /?ref=ad</h1>');
    expect(home.headers['x-marketing']).toBe('yes');
    const gone = await proxied.http().get('/about/gone').set('Accept', 'text/html');
    expect(gone.status).toBe(410);
    expect(gone.text).toContain('marketing /about/gone');
    expect(seen.map((s) => s.url)).toEqual(['/?ref=ad', '/about/gone']);
    expect(seen[0].headers.host).toBe(new URL(upstreamUrl).host);
    expect(seen[0].headers['x-forwarded-host']).toBeTruthy();
    expect(seen[0].headers['x-forwarded-proto']).toBe('http');
    expect(seen[0].headers['x-forwarded-for']).toBeTruthy();
    expect(seen[0].headers.authorization).toBeUndefined();
  });

  it('never forwards the API, app routes or writes, even when listed', async () => {
    seen.length = 0;
    const eps = await proxied.http().get('/admin/base/open/eps');
    expect(eps.body.code).toBe(1000);
    const api = await proxied.http().get('/api/admin/base/open/eps');
    expect(api.body.code).toBe(1000);
    const app = await proxied.http().get('/workbench').set('Accept', 'text/html');
    expect(app.text).not.toContain('marketing');
    const post = await proxied.http().post('/pricing').send({});
    expect(post.text).not.toContain('marketing');
    expect(seen).toEqual([]);
  });

  it('answers 502 with an error page when the upstream breaks or stays silent', async () => {
    const broken = await proxied.http().get('/pricing/broken').set('Accept', 'text/html').set('Accept-Language', 'zh-CN');
    expect(broken.status).toBe(502);
    expect(broken.text).toContain('502');
    expect(broken.text).toContain('糟糕');
    const hang = await proxied.http().get('/pricing/hang').set('Accept', 'text/html');
    expect(hang.status).toBe(502);
    expect(hang.text).toContain('Oops, something went wrong');
  });

  it('is off by default: the home page is the web app', async () => {
    expect(offHome.status).toBe(200);
    expect(offHome.text).not.toContain('marketing');
    expect(offSeen).toBe(0);
  });

  it('matches `/` only as itself and other entries with their sub-paths', () => {
    expect(isSitePath('/', ['/'])).toBe(true);
    expect(isSitePath('/x', ['/'])).toBe(false);
    expect(isSitePath('/blog/a', ['/blog'])).toBe(true);
    expect(isSitePath('/blogger', ['/blog'])).toBe(false);
    expect(isSitePath('/admin/x', ['/admin'])).toBe(false);
  });
});
