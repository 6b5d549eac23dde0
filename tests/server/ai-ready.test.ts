/**
 * First start (issue 39): with no provider and no LLM_* variables nothing can answer, and
 * `base/app/ready` says so to a member (the workspace shows "AI is not set up yet" instead of a
 * 503); once an administrator adds a provider with a model it says ready, without a restart; a
 * provider switched off makes it not ready again. Anonymous callers get 401.
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
    ok(await post(t, '/admin/ai/provider/update', { id: providerId, status: 0 }, t.adminToken));
    expect(ok(await get(t, '/admin/base/app/ready', {}, ann.token))).toEqual({ chat: false, aiMember: false });
  });
});
