/**
 * Readiness and the graceful stop of a real server process (issue 24 item 3), on SQLite: ready once
 * started; on SIGTERM readiness turns false at once (`draining`), the listener closes (a new
 * connection is refused), a request in flight (its body still arriving) completes with
 * `Connection: close`, so does a request sent 6 s into the drain on a kept-alive connection left idle
 * (idle ones are kept KEEP_ALIVE_TIMEOUT_MS), a socket is told to reconnect and closed, the request log (flushed only by
 * the stop here) holds every request with its X-Request-Id, and the process exits with 0 within
 * SHUTDOWN_TIMEOUT_MS. The process logs JSON lines (LOG_FORMAT=json).
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { connect as tcpConnect, type Socket as TcpSocket } from 'node:net';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD } from '../helpers/app';
import { buildServerOnce, startServerProcess } from '../helpers/build';
import { sleep, stop } from '../helpers/cluster';
import { connect as socketConnect, waitNotice } from '../helpers/sockets';

// Outside any hook, so a slow build on a busy machine meets no hook's time limit.
await buildServerOnce();

const SHUTDOWN_TIMEOUT_MS = 20_000;
/** When the connection left idle across the signal sends its request: past the 5 s after which idle connections used to be cut. */
const IDLE_REQUEST_AT_MS = 6000;

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: any;
}

/** Opens a TCP connection to the server. */
function open(port: number): Promise<TcpSocket> {
  return new Promise((resolve, reject) => {
    const s = tcpConnect(port, '127.0.0.1', () => resolve(s));
    s.once('error', reject);
  });
}

/** A raw HTTP/1.1 connection: requests written by hand (a part at a time), answers read in order. */
class RawConnection {
  private buffer = Buffer.alloc(0);
  private readonly answers: RawAnswer[] = [];
  private waiting: ((a: RawAnswer) => void) | null = null;
  ended = false;

  constructor(readonly socket: TcpSocket) {
    socket.on('data', (c: Buffer) => {
      this.buffer = Buffer.concat([this.buffer, c]);
      this.parse();
    });
    socket.on('close', () => (this.ended = true));
    socket.on('error', () => (this.ended = true));
  }

  static async open(port: number): Promise<RawConnection> {
    return new RawConnection(await open(port));
  }

  private parse(): void {
    for (;;) {
      const end = this.buffer.indexOf('\r\n\r\n');
      if (end < 0) return;
      const [statusLine, ...lines] = this.buffer.subarray(0, end).toString('utf8').split('\r\n');
      const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
      const length = Number(headers['content-length'] ?? 0);
      if (this.buffer.length < end + 4 + length) return;
      const body = this.buffer.subarray(end + 4, end + 4 + length).toString('utf8');
      this.buffer = this.buffer.subarray(end + 4 + length);
      const answer = { status: Number(statusLine.split(' ')[1]), headers, body: body ? JSON.parse(body) : null };
      if (this.waiting) {
        this.waiting(answer);
        this.waiting = null;
      } else this.answers.push(answer);
    }
  }

  write(text: string): void {
    this.socket.write(text);
  }

  /** The next answer on this connection. */
  answer(): Promise<RawAnswer> {
    const ready = this.answers.shift();
    return ready ? Promise.resolve(ready) : new Promise((resolve) => (this.waiting = resolve));
  }

  /** Resolves once the server has closed the connection. */
  async closedByServer(ms = 30_000): Promise<boolean> {
    const until = Date.now() + ms;
    while (!this.ended && Date.now() < until) await sleep(20);
    return this.ended;
  }
}

/** Whether a new connection is refused now (the listener is closed). */
async function refused(port: number): Promise<boolean> {
  try {
    (await open(port)).destroy();
    return false;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'ECONNREFUSED';
  }
}

describe('readiness and the graceful stop of a server process', () => {
  const dir = join(process.env.DATA_DIR!, `drain-${randomBytes(3).toString('hex')}`);
  const dbFile = join(dir, 'drain.sqlite');
  let proc: ChildProcess;
  let port: number;
  const output: string[] = [];
  let exited: Promise<{ code: number | null; at: number }>;

  beforeAll(async () => {
    mkdirSync(dir, { recursive: true });
    ({ proc, port } = await startServerProcess({
      DATABASE_URL: `sqlite:${dbFile}`,
      DATA_DIR: dir,
      LOG_DIR: join(dir, 'logs'),
      ADMIN_PASSWORD,
      SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS),
      LOG_FORMAT: 'json',
      LOG_CONSOLE_LEVEL: 'info',
      // Written only by the stop's flush within this test.
      REQUEST_LOG_FLUSH_MS: '600000',
    }));
    proc.stdout!.on('data', (d) => output.push(String(d)));
    proc.stderr!.on('data', (d) => output.push(String(d)));
    exited = new Promise((resolve) => proc.once('exit', (code) => resolve({ code, at: Date.now() })));
  }, 240_000);
  afterAll(async () => {
    await stop(proc, 'SIGKILL');
  });

  const base = () => `http://127.0.0.1:${port}`;
  const call = async (path: string, init: RequestInit & { reqId?: string } = {}) => {
    const res = await fetch(`${base()}${path}`, {
      ...init,
      headers: { 'Content-Type': 'application/json', ...(init.reqId ? { 'X-Request-Id': init.reqId } : {}), ...(init.headers as Record<string, string>) },
    });
    return { status: res.status, headers: res.headers, body: await res.json() };
  };

  it('is ready once started, drains on SIGTERM and exits with 0, the request log flushed', async () => {
    const ready = await call('/health/ready', { reqId: 'drain-ready-before' });
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ code: 1000, message: 'success', data: { ready: true } });
    expect(ready.headers.get('x-request-id')).toBe('drain-ready-before');
    expect(ready.headers.get('cache-control')).toBe('no-store');

    const login = await call('/admin/base/open/login', {
      method: 'POST',
      reqId: 'drain-login',
      body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
    });
    expect(login.body.code).toBe(1000);
    const token = login.body.data.token as string;
    const page = await call('/admin/base/sys/user/page', { method: 'POST', reqId: 'drain-page', headers: { Authorization: token }, body: '{"page":1}' });
    expect(page.body.code).toBe(1000);

    const socket = await socketConnect(token, { url: base() });
    const disconnected = new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));

    // In flight when the signal comes: a page whose body is still arriving, and a readiness probe
    // whose headers are not complete yet, each on a kept-alive connection the server has already
    // served once (so it has accepted them: a connection still in the listen queue when the listener
    // closes is reset by the system, which a load balancer retries elsewhere).
    const body = '{"page":1,"size":5}';
    const slow = await RawConnection.open(port);
    const probe = await RawConnection.open(port);
    // And a kept-alive connection left idle, as nginx keeps some: it sends its next request well into
    // the drain. The server keeps it open until it has been idle for KEEP_ALIVE_TIMEOUT_MS (10 s),
    // longer than a proxy keeps it (nginx: 4 s), so it is served, not cut under the request.
    const idle = await RawConnection.open(port);
    for (const c of [slow, probe, idle]) {
      c.write('GET /health HTTP/1.1\r\nHost: x\r\n\r\n');
      const first = await c.answer();
      expect(first.status).toBe(200);
      expect(first.headers.connection).toBe('keep-alive');
      expect(first.headers['keep-alive']).toBe('timeout=10');
    }
    slow.write(
      `POST /admin/base/sys/user/page HTTP/1.1\r\nHost: x\r\nAuthorization: ${token}\r\nX-Request-Id: drain-slow\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 5)}`,
    );
    probe.write('GET /health/ready HTTP/1.1\r\nHost: x\r\nX-Request-Id: drain-ready-after\r\n');
    await sleep(300);

    const signalled = Date.now();
    proc.kill('SIGTERM');

    // The listener closes: a new connection is refused.
    let closed = false;
    for (let i = 0; i < 300 && !closed; i++) {
      closed = await refused(port);
      if (!closed) await sleep(100);
    }
    expect(closed).toBe(true);

    probe.write('\r\n');
    const notReady = await probe.answer();
    expect(notReady.status).toBe(503);
    expect(notReady.body).toMatchObject({ code: 1003, data: { ready: false, reason: 'draining' } });
    expect(notReady.headers.connection).toBe('close');
    expect(await probe.closedByServer()).toBe(true);

    // The socket was told to reconnect elsewhere, then closed.
    await waitNotice(socket, 'server', (d: { reconnect?: boolean }) => d.reconnect === true);
    expect(['io server disconnect', 'transport close']).toContain(await disconnected);
    socket.close();

    await sleep(700);
    slow.write(body.slice(5));
    const finished = await slow.answer();
    expect(finished.status).toBe(200);
    expect(finished.body.code).toBe(1000);
    expect(finished.body.data.list.length).toBeGreaterThanOrEqual(1);
    expect(finished.headers.connection).toBe('close');
    expect(finished.headers['x-request-id']).toBe('drain-slow');
    expect(await slow.closedByServer()).toBe(true);

    await sleep(signalled + IDLE_REQUEST_AT_MS - Date.now());
    expect(idle.ended).toBe(false);
    idle.write(
      `POST /admin/base/sys/user/page HTTP/1.1\r\nHost: x\r\nAuthorization: ${token}\r\nX-Request-Id: drain-idle\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
    );
    const late = await idle.answer();
    expect(late.status).toBe(200);
    expect(late.body.code).toBe(1000);
    expect(late.headers.connection).toBe('close');
    expect(await idle.closedByServer()).toBe(true);

    const { code, at } = await exited;
    expect(code).toBe(0);
    expect(at - signalled).toBeLessThan(SHUTDOWN_TIMEOUT_MS);

    // The request log was flushed by the stop: every API request, with its id (probes are not logged).
    const db = new Database(dbFile, { readonly: true });
    const rows = db.prepare('SELECT `action`, `reqId` FROM `base_sys_log`').all() as Array<{ action: string; reqId: string | null }>;
    db.close();
    const ids = rows.map((r) => r.reqId);
    expect(ids).toEqual(expect.arrayContaining(['drain-login', 'drain-page', 'drain-slow', 'drain-idle']));
    expect(rows.find((r) => r.reqId === 'drain-slow')?.action).toBe('/admin/base/sys/user/page');
    expect(ids.some((id) => id?.startsWith('drain-ready'))).toBe(false);

    // Every line the process printed is a JSON object (LOG_FORMAT=json), the stop's included.
    const lines = output
      .join('')
      .split('\n')
      .filter((l) => l.trim());
    expect(lines.length).toBeGreaterThan(0);
    for (const l of lines) expect(JSON.parse(l)).toMatchObject({ time: expect.any(String), level: expect.any(String), msg: expect.any(String) });
    expect(lines.some((l) => l.includes('receive signal SIGTERM'))).toBe(true);
  });
});
