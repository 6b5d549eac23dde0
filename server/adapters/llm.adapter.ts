/**
 * The language model, over the `openai` package, for any OpenAI-compatible provider (OpenAI,
 * DeepSeek, a local Ollama or vLLM): app runs and AI members in chat both ask it through `chat()`.
 *
 * Settings (AppConfig.env):
 * - LLM_BASE_URL: the API root, e.g. `https://api.openai.com/v1` or `http://127.0.0.1:11434/v1`.
 *   Without it the adapter is unconfigured and every chat rejects at once (kind `unconfigured`).
 * - LLM_API_KEY: sent as `Authorization: Bearer`. Required unless LLM_BASE_URL points at this
 *   machine or a private network (a local Ollama or vLLM takes none); a hosted provider without a
 *   key is unconfigured rather than a 401 on every run.
 * - LLM_MODEL: the model when a request names none (default `gpt-4o-mini`).
 * - LLM_TIMEOUT_MS: the whole answer, retries and waits included (default 60000).
 * - LLM_FIRST_TOKEN_TIMEOUT_MS: from the call to the first piece of text (default 20000).
 * - LLM_MAX_RETRIES: further attempts after a 429, a 5xx or a connection error (default 2).
 * - LLM_RETRY_BASE_MS: the first back-off (default 500), doubled per attempt, with jitter.
 * - LLM_RETRY_AFTER_MAX_MS: the longest wait a Retry-After is honoured for (default 10000).
 *
 * Decisions:
 * - Retries happen only before any text reached the caller: a member never sees a sentence twice.
 *   Once text has flowed, a failure is final (the run is failed and refunded by the caller).
 * - The `openai` package's own retries are off (`maxRetries: 0`), so ours are the only ones and the
 *   time-outs bound everything. A wait that would outlast a time-out is not started: the provider's
 *   error is reported at once instead of a time-out later.
 * - The time-outs are not retried: a provider too slow once is likely slow again, and the caller's
 *   deadline is what the member waits on.
 * - Usage comes from the provider's final chunk. A provider that sends none gets an estimate of
 *   one token per four characters (prompt: the messages' text; completion: the answer), flagged by
 *   `usageEstimated`; it underestimates Chinese text, which is acceptable for reports (the member's
 *   cost is the app's fixed price, not the usage).
 * - An answer whose stream ends without a finish reason was cut short: an `upstream` error, not a
 *   truncated success.
 * - The package (about 100 ms to load) is loaded on the first chat, not at every start.
 * - Tools (`tools`) go in OpenAI's wire format; the calls the model streams (`delta.tool_calls`,
 *   keyed by index, arguments in pieces) are assembled into `toolCalls`, and a finish reason of
 *   `tool_calls` is a success like `stop`. Tool calls are not text: `onDelta` never sees them, and a
 *   failure while only tool calls have streamed may still be retried (nobody has seen anything).
 *
 * @example
 * ```ts
 * const llm = createLlm(core.config.env);
 * const answer = await llm.chat({
 *   messages: [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'Hello' }],
 *   signal: run.signal,
 *   onDelta: (text) => notify(text),
 * });
 * answer.text; answer.usage.completionTokens; answer.firstTokenMs;
 * ```
 */
import type OpenAI from 'openai';
import { LlmError, mapFailure, type AbortWhy, type SdkErrors } from './llm-error';
import { nodeFetch } from './http-fetch';
import { streamAttempt } from './llm-stream';

export { LlmError, type LlmErrorKind } from './llm-error';

/** A function the model asked to call (OpenAI's `tool_calls`): `arguments` is the JSON text it wrote, unparsed. */
export interface LlmToolCall {
  id: string;
  name: string;
  arguments: string;
}

/** A tool the model may call: `parameters` is the JSON Schema of its arguments. */
export interface LlmTool {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
}

export interface LlmMessage {
  role: 'system' | 'user' | 'assistant' | 'tool';
  content: string;
  /** An assistant turn that asked for tools: the calls, sent back as it made them. */
  toolCalls?: LlmToolCall[];
  /** A `tool` message: the call it answers. */
  toolCallId?: string;
}

export interface LlmUsage {
  promptTokens: number;
  completionTokens: number;
  /** Of promptTokens, those the provider read from its prompt cache (`prompt_tokens_details.cached_tokens`; 0 when it says nothing). */
  cachedTokens: number;
}

export interface LlmRequest {
  messages: LlmMessage[];
  /** Default: LLM_MODEL. */
  model?: string;
  params?: { temperature?: number; top_p?: number; max_tokens?: number; presence_penalty?: number; frequency_penalty?: number };
  /**
   * The caller gives up (run deadline, server stopping): the request is cancelled and chat rejects
   * with kind `aborted`. One listener is added while the chat runs and removed after; a signal shared
   * by many concurrent chats needs `events.setMaxListeners` raised by its owner.
   */
  signal?: AbortSignal;
  /** Each piece of the answer as it arrives, in order, never repeated. A throw ends the chat with that error. */
  onDelta?: (text: string) => void;
  /** Functions the model may call (OpenAI's `tools`); the answer then may carry `toolCalls` instead of, or besides, text. */
  tools?: LlmTool[];
}

export interface LlmAnswer {
  text: string;
  /** The model that answered, as the provider names it. */
  model: string;
  usage: LlmUsage;
  /** True when the provider sent no usage and it was estimated (chars / 4). */
  usageEstimated?: boolean;
  finishReason: string | null;
  /** Milliseconds from the call to the first piece of text; null for an empty answer. */
  firstTokenMs: number | null;
  /** Milliseconds from the call to the end of the answer. */
  ms: number;
  /** The tools the model asked to call, in its order (assembled from the streamed `delta.tool_calls`); absent when none. */
  toolCalls?: LlmToolCall[];
}

export interface LlmAdapter {
  /** False without LLM_BASE_URL (or LLM_API_KEY for a provider that is not local). */
  readonly configured: boolean;
  /** Streams one answer; rejects with LlmError (kind `unconfigured` at once when not configured). */
  chat(req: LlmRequest): Promise<LlmAnswer>;
}

/**
 * A provider from the model registry (server/modules/ai/models) instead of LLM_BASE_URL and
 * LLM_API_KEY; the time-outs and retries still come from the environment.
 */
export interface LlmProvider {
  baseURL: string;
  apiKey: string;
  /** The model when a request names none. */
  model: string;
  /** Azure OpenAI: its api-version. The key goes in the `api-key` header, the model names a deployment. */
  azureApiVersion?: string | null;
}

interface LlmSettings {
  baseURL: string;
  apiKey: string;
  azureApiVersion: string | null;
  model: string;
  wholeMs: number;
  firstTokenMs: number;
  maxRetries: number;
  retryBaseMs: number;
  retryAfterMaxMs: number;
}

const num = (raw: string | undefined, fallback: number, min: number): number => {
  const n = raw === undefined || raw.trim() === '' ? Number.NaN : Number(raw);
  return Number.isFinite(n) && n >= min ? n : fallback;
};

/** Loopback, `*.local`, `*.internal` and the private IPv4 ranges: where a keyless provider is normal. */
function isLocalHost(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  return (
    h === 'localhost' ||
    h === '::1' ||
    h.endsWith('.local') ||
    h.endsWith('.internal') ||
    h === 'host.docker.internal' ||
    /^127\./.test(h) ||
    /^10\./.test(h) ||
    /^192\.168\./.test(h) ||
    /^172\.(1[6-9]|2\d|3[01])\./.test(h)
  );
}

/** The settings, or null when the adapter is unconfigured. */
function readSettings(env: Record<string, string | undefined>, provider?: LlmProvider): LlmSettings | null {
  const baseURL = (provider ? provider.baseURL : env.LLM_BASE_URL)?.trim().replace(/\/+$/, '') ?? '';
  const apiKey = (provider ? provider.apiKey : env.LLM_API_KEY)?.trim() ?? '';
  let host: string;
  try {
    const url = new URL(baseURL);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    host = url.hostname;
  } catch {
    return null;
  }
  if (!apiKey && !isLocalHost(host)) return null;
  return {
    baseURL,
    apiKey,
    azureApiVersion: provider?.azureApiVersion?.trim() || null,
    model: (provider ? provider.model : env.LLM_MODEL)?.trim() || 'gpt-4o-mini',
    wholeMs: num(env.LLM_TIMEOUT_MS, 60_000, 1),
    firstTokenMs: num(env.LLM_FIRST_TOKEN_TIMEOUT_MS, 20_000, 1),
    maxRetries: Math.floor(num(env.LLM_MAX_RETRIES, 2, 0)),
    retryBaseMs: num(env.LLM_RETRY_BASE_MS, 500, 0),
    retryAfterMaxMs: num(env.LLM_RETRY_AFTER_MAX_MS, 10_000, 0),
  };
}

/**
 * Builds the adapter from the environment, or for `provider` (its URL, key and default model, the
 * environment's time-outs); nothing is loaded or connected until the first chat.
 */
export function createLlm(env: Record<string, string | undefined>, provider?: LlmProvider): LlmAdapter {
  const settings = readSettings(env, provider);
  if (!settings) {
    return {
      configured: false,
      chat: async () => {
        throw new LlmError('unconfigured', 'the language model is not configured: set LLM_BASE_URL (and LLM_API_KEY for a hosted provider)');
      },
    };
  }
  let loading: Promise<{ sdk: SdkErrors; client: OpenAI }> | null = null;
  const load = async () => {
    const sdk = await import('openai');
    const common = {
      // The package insists on a key; a keyless local provider ignores the placeholder.
      apiKey: settings.apiKey || 'no-key',
      // Explicit nulls: never pick up OPENAI_ORG_ID / OPENAI_PROJECT_ID from the server's environment.
      organization: null,
      project: null,
      maxRetries: 0,
      // Node's own HTTP client instead of the built-in fetch: see http-fetch.ts.
      fetch: nodeFetch(),
      // Our timers end every request first; this is only a backstop.
      timeout: settings.wholeMs + 1000,
      logLevel: 'off' as const,
    };
    // Azure: the request's model is the deployment (the package puts it in the URL), the key goes in `api-key`.
    const client = settings.azureApiVersion
      ? new sdk.AzureOpenAI({ ...common, endpoint: settings.baseURL, apiVersion: settings.azureApiVersion })
      : new sdk.OpenAI({ ...common, baseURL: settings.baseURL });
    return { sdk, client };
  };
  return {
    configured: true,
    async chat(req) {
      loading ??= load().catch((err: unknown) => {
        loading = null;
        throw err;
      });
      return runChat(settings, loading, req);
    },
  };
}

/** One chat: the timers, the caller's signal, attempts with back-off, and the answer. */
async function runChat(s: LlmSettings, loading: Promise<{ sdk: SdkErrors; client: OpenAI }>, req: LlmRequest): Promise<LlmAnswer> {
  const started = performance.now();
  if (req.signal?.aborted) throw new LlmError('aborted', 'the caller gave up on the answer before it was asked');
  const ctl = new AbortController();
  let why: AbortWhy | null = null;
  const stop = (reason: AbortWhy) => {
    if (why) return;
    why = reason;
    ctl.abort();
  };
  const onCallerAbort = () => stop('caller');
  req.signal?.addEventListener('abort', onCallerAbort, { once: true });
  const wholeTimer = setTimeout(() => stop('whole'), s.wholeMs);
  // The first-token limit is the provider's: it starts once the package is loaded (the first chat of
  // a process imports it, which on a busy machine can take longer than the limit itself).
  let firstTimer: NodeJS.Timeout | null = null;
  const alive = () => {
    if (firstTimer) clearTimeout(firstTimer);
    firstTimer = null;
  };
  let text = '';
  let firstTokenMs: number | null = null;
  let listenerFailed = false;
  const sink = {
    alive,
    text(piece: string) {
      alive();
      firstTokenMs ??= performance.now() - started;
      text += piece;
      try {
        req.onDelta?.(piece);
      } catch (err) {
        listenerFailed = true;
        throw err;
      }
    },
  };
  const model = req.model?.trim() || s.model;
  const body = {
    model,
    messages: req.messages.map(wireMessage),
    ...(req.tools?.length ? { tools: req.tools.map(wireTool) } : {}),
    ...definedParams(req.params),
    stream: true as const,
    stream_options: { include_usage: true },
  };
  try {
    const { sdk, client } = await loading;
    const asked = performance.now();
    if (!why) firstTimer = setTimeout(() => stop('first-token'), s.firstTokenMs);
    const limits = { firstTokenMs: s.firstTokenMs, wholeMs: s.wholeMs };
    for (let attempt = 1; ; attempt++) {
      const map = (err: unknown) => mapFailure(err, why, { sdk, attempts: attempt, secret: s.apiKey, limits });
      try {
        const r = await streamAttempt(client, body, ctl.signal, sink);
        // An abort mid-stream ends the package's iteration without an error: `why` says which.
        if (why) throw map(null).error;
        if (!r.finishReason) throw new LlmError('upstream', 'the answer ended before it was complete (no finish reason)', null, attempt);
        return {
          text,
          model: r.model ?? model,
          usage: r.usage ?? estimateUsage(req.messages, text + r.toolCalls.map((c) => c.name + c.arguments).join('')),
          ...(r.usage ? {} : { usageEstimated: true }),
          finishReason: r.finishReason,
          firstTokenMs,
          ms: performance.now() - started,
          ...(r.toolCalls.length ? { toolCalls: r.toolCalls } : {}),
        };
      } catch (err) {
        // The caller's own listener broke: its error, not the provider's, and nothing to retry.
        if (listenerFailed) throw err;
        const failure = map(err);
        if (!failure.retryable || text.length > 0 || attempt > s.maxRetries) throw failure.error;
        const wait = backoff(s, attempt, failure.retryAfterMs);
        const now = performance.now();
        if (now - asked + wait >= s.firstTokenMs || now - started + wait >= s.wholeMs) throw failure.error;
        await sleep(wait, ctl.signal);
        if (why) throw map(null).error;
      }
    }
  } finally {
    clearTimeout(wholeTimer);
    alive();
    req.signal?.removeEventListener('abort', onCallerAbort);
  }
}

/** The wait before attempt `attempt + 1`: the provider's Retry-After (capped), else exponential with jitter. */
function backoff(s: LlmSettings, attempt: number, retryAfterMs: number | null): number {
  if (retryAfterMs !== null) return Math.min(retryAfterMs, s.retryAfterMaxMs);
  const ceiling = Math.min(s.retryBaseMs * 2 ** (attempt - 1), s.retryAfterMaxMs);
  // Half fixed, half random: spread out callers that failed together without waiting next to nothing.
  return ceiling / 2 + Math.random() * (ceiling / 2);
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}

/** Only the parameters given: an absent one keeps the provider's default instead of sending null. */
function definedParams(params: LlmRequest['params']): Partial<NonNullable<LlmRequest['params']>> {
  const out: Partial<NonNullable<LlmRequest['params']>> = {};
  for (const [k, v] of Object.entries(params ?? {}) as Array<[keyof NonNullable<LlmRequest['params']>, number | undefined]>) {
    if (typeof v === 'number' && Number.isFinite(v)) out[k] = v;
  }
  return out;
}

/** A message in OpenAI's wire format: an assistant turn with its tool calls, a tool result with the call it answers. */
function wireMessage(m: LlmMessage): OpenAI.Chat.Completions.ChatCompletionMessageParam {
  if (m.role === 'tool') return { role: 'tool', tool_call_id: m.toolCallId ?? '', content: m.content };
  if (m.role === 'assistant' && m.toolCalls?.length) {
    return {
      role: 'assistant',
      content: m.content || null,
      tool_calls: m.toolCalls.map((c) => ({ id: c.id, type: 'function' as const, function: { name: c.name, arguments: c.arguments } })),
    };
  }
  return { role: m.role, content: m.content } as OpenAI.Chat.Completions.ChatCompletionMessageParam;
}

function wireTool(t: LlmTool): OpenAI.Chat.Completions.ChatCompletionTool {
  return { type: 'function', function: { name: t.name, description: t.description, parameters: t.parameters } };
}

/** One token per four characters, rounded up: the usual rule of thumb for English text. */
function estimateUsage(messages: LlmMessage[], answer: string): LlmUsage {
  const promptChars = messages.reduce((n, m) => n + m.content.length + (m.toolCalls ?? []).reduce((k, c) => k + c.name.length + c.arguments.length, 0), 0);
  return { promptTokens: Math.ceil(promptChars / 4), completionTokens: Math.ceil(answer.length / 4), cachedTokens: 0 };
}
