/**
 * One attempt of a chat: a streamed `chat.completions.create` read chunk by chunk. The retry loop,
 * the timers and the error mapping live in llm.adapter.ts; this file only turns the provider's
 * chunks into text pieces, the usage and the finish reason.
 *
 * Always streamed, with `stream_options.include_usage`, listener or not: one path for every caller,
 * the first-token time-out means the same thing everywhere, and the usage comes in the final chunk
 * (`choices: []`, `usage: {...}`), which is how OpenAI, DeepSeek, vLLM and Ollama send it.
 */
import type OpenAI from 'openai';

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
  usage: { promptTokens: number; completionTokens: number } | null;
  /** Null when the stream ended without one: the answer was cut short. */
  finishReason: string | null;
}

type StreamingBody = OpenAI.Chat.Completions.ChatCompletionCreateParamsStreaming;

/**
 * Streams one answer. Resolves when the provider ends the stream; rejects with the package's error
 * on an HTTP error or a broken connection. When `signal` aborts mid-stream the package ends the
 * iteration quietly, so the caller must look at why it aborted before trusting the result.
 */
export async function streamAttempt(client: OpenAI, body: StreamingBody, signal: AbortSignal, sink: StreamSink): Promise<StreamResult> {
  // maxRetries 0: the adapter's loop is the only one, so no text is ever asked for twice behind its back.
  const stream = await client.chat.completions.create(body, { signal, maxRetries: 0 });
  let model: string | null = null;
  let usage: StreamResult['usage'] = null;
  let finishReason: string | null = null;
  for await (const chunk of stream) {
    if (chunk.model) model = chunk.model;
    if (chunk.usage) usage = { promptTokens: chunk.usage.prompt_tokens ?? 0, completionTokens: chunk.usage.completion_tokens ?? 0 };
    // Only the first choice is asked for (no `n`); a provider that sends more is read for index 0.
    const choice = chunk.choices?.find((c) => (c.index ?? 0) === 0);
    if (!choice) continue;
    const delta = (choice.delta ?? {}) as { content?: string | null; reasoning_content?: unknown; reasoning?: unknown };
    // DeepSeek and vLLM stream a reasoning model's thoughts as `reasoning_content` (Ollama: `reasoning`):
    // not part of the answer, but proof the provider is working, so they stop the first-token clock.
    if (nonEmpty(delta.reasoning_content) || nonEmpty(delta.reasoning)) sink.alive();
    if (nonEmpty(delta.content)) sink.text(delta.content);
    if (choice.finish_reason) finishReason = choice.finish_reason;
  }
  return { model, usage, finishReason };
}

const nonEmpty = (v: unknown): v is string => typeof v === 'string' && v.length > 0;
