/**
 * The LLM adapter's fetch over node:http (server/adapters/http-fetch.ts), against a real HTTP
 * server on 127.0.0.1: what it sends, the Response it answers (status, headers, a body read as a web
 * stream or taken as the Node stream, never both), error bodies read whole, aborts, and connections
 * kept alive.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { nodeFetch, takeNodeBody } from '../../server/adapters/http-fetch';

interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  port: number;
}

describe('fetch over node:http', () => {
  let server: http.Server;
  let base: string;
  const seen: Seen[] = [];
  const fetch = nodeFetch();

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const parts: Buffer[] = [];
      req.on('data', (c: Buffer) => parts.push(c));
      req.on('end', () => {
        seen.push({ method: req.method!, url: req.url!, headers: req.headers, body: Buffer.concat(parts).toString(), port: req.socket.remotePort! });
        if (req.url === '/stream') {
          res.writeHead(200, { 'content-type': 'text/event-stream', 'x-many': ['a', 'b'] });
          let n = 0;
          const tick = setInterval(() => {
            res.write(`data: ${n}\n\n`);
            if (++n === 5) {
              clearInterval(tick);
              res.end();
            }
          }, 5);
        } else if (req.url === '/hang') {
          res.writeHead(200, { 'content-type': 'text/event-stream' });
          res.write('data: first\n\n');
        } else if (req.url === '/empty') {
          res.writeHead(204);
          res.end();
        } else if (req.url === '/limited') {
          res.writeHead(429, 'Too Many Requests', { 'content-type': 'application/json', 'retry-after': '2' });
          res.end(JSON.stringify({ error: { message: 'slow down' } }));
        } else {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ ok: true }));
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    fetch.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('sends the method, headers and body, and answers the status, headers and a web body', async () => {
    const res = await fetch(`${base}/json`, {
      method: 'POST',
      headers: { authorization: 'Bearer k', 'content-type': 'application/json' },
      body: '{"q":"中文"}',
    });
    expect(res.status).toBe(200);
    expect(res.ok).toBe(true);
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(await res.json()).toEqual({ ok: true });
    const last = seen.at(-1)!;
    expect(last).toMatchObject({ method: 'POST', url: '/json', body: '{"q":"中文"}' });
    expect(last.headers.authorization).toBe('Bearer k');
    expect(last.headers['content-length']).toBe(String(Buffer.byteLength('{"q":"中文"}')));
  });

  it('streams a 2xx body as a web stream, or hands its Node stream over, but never both', async () => {
    const web = await fetch(`${base}/stream`);
    expect(web.headers.get('x-many')).toBe('a, b');
    const text = await web.text();
    expect(text).toBe([0, 1, 2, 3, 4].map((n) => `data: ${n}\n\n`).join(''));
    // Read as a web stream already: there is no Node stream to take.
    expect(takeNodeBody(web)).toBeNull();

    const node = await fetch(`${base}/stream`);
    const res = takeNodeBody(node)!;
    expect(res).not.toBeNull();
    expect(takeNodeBody(node)).toBeNull();
    const chunks: string[] = [];
    for await (const c of res) chunks.push(String(c));
    expect(chunks.join('')).toBe(text);
    // Taken as a Node stream: its web body refuses to be read.
    await expect(node.text()).rejects.toThrow(/taken as a Node stream/);
  });

  it('reads any other status whole, so its text is there for the caller', async () => {
    const res = await fetch(`${base}/limited`, { method: 'POST', body: '{}' });
    expect(res.status).toBe(429);
    expect(res.statusText).toBe('Too Many Requests');
    expect(res.headers.get('retry-after')).toBe('2');
    expect(takeNodeBody(res)).toBeNull();
    expect(await res.json()).toEqual({ error: { message: 'slow down' } });
    const empty = await fetch(`${base}/empty`);
    expect(empty.status).toBe(204);
    expect(empty.body).toBeNull();
  });

  it('ends the request, or its body half read, when the signal aborts', async () => {
    const before = new AbortController();
    before.abort();
    await expect(fetch(`${base}/json`, { signal: before.signal })).rejects.toMatchObject({ name: 'AbortError' });

    const ctl = new AbortController();
    const res = takeNodeBody(await fetch(`${base}/hang`, { signal: ctl.signal }))!;
    const chunks: string[] = [];
    const ended = new Promise<void>((resolve) => {
      res.on('data', (c) => {
        chunks.push(String(c));
        ctl.abort();
      });
      res.once('error', () => resolve());
      res.once('close', () => resolve());
    });
    await ended;
    // The first event came; the body then ended there, incomplete, and its connection with it.
    expect(chunks.join('')).toBe('data: first\n\n');
    expect(res.complete).toBe(false);
    expect(res.destroyed).toBe(true);
  });

  it('keeps its connection alive from one request to the next', async () => {
    await (await fetch(`${base}/json`)).text();
    await (await fetch(`${base}/json`)).text();
    const [a, b] = seen.slice(-2);
    expect(a.port).toBe(b.port);
  });

  it('refuses what it cannot send rather than sending something else', async () => {
    await expect(fetch('ftp://127.0.0.1/file')).rejects.toThrow(TypeError);
    await expect(fetch(`${base}/json`, { method: 'POST', body: new URLSearchParams({ a: '1' }) })).rejects.toThrow(/string or byte bodies/);
  });
});
