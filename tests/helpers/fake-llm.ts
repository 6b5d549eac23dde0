/**
 * A local OpenAI-compatible server on 127.0.0.1 that the real `openai` package talks to, for the LLM
 * adapter's tests, the AI runs' tests, the AI bench and `npm run start:fakes`. It speaks the wire
 * format providers share: `POST /v1/chat/completions` answered as server-sent events (`data: {chunk}`
 * lines: a role chunk, content chunks, a chunk with the finish reason, the usage chunk with
 * `choices: []` when `stream_options.include_usage` is set, then `data: [DONE]`) or, without
 * `stream`, one JSON `chat.completion`; `GET /v1/models`; errors as `{ error: { message, type, code } }`
 * with the provider's statuses. Every call needs `Authorization: Bearer <apiKey>` (401 otherwise)
 * unless the fake was started with `apiKey: null` (a keyless local provider).
 *
 * `POST /v1/embeddings` answers OpenAI's `{ object: 'list', data: [{ object: 'embedding', index, embedding }], model,
 * usage }`: by default a deterministic hashed bag of words (EMBEDDING_DIMS numbers, each word of the
 * text adds one to a slot its hash picks), so texts that share words are near; `script({ embedding })`
 * replaces it (a test makes two texts near without a word in common).
 *
 * Scriptable per test through `script()`: the answer (text or a function of the request), tool calls
 * (OpenAI's streamed `tool_calls`, arguments in pieces), chunk size
 * and pacing, a delay before the first chunk, failures queued for the next requests (429 with
 * Retry-After, 500, ...), hanging without an answer, dropping the connection after some chunks.
 * `requests` records every call, so a test can count attempts.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeLlmMessage {
  role: string;
  content: string;
  /** A `tool` message: the call it answers. */
  toolCallId?: string;
  /** An assistant message that called tools, as the caller sent it back. */
  toolCalls?: FakeToolCall[];
}

/** A tool call the fake makes (or was sent back): `arguments` is JSON text, streamed in pieces of `chunkSize`. */
export interface FakeToolCall {
  id: string;
  name: string;
  arguments: string;
}

/** The parsed body of a chat call, as the answer function sees it. */
export interface FakeLlmChatRequest {
  model: string;
  messages: FakeLlmMessage[];
  stream: boolean;
  includeUsage: boolean;
  /** The whole JSON body (temperature, max_tokens, ...). */
  body: Record<string, unknown>;
  /** The names of the tools offered (`tools[].function.name`). */
  tools: string[];
}

export interface FakeLlmFailure {
  status: number;
  /** Sent as `Retry-After` (seconds, or an HTTP date). */
  retryAfter?: number | string;
  message?: string;
}

export interface FakeLlmScript {
  /** The answer's text; default: `Fake answer to: <the last user message>`. */
  answer: string | ((req: FakeLlmChatRequest) => string);
  /** Characters per content chunk (default 4, roughly a token). */
  chunkSize: number;
  /** Pause between content chunks (default 0). */
  chunkDelayMs: number;
  /** Pause after the response headers and before the first chunk (default 0). */
  firstChunkDelayMs: number;
  /** Queue `times` failures for the next chat requests (appended to what is queued). */
  fail: FakeLlmFailure & { times?: number };
  /** Accept chat requests and never answer, not even the headers. */
  hang: boolean;
  /**
   * Send the headers, then hold every answer's first chunk until `release()` (or the caller hangs up):
   * a test waits for what it expects (a question cut off) however slow the machine, instead of racing
   * a fixed delay.
   */
  held: boolean;
  /** Destroy the connection after this many content chunks (null: never). */
  dropAfterChunks: number | null;
  /**
   * The usage to report; false: send none even when asked (a provider without usage); true: counted.
   * `cachedTokens` is reported as `prompt_tokens_details.cached_tokens` (a provider's prompt cache).
   */
  usage: boolean | { promptTokens: number; completionTokens: number; cachedTokens?: number };
  /** Default 'stop'; null: end the stream without one (an answer cut short that still says [DONE]). */
  finishReason: string | null;
  /** Every chat request whose last user message includes this text answers 500 (null: none). */
  failWhenAsked: string | null;
  /** Streamed answers wait for this before their first chunk (null: none), so a test holds a run open. */
  gate: Promise<void> | null;
  /** The vector of one input of `POST /v1/embeddings` (null: the hashed bag of words, `bagOfWords`). */
  embedding: ((text: string) => number[]) | null;
  /**
   * Tool calls to answer with (OpenAI's wire format: `delta.tool_calls` keyed by index, the first
   * fragment with id and name, the arguments in pieces of `chunkSize`, then finish reason
   * `tool_calls`), after the text if any; a function of the request decides per turn (null or []:
   * none, e.g. once a `tool` message came back).
   */
  toolCalls: FakeToolCall[] | ((req: FakeLlmChatRequest) => FakeToolCall[] | null) | null;
}

export interface FakeLlmRequest {
  method: string;
  path: string;
  /** The bearer key was right (or none is needed). */
  authorized: boolean;
  /** The chat body, for chat calls that parsed. */
  chat: FakeLlmChatRequest | null;
  status: number;
  /** Epoch milliseconds when the request arrived. */
  at: number;
  /** The caller hung up before the answer was complete (an aborted or cancelled call). */
  cut: boolean;
}

export interface FakeLlmOptions {
  /** 0 or absent: any free port. */
  port?: number;
  /** The key callers must send; null: none needed. Default `fake-llm-key`. */
  apiKey?: string | null;
  /** The models `GET /v1/models` lists (default ['gpt-4o-mini', 'fake-small']). */
  models?: string[];
  /** Answer 404 model_not_found for a model not in `models` (default false: any model answers). */
  rejectUnknownModels?: boolean;
  /** The behaviour before any `script()` call. */
  script?: Partial<FakeLlmScript>;
}

const DEFAULTS: Omit<FakeLlmScript, 'fail'> = {
  answer: (req) => `Fake answer to: ${[...req.messages].reverse().find((m) => m.role === 'user')?.content ?? ''}`,
  chunkSize: 4,
  chunkDelayMs: 0,
  firstChunkDelayMs: 0,
  hang: false,
  held: false,
  dropAfterChunks: null,
  usage: true,
  finishReason: 'stop',
  failWhenAsked: null,
  gate: null,
  embedding: null,
  toolCalls: null,
};

/** Length of the fake's default embeddings. */
export const EMBEDDING_DIMS = 64;

/** The fake's default embedding: each lower-cased word (letters and digits, or one CJK character) adds 1 at a slot its hash picks. */
export function bagOfWords(text: string): number[] {
  const v = new Array<number>(EMBEDDING_DIMS).fill(0);
  for (const word of text.toLowerCase().match(/[\p{Script=Han}]|[\p{L}\p{N}]+/gu) ?? []) {
    let h = 2166136261;
    for (const ch of word) h = Math.imul(h ^ ch.codePointAt(0)!, 16777619) >>> 0;
    v[h % EMBEDDING_DIMS]! += 1;
  }
  return v;
}

/** A promise that resolves once `open()` is called. */
function openGate(): { promise: Promise<void>; open: () => void; isOpen: boolean } {
  let open!: () => void;
  const promise = new Promise<void>((r) => (open = r));
  const gate = {
    promise,
    isOpen: false,
    open: () => {
      gate.isOpen = true;
      open();
    },
  };
  return gate;
}

const ERROR_TYPES: Record<number, [type: string, code: string]> = {
  400: ['invalid_request_error', 'invalid_request'],
  401: ['invalid_request_error', 'invalid_api_key'],
  403: ['invalid_request_error', 'forbidden'],
  404: ['invalid_request_error', 'model_not_found'],
  429: ['requests', 'rate_limit_exceeded'],
};

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Rough token count the fake reports: four characters a token, plus a few per message as providers add. */
const countTokens = (text: string) => Math.ceil(text.length / 4);

export class FakeLlm {
  url = '';
  readonly apiKey: string | null;
  readonly requests: FakeLlmRequest[] = [];
  private readonly models: string[];
  private readonly rejectUnknownModels: boolean;
  private readonly initial: Partial<FakeLlmScript>;
  private current: Omit<FakeLlmScript, 'fail'> = { ...DEFAULTS };
  private failures: FakeLlmFailure[] = [];
  private gate = openGate();
  private server!: Server;
  private seq = 0;

  constructor(options: Omit<FakeLlmOptions, 'port'> = {}) {
    this.apiKey = options.apiKey === undefined ? 'fake-llm-key' : options.apiKey;
    this.models = options.models ?? ['gpt-4o-mini', 'fake-small'];
    this.rejectUnknownModels = options.rejectUnknownModels ?? false;
    this.initial = options.script ?? {};
    this.reset();
  }

  /** Listens on 127.0.0.1 at `port` (0: any free port). */
  async start(port = 0): Promise<this> {
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((e: unknown) => {
        if (!res.headersSent) this.error(res, 500, `fake LLM fault: ${String(e)}`);
        else res.destroy();
      });
    });
    await new Promise<void>((resolve) => this.server.listen(port, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`;
    return this;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** The settings that point the product's LLM adapter here. */
  env(): Record<string, string> {
    return { LLM_BASE_URL: this.url, LLM_API_KEY: this.apiKey ?? '', LLM_MODEL: this.models[0] ?? 'gpt-4o-mini' };
  }

  /** Changes the behaviour from now on (fields not given stay as they are); `fail` queues failures. */
  script(change: Partial<FakeLlmScript>): this {
    const { fail, ...rest } = change;
    if (rest.held && this.gate.isOpen) this.gate = openGate();
    Object.assign(this.current, rest);
    if (fail) {
      const { times = 1, ...failure } = fail;
      for (let i = 0; i < times; i++) this.failures.push(failure);
    }
    return this;
  }

  /** Lets every answer held by `held: true` go on (answers asked later are held again only after another script({ held: true })). */
  release(): this {
    this.gate.open();
    this.current.held = false;
    return this;
  }

  /** Back to the behaviour the fake was started with, no failures queued, requests forgotten. */
  reset(): this {
    this.gate.open();
    this.gate = openGate();
    this.current = { ...DEFAULTS };
    this.failures = [];
    this.requests.length = 0;
    return this.script(this.initial);
  }

  /** Chat calls received, failed ones included. */
  chatCalls(): FakeLlmRequest[] {
    return this.requests.filter((r) => r.path === '/v1/chat/completions');
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const path = (req.url ?? '/').split('?')[0]!.replace(/\/+$/, '');
    const auth = String(req.headers.authorization ?? '');
    const log: FakeLlmRequest = {
      method: req.method ?? 'GET',
      path,
      authorized: this.apiKey === null || auth === `Bearer ${this.apiKey}`,
      chat: null,
      status: 0,
      at: Date.now(),
      cut: false,
    };
    this.requests.push(log);
    let dropping = false;
    res.on('close', () => {
      if (!res.writableEnded && !dropping) log.cut = true;
    });
    const answer = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      log.status = status;
      res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
    };
    const fail = (status: number, message: string, headers: Record<string, string> = {}) => {
      log.status = status;
      this.error(res, status, message, headers);
    };
    if (!log.authorized) return fail(401, auth ? 'Incorrect API key provided.' : "You didn't provide an API key.");
    if (req.method === 'GET' && path === '/v1/models') {
      return answer(200, { object: 'list', data: this.models.map((id) => ({ id, object: 'model', created: 1_700_000_000, owned_by: 'cosmac-fake' })) });
    }
    if (req.method === 'POST' && path === '/v1/embeddings') {
      let body: { model?: unknown; input?: unknown };
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as typeof body;
      } catch {
        return fail(400, 'We could not parse the JSON body of your request.');
      }
      const inputs = typeof body.input === 'string' ? [body.input] : body.input;
      if (typeof body.model !== 'string' || !Array.isArray(inputs) || !inputs.every((x) => typeof x === 'string'))
        return fail(400, "'model' and 'input' (a string or a list of strings) are required.");
      const embed = this.current.embedding ?? bagOfWords;
      return answer(200, {
        object: 'list',
        data: (inputs as string[]).map((text, index) => ({ object: 'embedding', index, embedding: embed(text) })),
        model: body.model,
        usage: {
          prompt_tokens: (inputs as string[]).reduce((n, t) => n + countTokens(t), 0),
          total_tokens: (inputs as string[]).reduce((n, t) => n + countTokens(t), 0),
        },
      });
    }
    if (path !== '/v1/chat/completions') return fail(404, `Invalid URL (${req.method} ${path})`);
    if (req.method !== 'POST') return fail(405, `Method ${req.method} not allowed`);
    const chat = this.parse(Buffer.concat(chunks));
    if (typeof chat === 'string') return fail(400, chat);
    log.chat = chat;
    if (this.rejectUnknownModels && !this.models.includes(chat.model))
      return fail(404, `The model \`${chat.model}\` does not exist or you do not have access to it.`);
    const asked = [...chat.messages].reverse().find((m) => m.role === 'user')?.content ?? '';
    if (this.current.failWhenAsked !== null && String(asked).includes(this.current.failWhenAsked)) {
      return fail(500, 'The server had an error while processing your request.');
    }
    const failure = this.failures.shift();
    if (failure) {
      const headers: Record<string, string> = failure.retryAfter === undefined ? {} : { 'retry-after': String(failure.retryAfter) };
      return fail(
        failure.status,
        failure.message ?? (failure.status === 429 ? 'Rate limit reached for requests.' : 'The server had an error while processing your request.'),
        headers,
      );
    }
    const s = { ...this.current };
    if (s.hang) {
      log.status = -1;
      return;
    }
    const text = typeof s.answer === 'function' ? s.answer(chat) : s.answer;
    const calls = (typeof s.toolCalls === 'function' ? s.toolCalls(chat) : s.toolCalls) ?? [];
    const finishReason = calls.length && s.finishReason === 'stop' ? 'tool_calls' : s.finishReason;
    const promptTokens = chat.messages.reduce((n, m) => n + countTokens(m.content) + 3, 0);
    const usage =
      s.usage === true
        ? { prompt_tokens: promptTokens, completion_tokens: countTokens(text + calls.map((c) => c.name + c.arguments).join('')) }
        : s.usage
          ? {
              prompt_tokens: s.usage.promptTokens,
              completion_tokens: s.usage.completionTokens,
              ...(s.usage.cachedTokens !== undefined ? { prompt_tokens_details: { cached_tokens: s.usage.cachedTokens } } : {}),
            }
          : null;
    const usageBody = usage && { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens };
    const id = `chatcmpl-fake${++this.seq}`;
    const created = Math.floor(Date.now() / 1000);
    if (!chat.stream) {
      return answer(200, {
        id,
        object: 'chat.completion',
        created,
        model: chat.model,
        choices: [
          {
            index: 0,
            message: {
              role: 'assistant',
              content: text,
              refusal: null,
              ...(calls.length ? { tool_calls: calls.map((c) => ({ id: c.id, type: 'function', function: { name: c.name, arguments: c.arguments } })) } : {}),
            },
            logprobs: null,
            finish_reason: finishReason,
          },
        ],
        ...(usageBody ? { usage: usageBody } : {}),
      });
    }
    log.status = 200;
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    res.flushHeaders();
    let gone = false;
    res.on('close', () => {
      gone = true;
    });
    const withUsage = chat.includeUsage && usageBody;
    const send = (choices: unknown[], extra: Record<string, unknown> = {}) => {
      if (!gone)
        res.write(
          `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model: chat.model, system_fingerprint: 'fp_fake', choices, ...(withUsage ? { usage: null } : {}), ...extra })}\n\n`,
        );
    };
    if (s.held) await Promise.race([this.gate.promise, new Promise<void>((r) => res.once('close', () => r()))]);
    if (s.gate) await s.gate;
    if (s.firstChunkDelayMs > 0) await wait(s.firstChunkDelayMs);
    send([{ index: 0, delta: { role: 'assistant', content: '', refusal: null }, logprobs: null, finish_reason: null }]);
    const size = Math.max(1, Math.floor(s.chunkSize));
    // A drop cuts the connection once what was written has left, as a provider's crash would.
    const drop = () =>
      new Promise<void>((resolve) => res.write(': bye\n\n', () => resolve())).then(() => {
        dropping = true;
        res.destroy();
      });
    for (let i = 0, n = 0; i < text.length; i += size, n++) {
      if (gone) return;
      if (s.dropAfterChunks !== null && n >= s.dropAfterChunks) return drop();
      if (n > 0 && s.chunkDelayMs > 0) await wait(s.chunkDelayMs);
      send([{ index: 0, delta: { content: text.slice(i, i + size) }, logprobs: null, finish_reason: null }]);
    }
    if (s.dropAfterChunks !== null) return drop();
    for (const [index, c] of calls.entries()) {
      if (gone) return;
      const head = { index, id: c.id, type: 'function', function: { name: c.name, arguments: '' } };
      send([{ index: 0, delta: { tool_calls: [head] }, logprobs: null, finish_reason: null }]);
      for (let i = 0; i < c.arguments.length; i += size) {
        if (s.chunkDelayMs > 0) await wait(s.chunkDelayMs);
        send([{ index: 0, delta: { tool_calls: [{ index, function: { arguments: c.arguments.slice(i, i + size) } }] }, logprobs: null, finish_reason: null }]);
      }
    }
    if (s.chunkDelayMs > 0) await wait(s.chunkDelayMs);
    if (finishReason !== null) send([{ index: 0, delta: {}, logprobs: null, finish_reason: finishReason }]);
    if (withUsage) send([], { usage: usageBody });
    if (!gone) res.end('data: [DONE]\n\n');
  }

  /** The chat body, or why it is refused (a 400, as providers answer a malformed request). */
  private parse(raw: Buffer): FakeLlmChatRequest | string {
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(raw.toString('utf8')) as Record<string, unknown>;
    } catch {
      return 'We could not parse the JSON body of your request.';
    }
    if (typeof body !== 'object' || body === null) return 'The body must be a JSON object.';
    if (typeof body.model !== 'string' || !body.model) return 'you must provide a model parameter';
    const messages = body.messages;
    if (!Array.isArray(messages) || messages.length === 0) return "'messages' must contain at least one message.";
    const parsed: FakeLlmMessage[] = [];
    for (const m of messages as Array<Record<string, unknown>>) {
      if (typeof m?.role !== 'string' || !['system', 'developer', 'user', 'assistant', 'tool'].includes(m.role))
        return `Invalid role in messages: ${String(m?.role)}`;
      const toolCalls = Array.isArray(m.tool_calls)
        ? (m.tool_calls as Array<{ id?: string; function?: { name?: string; arguments?: string } }>).map((c) => ({
            id: String(c.id ?? ''),
            name: String(c.function?.name ?? ''),
            arguments: String(c.function?.arguments ?? ''),
          }))
        : undefined;
      if (m.role === 'tool' && typeof m.tool_call_id !== 'string') return "Missing required parameter: 'messages[].tool_call_id'.";
      parsed.push({
        role: m.role,
        content: typeof m.content === 'string' ? m.content : m.content == null ? '' : JSON.stringify(m.content),
        ...(m.role === 'tool' ? { toolCallId: m.tool_call_id as string } : {}),
        ...(toolCalls ? { toolCalls } : {}),
      });
    }
    const options = body.stream_options as { include_usage?: unknown } | undefined;
    const tools = Array.isArray(body.tools) ? (body.tools as Array<{ function?: { name?: unknown } }>).map((t) => String(t.function?.name ?? '')) : [];
    return { model: body.model, messages: parsed, stream: body.stream === true, includeUsage: options?.include_usage === true, body, tools };
  }

  private error(res: ServerResponse, status: number, message: string, headers: Record<string, string> = {}): void {
    const [type, code] = ERROR_TYPES[status] ?? ['server_error', 'server_error'];
    res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify({ error: { message, type, param: null, code } }));
  }
}

/** Starts a fake on `opts.port` (default: any free port). */
export function startFakeLlm(opts: FakeLlmOptions = {}): Promise<FakeLlm> {
  const { port = 0, ...rest } = opts;
  return new FakeLlm(rest).start(port);
}
