/**
 * The LLM adapter (server/adapters/llm.adapter.ts) against the fake OpenAI-compatible server
 * (tests/helpers/fake-llm.ts) over real HTTP, without the app: streaming order, usage, retries and
 * their limits, the two time-outs, the caller's signal, and the error kinds.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createLlm, LlmError, type LlmMessage } from '../../server/adapters/llm.adapter';
import { startFakeLlm, type FakeLlm } from '../helpers/fake-llm';

const ASK: LlmMessage[] = [
  { role: 'system', content: 'Answer briefly.' },
  { role: 'user', content: 'Say something about foxes.' },
];
const TEXT = 'The quick brown fox jumps over the lazy dog, twice.';

/** What a rejected chat rejected with, checked to be an LlmError. */
async function failure(p: Promise<unknown>): Promise<LlmError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(LlmError);
  return err as LlmError;
}

describe('the LLM adapter against the fake OpenAI-compatible server', () => {
  let fake: FakeLlm;
  // Short back-offs so the retry tests run fast; each test sets the time-outs it needs.
  const env = (extra: Record<string, string> = {}) => ({ ...fake.env(), LLM_RETRY_BASE_MS: '10', ...extra });

  beforeAll(async () => {
    fake = await startFakeLlm();
  });
  afterAll(async () => {
    await fake?.close();
  });
  beforeEach(() => {
    fake.reset();
  });

  it('streams the answer to the listener in order and returns the whole text', async () => {
    fake.script({ answer: TEXT, chunkSize: 3, chunkDelayMs: 2 });
    const deltas: string[] = [];
    const answer = await createLlm(env()).chat({ messages: ASK, params: { temperature: 0.2, max_tokens: 50 }, onDelta: (t) => deltas.push(t) });
    expect(deltas).toEqual(Array.from({ length: Math.ceil(TEXT.length / 3) }, (_, i) => TEXT.slice(i * 3, i * 3 + 3)));
    expect(answer).toMatchObject({ text: TEXT, model: 'gpt-4o-mini', finishReason: 'stop' });
    const [call] = fake.chatCalls();
    expect(call!.chat).toMatchObject({ model: 'gpt-4o-mini', stream: true, includeUsage: true, messages: ASK });
    expect(call!.chat!.body).toMatchObject({ temperature: 0.2, max_tokens: 50 });
    // Parameters not given are not sent as null: the provider keeps its defaults.
    expect(call!.chat!.body).not.toHaveProperty('top_p');
  });

  it('uses the model the request names over the configured one', async () => {
    const answer = await createLlm(env({ LLM_MODEL: 'fake-small' })).chat({ messages: ASK, model: 'gpt-4o-mini' });
    expect(fake.chatCalls()[0]!.chat!.model).toBe('gpt-4o-mini');
    expect(answer.model).toBe('gpt-4o-mini');
    await createLlm(env({ LLM_MODEL: 'fake-small' })).chat({ messages: ASK });
    expect(fake.chatCalls()[1]!.chat!.model).toBe('fake-small');
  });

  it('reads the usage from the final chunk, and estimates it when the provider sends none', async () => {
    fake.script({ answer: TEXT, usage: { promptTokens: 17, completionTokens: 9 } });
    const read = await createLlm(env()).chat({ messages: ASK });
    expect(read.usage).toEqual({ promptTokens: 17, completionTokens: 9, cachedTokens: 0 });
    expect(read.usageEstimated).toBeUndefined();

    // OpenAI's prompt_tokens_details.cached_tokens: a part of the prompt, never counted as more than it.
    fake.script({ usage: { promptTokens: 17, completionTokens: 9, cachedTokens: 12 } });
    expect((await createLlm(env()).chat({ messages: ASK })).usage).toEqual({ promptTokens: 17, completionTokens: 9, cachedTokens: 12 });
    fake.script({ usage: { promptTokens: 17, completionTokens: 9, cachedTokens: 40 } });
    expect((await createLlm(env()).chat({ messages: ASK })).usage).toEqual({ promptTokens: 17, completionTokens: 9, cachedTokens: 17 });

    fake.script({ usage: false });
    const guessed = await createLlm(env()).chat({ messages: ASK });
    const promptChars = ASK.reduce((n, m) => n + m.content.length, 0);
    expect(guessed.usage).toEqual({ promptTokens: Math.ceil(promptChars / 4), completionTokens: Math.ceil(TEXT.length / 4), cachedTokens: 0 });
    expect(guessed.usageEstimated).toBe(true);
  });

  it('measures the time to the first token and the whole answer', async () => {
    fake.script({ answer: 'abcdefgh', chunkSize: 2, firstChunkDelayMs: 150, chunkDelayMs: 40 });
    const answer = await createLlm(env()).chat({ messages: ASK });
    expect(answer.firstTokenMs).toBeGreaterThanOrEqual(140);
    // Three more chunks and the finish chunk, 40 ms apart, after the first piece.
    expect(answer.ms).toBeGreaterThanOrEqual(answer.firstTokenMs! + 150);
    expect(answer.ms).toBeLessThan(5000);
  });

  it('waits as long as a 429 Retry-After asks, then succeeds on the next attempt', async () => {
    fake.script({ answer: TEXT, fail: { status: 429, retryAfter: 1 } });
    const deltas: string[] = [];
    const answer = await createLlm(env()).chat({ messages: ASK, onDelta: (t) => deltas.push(t) });
    expect(answer.text).toBe(TEXT);
    expect(deltas.join('')).toBe(TEXT);
    const calls = fake.chatCalls();
    expect(calls.map((c) => c.status)).toEqual([429, 200]);
    expect(calls[1]!.at - calls[0]!.at).toBeGreaterThanOrEqual(950);
  });

  it('caps a long Retry-After at LLM_RETRY_AFTER_MAX_MS', async () => {
    fake.script({ fail: { status: 429, retryAfter: 30 } });
    const started = Date.now();
    await createLlm(env({ LLM_RETRY_AFTER_MAX_MS: '200' })).chat({ messages: ASK });
    expect(Date.now() - started).toBeLessThan(2000);
    expect(fake.chatCalls().map((c) => c.status)).toEqual([429, 200]);
  });

  it('gives up with an upstream error after the retries when every attempt is a 500', async () => {
    fake.script({ fail: { status: 500, times: 5 } });
    const err = await failure(createLlm(env({ LLM_MAX_RETRIES: '2' })).chat({ messages: ASK }));
    expect(err).toMatchObject({ kind: 'upstream', status: 500, attempts: 3 });
    expect(fake.chatCalls()).toHaveLength(3);
  });

  it('reports rate_limited when the 429s outlast the retries', async () => {
    fake.script({ fail: { status: 429, times: 2 } });
    const err = await failure(createLlm(env({ LLM_MAX_RETRIES: '1' })).chat({ messages: ASK }));
    expect(err).toMatchObject({ kind: 'rate_limited', status: 429 });
    expect(fake.chatCalls()).toHaveLength(2);
  });

  it('does not start a wait that would outlast the first-token time-out', async () => {
    fake.script({ fail: { status: 429, retryAfter: 5 } });
    const started = Date.now();
    const err = await failure(createLlm(env({ LLM_FIRST_TOKEN_TIMEOUT_MS: '1000' })).chat({ messages: ASK }));
    expect(err).toMatchObject({ kind: 'rate_limited', status: 429 });
    expect(Date.now() - started).toBeLessThan(900);
    expect(fake.chatCalls()).toHaveLength(1);
  });

  it('times out when no first token comes in time, without retrying', async () => {
    fake.script({ firstChunkDelayMs: 3000 });
    const started = Date.now();
    const err = await failure(createLlm(env({ LLM_FIRST_TOKEN_TIMEOUT_MS: '300' })).chat({ messages: ASK }));
    expect(err).toMatchObject({ kind: 'timeout', status: null });
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(fake.chatCalls()).toHaveLength(1);
  });

  it('times out on a provider that never answers, not even the headers', async () => {
    fake.script({ hang: true });
    const err = await failure(createLlm(env({ LLM_FIRST_TOKEN_TIMEOUT_MS: '300' })).chat({ messages: ASK }));
    expect(err.kind).toBe('timeout');
    expect(fake.chatCalls()).toHaveLength(1);
  });

  it('times out when the whole answer takes too long, after some text has streamed', async () => {
    fake.script({ answer: TEXT, chunkSize: 2, chunkDelayMs: 100 });
    const deltas: string[] = [];
    const started = Date.now();
    const err = await failure(
      createLlm(env({ LLM_TIMEOUT_MS: '500', LLM_FIRST_TOKEN_TIMEOUT_MS: '400' })).chat({ messages: ASK, onDelta: (t) => deltas.push(t) }),
    );
    expect(err.kind).toBe('timeout');
    expect(err.message).toMatch(/whole answer/);
    expect(deltas.length).toBeGreaterThan(0);
    expect(deltas.join('').length).toBeLessThan(TEXT.length);
    expect(Date.now() - started).toBeLessThan(1500);
    expect(fake.chatCalls()).toHaveLength(1);
  });

  it('fails without retrying when the connection drops after text has streamed', async () => {
    fake.script({ answer: TEXT, chunkSize: 5, dropAfterChunks: 2 });
    const deltas: string[] = [];
    const err = await failure(createLlm(env()).chat({ messages: ASK, onDelta: (t) => deltas.push(t) }));
    expect(err).toMatchObject({ kind: 'upstream', status: null });
    expect(deltas).toEqual([TEXT.slice(0, 5), TEXT.slice(5, 10)]);
    expect(fake.chatCalls()).toHaveLength(1);
  });

  it('retries a connection dropped before any text, and fails on an answer cut short after text', async () => {
    // Dropped before the first piece every time: retried, then an upstream error.
    fake.script({ dropAfterChunks: 0 });
    const dropped = await failure(createLlm(env({ LLM_MAX_RETRIES: '1' })).chat({ messages: ASK }));
    expect(dropped).toMatchObject({ kind: 'upstream', attempts: 2 });
    expect(fake.chatCalls()).toHaveLength(2);
    // A stream that says [DONE] without a finish reason is not a success.
    fake.reset().script({ answer: TEXT, finishReason: null });
    const cut = await failure(createLlm(env()).chat({ messages: ASK, onDelta: () => undefined }));
    expect(cut).toMatchObject({ kind: 'upstream', status: null });
    expect(fake.chatCalls()).toHaveLength(1);
  });

  it("stops when the caller's signal aborts, mid-stream or before the call", async () => {
    fake.script({ answer: TEXT, chunkSize: 2, chunkDelayMs: 50 });
    const ctl = new AbortController();
    const deltas: string[] = [];
    const err = await failure(
      createLlm(env()).chat({
        messages: ASK,
        signal: ctl.signal,
        onDelta: (t) => {
          deltas.push(t);
          if (deltas.length === 2) ctl.abort();
        },
      }),
    );
    expect(err).toMatchObject({ kind: 'aborted', status: null });
    expect(deltas).toHaveLength(2);

    fake.reset();
    const err2 = await failure(createLlm(env()).chat({ messages: ASK, signal: AbortSignal.abort() }));
    expect(err2.kind).toBe('aborted');
    expect(fake.chatCalls()).toHaveLength(0);
  });

  it('stops during a back-off wait when the caller aborts', async () => {
    fake.script({ fail: { status: 503, retryAfter: 5 } });
    const ctl = new AbortController();
    setTimeout(() => ctl.abort(), 200);
    const started = Date.now();
    const err = await failure(createLlm(env({ LLM_FIRST_TOKEN_TIMEOUT_MS: '20000' })).chat({ messages: ASK, signal: ctl.signal }));
    expect(err.kind).toBe('aborted');
    expect(Date.now() - started).toBeLessThan(2000);
    expect(fake.chatCalls()).toHaveLength(1);
  });

  it('is refused with a 401 on a wrong key, once, and the key never shows in the message', async () => {
    const key = 'sk-wrong-key-123456';
    const err = await failure(createLlm(env({ LLM_API_KEY: key })).chat({ messages: ASK }));
    expect(err).toMatchObject({ kind: 'refused', status: 401, attempts: 1 });
    expect(err.message).not.toContain(key);
    expect(fake.chatCalls()).toHaveLength(1);
    expect(fake.chatCalls()[0]!.authorized).toBe(false);
  });

  it('is refused with a 404 for a model the provider does not have', async () => {
    const strict = await startFakeLlm({ rejectUnknownModels: true });
    try {
      const err = await failure(createLlm({ ...strict.env(), LLM_MODEL: 'no-such-model' }).chat({ messages: ASK }));
      expect(err).toMatchObject({ kind: 'refused', status: 404 });
      expect(strict.chatCalls()).toHaveLength(1);
    } finally {
      await strict.close();
    }
  });

  it('rejects at once when unconfigured, and needs a key only for a provider that is not local', async () => {
    for (const settings of [{}, { LLM_BASE_URL: '  ' }, { LLM_BASE_URL: 'not a url' }, { LLM_BASE_URL: 'https://api.openai.com/v1' }]) {
      const llm = createLlm(settings);
      expect(llm.configured).toBe(false);
      const started = Date.now();
      const err = await failure(llm.chat({ messages: ASK }));
      expect(err).toMatchObject({ kind: 'unconfigured', status: null, attempts: 0 });
      expect(Date.now() - started).toBeLessThan(100);
    }
    expect(createLlm({ LLM_BASE_URL: 'https://api.openai.com/v1', LLM_API_KEY: 'sk-x' }).configured).toBe(true);
    // A keyless local provider (Ollama, vLLM) is configured by its address alone.
    const keyless = await startFakeLlm({ apiKey: null });
    try {
      const llm = createLlm({ LLM_BASE_URL: keyless.url });
      expect(llm.configured).toBe(true);
      expect((await llm.chat({ messages: ASK })).text).toBe('Fake answer to: Say something about foxes.');
    } finally {
      await keyless.close();
    }
  });

  it('retries a refused connection and then reports an upstream error', async () => {
    const gone = await startFakeLlm();
    const url = gone.url;
    await gone.close();
    const err = await failure(createLlm({ LLM_BASE_URL: url, LLM_API_KEY: 'k', LLM_RETRY_BASE_MS: '10', LLM_MAX_RETRIES: '2' }).chat({ messages: ASK }));
    expect(err).toMatchObject({ kind: 'upstream', status: null, attempts: 3 });
  });

  it("ends the chat with the listener's own error when the listener throws", async () => {
    fake.script({ answer: TEXT, chunkSize: 2, chunkDelayMs: 5 });
    const broken = new Error('listener broke');
    const err = await createLlm(env())
      .chat({
        messages: ASK,
        onDelta: () => {
          throw broken;
        },
      })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(err).toBe(broken);
    expect(fake.chatCalls()).toHaveLength(1);
  });

  it('answers the non-streamed call and lists models, as a provider does', async () => {
    const auth = { authorization: `Bearer ${fake.apiKey}`, 'content-type': 'application/json' };
    const models = (await (await fetch(`${fake.url}/models`, { headers: auth })).json()) as { data: Array<{ id: string }> };
    expect(models.data.map((m) => m.id)).toEqual(['gpt-4o-mini', 'fake-small']);
    fake.script({ answer: 'plain', usage: { promptTokens: 3, completionTokens: 1 } });
    const res = await fetch(`${fake.url}/chat/completions`, { method: 'POST', headers: auth, body: JSON.stringify({ model: 'gpt-4o-mini', messages: ASK }) });
    expect(await res.json()).toMatchObject({
      object: 'chat.completion',
      choices: [{ message: { role: 'assistant', content: 'plain' }, finish_reason: 'stop' }],
      usage: { prompt_tokens: 3, completion_tokens: 1, total_tokens: 4 },
    });
    const bad = await fetch(`${fake.url}/chat/completions`, { method: 'POST', headers: auth, body: '{"model":"gpt-4o-mini","messages":[]}' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: { type: 'invalid_request_error' } });
  });
});
