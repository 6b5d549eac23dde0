/**
 * First start (issue 39): with no provider and no LLM_* variables nothing can answer, and
 * `base/app/ready` says so to a member (the workspace shows "AI is not set up yet" instead of a
 * 503); once an administrator adds a provider with a model it says ready, without a restart; a
 * provider switched off makes it not ready again. Anonymous callers get 401. `base/app/models` lists
 * a member the chat models to pick for an AI member, without anything of their provider.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../helpers/databases';
import { startFakeLlm, type FakeLlm } from '../helpers/fake-llm';
import { member } from './chat-world';
import { get, ok, post, startAiWorld, type AiWorld } from './ai-world';

const kinds = await databaseKinds();

describe.each(kinds)('whether AI is set up, on %s', (kind) => {
  let w: AiWorld;
  let llm: FakeLlm;

  beforeAll(async () => {
    llm = await startFakeLlm({ apiKey: 'sk-ready-1' });
    // No LLM_* variables: a fresh install.
    w = await startAiWorld(kind, { env: { LLM_BASE_URL: '', LLM_API_KEY: '', LLM_MODEL: '' } });
  });
  afterAll(async () => {
    await w?.close();
    await llm?.close();
  });

  it('says not set up on a fresh install, set up once a provider with a model is added, and not again when it is switched off', async () => {
    const t = w.t;
    const ann = await member(t);
    expect(ok(await get(t, '/admin/base/app/ready', {}, ann.token))).toEqual({ chat: false, aiMember: false });
    expect((await get(t, '/admin/base/app/ready', {})).status).toBe(401);
    const providerId = ok(await post(t, '/admin/ai/provider/add', { name: 'Local', kind: 'openai', baseUrl: llm.url, apiKey: 'sk-ready-1' }, t.adminToken)).id;
    ok(await post(t, '/admin/ai/model/add', { providerId, modelId: 'fake-1', defaultFor: ['chat', 'aiMember'] }, t.adminToken));
    expect(ok(await get(t, '/admin/base/app/ready', {}, ann.token))).toEqual({ chat: true, aiMember: true });
    // What a member may pick for an AI member: the model's names and prices, nothing of its provider.
    const models = ok(await get(t, '/admin/base/app/models', {}, ann.token));
    expect(models).toEqual([
      { id: expect.any(Number), modelId: 'fake-1', name: 'fake-1', priceInput: 0, priceOutput: 0, contextWindow: null, isDefault: true },
    ]);
    ok(await post(t, '/admin/ai/model/add', { providerId, modelId: 'embed-1', capabilities: ['embeddings'] }, t.adminToken));
    expect(ok(await get(t, '/admin/base/app/models', {}, ann.token)).map((m: { modelId: string }) => m.modelId)).toEqual(['fake-1']);
    ok(await post(t, '/admin/ai/provider/update', { id: providerId, status: 0 }, t.adminToken));
    expect(ok(await get(t, '/admin/base/app/ready', {}, ann.token))).toEqual({ chat: false, aiMember: false });
  });
});
