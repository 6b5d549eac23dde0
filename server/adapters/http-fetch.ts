/**
 * A `fetch` over node:http and node:https, for the `openai` package's `fetch` option (the LLM
 * adapter's requests). The package still builds every request (URL, key, headers, body) and reads
 * every status and error; only the transport changes.
 *
 * Why: at 50 streamed answers at once, the built-in fetch (undici's WHATWG fetch, its WebAssembly
 * HTTP parser and the web streams of every body) was the largest item of the server's profile
 * (bench:ai, a fifth of its CPU), most of it per chunk of each answer. Here the response is parsed
 * by Node's own HTTP parser, and a streamed answer's body is read as the Node stream it is
 * (`takeNodeBody`, used by llm-stream.ts), one `data` event per chunk.
 *
 * The Response is a real one either way:
 * - a 2xx answer gets a body that starts reading the Node stream only when someone reads it (so
 *   `takeNodeBody` may take the stream instead, as long as nobody has);
 * - any other status is read whole first (error bodies are small), so the package's `text()` works
 *   as with any fetch.
 * Bodies sent are strings or bytes (the package sends JSON text); an abort signal ends the request
 * and its body as fetch's does. Connections are kept alive per agent, as undici keeps them.
 */
import http from 'node:http';
import https from 'node:https';
import type { IncomingMessage } from 'node:http';

export type Fetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

/** The Node stream behind a 2xx Response of ours, until its web body is read or the stream taken. */
const nodeBodies = new WeakMap<Response, { res: IncomingMessage; taken: boolean }>();

/**
 * The Node stream of a Response that `nodeFetch` answered, for reading it as such; null when the
 * Response is not one of ours or its body was read already. Once taken, its web body fails if read.
 */
export function takeNodeBody(response: Response): IncomingMessage | null {
  const held = nodeBodies.get(response);
  if (!held || held.taken) return null;
  held.taken = true;
  return held.res;
}

/** Statuses whose responses have no body. */
const NO_BODY = new Set([101, 103, 204, 205, 304]);

function headersOf(res: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(res.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  return headers;
}

function bodyBytes(body: RequestInit['body']): Buffer | null {
  if (body === undefined || body === null) return null;
  if (typeof body === 'string') return Buffer.from(body);
  if (body instanceof Uint8Array) return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  if (body instanceof ArrayBuffer) return Buffer.from(body);
  throw new TypeError('nodeFetch sends string or byte bodies only');
}

/** A web body over `res` that starts pulling it only when first read (highWaterMark 0). */
function lazyBody(res: IncomingMessage, held: { taken: boolean }): ReadableStream<Uint8Array> {
  let listening = false;
  return new ReadableStream<Uint8Array>(
    {
      pull(ctrl) {
        if (held.taken && !listening) {
          ctrl.error(new TypeError('the body was taken as a Node stream'));
          return;
        }
        held.taken = true;
        if (!listening) {
          listening = true;
          res.on('data', (chunk: Buffer) => {
            ctrl.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
            if ((ctrl.desiredSize ?? 0) <= 0) res.pause();
          });
          res.once('end', () => ctrl.close());
          res.once('error', (err) => ctrl.error(err));
        }
        res.resume();
      },
      cancel() {
        res.destroy();
      },
    },
    { highWaterMark: 0 },
  );
}

/** Reads a whole (small) body, for answers that are not 2xx. */
function readAll(res: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    res.on('data', (c: Buffer) => parts.push(c));
    res.once('end', () => resolve(Buffer.concat(parts)));
    res.once('error', reject);
  });
}

/** A fetch with its own keep-alive agents; `close()` ends their idle connections. */
export function nodeFetch(): Fetch & { close(): void } {
  const agents = { http: new http.Agent({ keepAlive: true }), https: new https.Agent({ keepAlive: true }) };
  const fetchOverNode = (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    if (typeof input !== 'string' && !(input instanceof URL)) return Promise.reject(new TypeError('nodeFetch takes a URL, not a Request'));
    const url = new URL(String(input));
    const secure = url.protocol === 'https:';
    if (!secure && url.protocol !== 'http:') return Promise.reject(new TypeError(`nodeFetch cannot fetch ${url.protocol} URLs`));
    let body: Buffer | null;
    try {
      body = bodyBytes(init.body);
    } catch (err) {
      return Promise.reject(err);
    }
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, name) => (headers[name] = value));
    if (body) headers['content-length'] = String(body.length);
    const signal = init.signal ?? undefined;
    return new Promise<Response>((resolve, reject) => {
      const req = (secure ? https : http).request(url, { method: init.method ?? 'GET', headers, agent: secure ? agents.https : agents.http, signal }, (res) => {
        const status = res.statusCode ?? 0;
        const head = { status, statusText: res.statusMessage ?? '', headers: headersOf(res) };
        if (NO_BODY.has(status)) {
          res.resume();
          resolve(new Response(null, head));
        } else if (status >= 200 && status < 300) {
          const held = { res, taken: false };
          const response = new Response(lazyBody(res, held), head);
          nodeBodies.set(response, held);
          resolve(response);
        } else {
          readAll(res).then((bytes) => resolve(new Response(new Uint8Array(bytes), head)), reject);
        }
      });
      req.once('error', reject);
      req.end(body ?? undefined);
    });
  };
  return Object.assign(fetchOverNode, {
    close() {
      agents.http.destroy();
      agents.https.destroy();
    },
  });
}
