/**
 * One attempt of a chat: a streamed `chat.completions.create` read chunk by chunk. The retry loop,
 * the timers and the error mapping live in llm.adapter.ts; this file only turns the provider's
 * chunks into text pieces, tool calls, the usage and the finish reason.
 *
 * Always streamed, with `stream_options.include_usage`, listener or not: one path for every caller,
 * the first-token time-out means the same thing everywhere, and the usage comes in the final chunk
 * (`choices: []`, `usage: {...}`), which is how OpenAI, DeepSeek, vLLM and Ollama send it.
 */
import type { IncomingMessage } from 'node:http';
import type OpenAI from 'openai';
import { takeNodeBody } from './http-fetch';
import type { LlmToolCall, LlmUsage } from './llm.adapter';

/** Where an attempt reports as chunks arrive. */
export interface StreamSink {
  /** The provider is producing the answer (a text piece or, for reasoning models, a thought). */
  alive(): void;
  /** A non-empty piece of the answer's text, in order. */
  text(piece: string): void;
}

export interface StreamResult {
  /** The model the provider says answered (it may name a dated version of the one asked for). */
  model: string | null;
  usage: LlmUsage | null;
  /** Null when the stream ended without one: the answer was cut short. */
  finishReason: string | null;
  /** The tool calls the model made, assembled from their streamed fragments (empty: none). */
  toolCalls: LlmToolCall[];
}

/** One fragment of a streamed tool call (OpenAI's `delta.tool_calls[]`): keyed by `index`, the rest in pieces. */
export interface ToolCallFragment {
  index?: number;
  id?: string | null;
  type?: string | null;
  function?: { name?: string | null; arguments?: string | null } | null;
}

/**
 * Assembles tool calls from their streamed fragments, as OpenAI sends them: the first fragment of a
 * call carries its `index`, `id` and `function.name`, the later ones (same index) pieces of
 * `function.arguments` to append. A provider that sends a whole call at once, or no index (one call
 * per fragment, as some local servers do), or no id, is read too: a missing id becomes `call_<index>`.
 */
export class ToolCallAssembly {
  private readonly byIndex = new Map<number, { id: string; name: string; arguments: string }>();
  private next = 0;

  push(fragments: readonly ToolCallFragment[]): void {
    for (const f of fragments) {
      const index = typeof f.index === 'number' ? f.index : this.next;
      this.next = Math.max(this.next, index + 1);
      let call = this.byIndex.get(index);
      if (!call) this.byIndex.set(index, (call = { id: '', name: '', arguments: '' }));
      if (f.id) call.id = f.id;
      if (f.function?.name) call.name += f.function.name;
      if (f.function?.arguments) call.arguments += f.function.arguments;
    }
  }

  get size(): number {
    return this.byIndex.size;
  }

  /** The calls in index order; a call without a name (nothing to run) is left out. */
  calls(): LlmToolCall[] {
    return [...this.byIndex.entries()]
      .sort(([a], [b]) => a - b)
      .filter(([, c]) => c.name)
      .map(([i, c]) => ({ id: c.id || `call_${i}`, name: c.name, arguments: c.arguments }));
  }
}

type StreamingBody = OpenAI.Chat.Completions.ChatCompletionCreateParamsStreaming;

/** One server-sent event: its `event` field (null when it has none) and its data lines joined. */
interface SseEvent {
  event: string | null;
  data: string;
}

/**
 * Server-sent events from decoded text pushed in pieces as they arrive (a piece may end anywhere,
 * even between the CR and LF of one line end). Fields other than `event` and `data` are ignored.
 */
export class SseEvents {
  private rest = '';
  private data: string[] = [];
  private event: string | null = null;

  /** The events that `text` completes, in order. */
  push(text: string): SseEvent[] {
    let buf = this.rest + text;
    // A CR at the very end may be the first half of a CRLF: kept for the next piece.
    const cr = buf.endsWith('\r');
    if (cr) buf = buf.slice(0, -1);
    const lines = buf.split(/\r\n|\r|\n/);
    this.rest = lines.pop()! + (cr ? '\r' : '');
    const out: SseEvent[] = [];
    for (const line of lines) {
      if (line === '') {
        if (this.data.length) out.push({ event: this.event, data: this.data.join('\n') });
        this.data = [];
        this.event = null;
        continue;
      }
      if (line.startsWith(':')) continue;
      const at = line.indexOf(':');
      const field = at < 0 ? line : line.slice(0, at);
      let value = at < 0 ? '' : line.slice(at + 1);
      if (value.startsWith(' ')) value = value.slice(1);
      if (field === 'data') this.data.push(value);
      else if (field === 'event') this.event = value;
    }
    return out;
  }

  /** The stream ended: an event still open (no blank line after it) counts, as the package counts it. */
  end(): SseEvent[] {
    return this.push('\n\n');
  }
}

/**
 * The usage of a final chunk in OpenAI's wire format. `cachedTokens` is the part of the prompt the
 * provider read from its cache (`prompt_tokens_details.cached_tokens`, which OpenAI, DeepSeek's
 * compatible mode and others send): 0 when absent or nonsense, never more than the prompt.
 */
function usageOf(u: NonNullable<OpenAI.Chat.Completions.ChatCompletionChunk['usage']>): LlmUsage {
  const promptTokens = u.prompt_tokens ?? 0;
  const cached = Number(u.prompt_tokens_details?.cached_tokens);
  const cachedTokens = Number.isFinite(cached) && cached > 0 ? Math.min(Math.floor(cached), Math.max(0, promptTokens)) : 0;
  return { promptTokens, completionTokens: u.completion_tokens ?? 0, cachedTokens };
}

/** A message from the provider's `{ error }` event inside a stream. */
function streamedError(data: { error?: unknown; message?: unknown }): string {
  const e = data.error as { message?: unknown } | string | undefined;
  const message = typeof e === 'string' ? e : typeof e?.message === 'string' ? e.message : typeof data.message === 'string' ? data.message : 'an error event';
  return `the provider sent an error inside the stream: ${message}`;
}

/**
 * Streams one answer. Resolves when the provider ends the stream; rejects with the package's error
 * on an HTTP error, or an Error on a broken connection or an error event inside the stream. When
 * `signal` aborts mid-stream the reading ends quietly, so the caller must look at why it aborted
 * before trusting the result.
 *
 * The package makes the request (base URL, key, headers, the HTTP status and its errors); the body is
 * read here, as the package reads it (`data:` events, `[DONE]`, `{error}` events, every event read
 * to the end of the body) but in one loop over its bytes: the package's stack of async generators
 * (bytes, lines, events, chunks) cost a streamed answer's server about a tenth of its CPU at 50
 * answers at once (bench:ai profile).
 */
export async function streamAttempt(client: OpenAI, body: StreamingBody, signal: AbortSignal, sink: StreamSink): Promise<StreamResult> {
  // maxRetries 0: the adapter's loop is the only one, so no text is ever asked for twice behind its back.
  const response = await client.chat.completions.create(body, { signal, maxRetries: 0 }).asResponse();
  const result: StreamResult = { model: null, usage: null, finishReason: null, toolCalls: [] };
  const tools = new ToolCallAssembly();
  let done = false;
  const take = (e: SseEvent) => {
    if (done) return;
    if (e.data.startsWith('[DONE]')) {
      done = true;
      return;
    }
    if (e.event !== null && e.event.startsWith('thread.')) return;
    const chunk = JSON.parse(e.data) as OpenAI.Chat.Completions.ChatCompletionChunk & { error?: unknown; message?: unknown };
    if (chunk?.error || e.event === 'error') throw new Error(streamedError(chunk ?? {}));
    if (chunk.model) result.model = chunk.model;
    if (chunk.usage) result.usage = usageOf(chunk.usage);
    // Only the first choice is asked for (no `n`); a provider that sends more is read for index 0.
    const choice = chunk.choices?.find((c) => (c.index ?? 0) === 0);
    if (!choice) return;
    const delta = (choice.delta ?? {}) as { content?: string | null; reasoning_content?: unknown; reasoning?: unknown; tool_calls?: unknown };
    // DeepSeek and vLLM stream a reasoning model's thoughts as `reasoning_content` (Ollama: `reasoning`):
    // not part of the answer, but proof the provider is working, so they stop the first-token clock.
    if (nonEmpty(delta.reasoning_content) || nonEmpty(delta.reasoning)) sink.alive();
    if (nonEmpty(delta.content)) sink.text(delta.content);
    // Tool calls are the answer too (not text): they stop the first-token clock, never reach onDelta.
    if (Array.isArray(delta.tool_calls) && delta.tool_calls.length) {
      sink.alive();
      tools.push(delta.tool_calls as ToolCallFragment[]);
    }
    if (choice.finish_reason) result.finishReason = choice.finish_reason;
  };
  const events = new SseEvents();
  const decoder = new TextDecoder();
  const read = (bytes: Uint8Array) => {
    for (const e of events.push(decoder.decode(bytes, { stream: true }))) take(e);
  };
  try {
    // The body as the Node stream it is, when the fetch was ours (http-fetch.ts); else as a web stream.
    const node = takeNodeBody(response);
    if (node) await eachChunk(node, read);
    else {
      if (!response.body) throw new Error('the provider answered without a body');
      for await (const bytes of response.body as unknown as AsyncIterable<Uint8Array>) read(bytes);
    }
    for (const e of events.push(decoder.decode())) take(e);
    for (const e of events.end()) take(e);
  } catch (err) {
    // Our own abort (a time-out, the caller): the caller tells which; the package ends quietly too.
    if (signal.aborted || (err as { name?: unknown })?.name === 'AbortError') return result;
    throw err;
  }
  result.toolCalls = tools.calls();
  return result;
}

/**
 * Hands each chunk of a Node response body to `on`, in order; resolves at its end. Rejects when the
 * body breaks off (a reset, an abort, a close before the end) or when `on` throws (then the
 * response is destroyed: the rest is not wanted).
 */
function eachChunk(res: IncomingMessage, on: (bytes: Uint8Array) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    res.on('data', (bytes: Buffer) => {
      try {
        on(bytes);
      } catch (err) {
        reject(err);
        res.destroy();
      }
    });
    res.once('end', resolve);
    res.once('error', reject);
    res.once('close', () => {
      if (!res.complete) reject(new Error('the connection closed before the answer ended'));
    });
  });
}

const nonEmpty = (v: unknown): v is string => typeof v === 'string' && v.length > 0;
