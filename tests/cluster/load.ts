/**
 * A steady load through nginx for the failover tests: readers (GET of the caller's profile) and
 * writers (POST adding a goods row titled with the request id), each sending one request after
 * another until stopped, every request with its own X-Request-Id so nginx's access log tells who
 * answered it.
 *
 * `freshConnections` sends every request on a new connection (`Connection: close`). An nginx reload
 * closes the idle kept-alive client connections of its old workers, and a request the client sends
 * on one at that moment is lost between client and nginx (browsers retry such requests; this
 * client would not). That race is nginx's own, not the instances', so the test of a reload uses it.
 * Otherwise a run keeps its connections alive in a pool of its own, opened after whatever reload
 * came before it (a pool shared with earlier calls once held a connection of an old worker, which
 * closed it under a request of the next run: "other side closed", never reaching nginx's log).
 */
import type { ChildProcess } from 'node:child_process';
import { Agent, request } from 'node:http';

export interface Outcome {
  rid: string;
  write: boolean;
  ok: boolean;
  detail: string;
}

export interface LoadOptions {
  readers: number;
  writers?: number;
  freshConnections?: boolean;
}

/** One request, on a connection of its own (`agent` false) or one of the run's pool; resolves with status and envelope code. */
function once(
  url: string,
  method: 'GET' | 'POST',
  headers: Record<string, string>,
  agent: Agent | false,
  body?: string,
): Promise<{ status: number; code: number; message: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method,
        agent,
        headers: {
          ...headers,
          ...(agent ? {} : { connection: 'close' }),
          ...(body ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) } : {}),
        },
      },
      (res) => {
        let text = '';
        res
          .setEncoding('utf8')
          .on('data', (d: string) => (text += d))
          .on('end', () => {
            try {
              const j = JSON.parse(text) as { code: number; message: string };
              resolve({ status: res.statusCode ?? 0, code: j.code, message: j.message });
            } catch {
              resolve({ status: res.statusCode ?? 0, code: -1, message: text.slice(0, 200) });
            }
          });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

export function load(base: string, token: string, tag: string, opts: LoadOptions) {
  const outcomes: Outcome[] = [];
  let running = true;
  const pool = opts.freshConnections ? false : new Agent({ keepAlive: true });
  const send = (write: boolean, rid: string) => {
    const body = write ? JSON.stringify({ title: rid, status: 1 }) : undefined;
    const path = write ? '/admin/demo/goods/add' : '/admin/base/comm/person';
    return once(`${base}${path}`, write ? 'POST' : 'GET', { authorization: token, 'x-request-id': rid }, pool, body);
  };
  const worker = async (w: number, write: boolean) => {
    for (let n = 0; running; n++) {
      const rid = `${tag}-${write ? 'w' : 'r'}${w}-${n}`;
      try {
        const res = await send(write, rid);
        outcomes.push({ rid, write, ok: res.status === 200 && res.code === 1000, detail: `${res.status} ${res.message}` });
      } catch (e) {
        outcomes.push({ rid, write, ok: false, detail: String((e as Error).cause ?? e) });
      }
    }
  };
  const all = [...Array.from({ length: opts.readers }, (_, w) => worker(w, false)), ...Array.from({ length: opts.writers ?? 0 }, (_, w) => worker(w, true))];
  return {
    outcomes,
    async stop() {
      running = false;
      await Promise.all(all);
      if (pool) pool.destroy();
      return outcomes;
    },
  };
}

export function exited(proc: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  if (proc.exitCode !== null || proc.signalCode !== null) return Promise.resolve({ code: proc.exitCode, signal: proc.signalCode });
  return new Promise((resolve) => proc.once('exit', (code, signal) => resolve({ code, signal })));
}
