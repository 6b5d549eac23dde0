/**
 * The model registry (providers and models as data), against fake OpenAI-compatible providers on every
 * database: ai/provider and ai/model are for administrators only; "test" lists a provider's models
 * (OpenAI's shape and Ollama's tag list) and answers a refused key or an unreachable server in the
 * provider's words without the key; the environment's provider is added once on start and never
 * again; an app's config.model picks a registry model (by id or model id) and its provider's key,
 * a switch taking effect on the next run without a restart; AI members answer with the default for
 * AI members; a default belongs to one model; a provider with models is not deleted.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../helpers/databases';
import { startFakeLlm, type FakeLlm } from '../helpers/fake-llm';
import { aiRepliesDone } from '../../server/modules/ai/ai-reply.service';
import { syncRunsDone } from '../../server/modules/ai/sync-run.service';
import { bootstrapRegistry } from '../../server/modules/ai/models/registry-bootstrap.start';
import { group, member, text } from './chat-world';
import { addApp, ended, fund, ok, post, startAiWorld, type AiWorld } from './ai-world';

const kinds = await databaseKinds();
const SECRET_B = 'sk-registry-b-5e1f2a9c';

/** A server answering Ollama's tag list at /api/tags, and a provider that repeats the key it refuses at /leaky/v1/models. */
async function startOddProvider(): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    res.setHeader('Content-Type', 'application/json');
    if (path === '/api/tags') {
      res.end(
        JSON.stringify({
          models: [
            { name: 'llama3.2:3b', model: 'llama3.2:3b', size: 1 },
            { name: 'qwen2.5:7b', model: 'qwen2.5:7b', size: 2 },
          ],
        }),
      );
    } else if (path === '/leaky/v1/models') {
      res.statusCode = 401;
      res.end(
        JSON.stringify({
          error: { message: `Incorrect API key provided: ${String(req.headers.authorization).replace('Bearer ', '')}`, code: 'invalid_api_key' },
        }),
      );
    } else {
      res.statusCode = 404;
      res.end('{}');
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise((r) => server.close(() => r())) };
}

describe.each(kinds)('the model registry on %s', (kind) => {
  let w: AiWorld;
  let b: FakeLlm;
  let odd: Awaited<ReturnType<typeof startOddProvider>>;
  const t = () => w.t;
  const admin = (path: string, body: unknown) => post(t(), path, body, t().adminToken);
  const models = async () => ok(await admin('/admin/ai/model/list', {})) as Array<Record<string, any>>;
  const providers = async () => ok(await admin('/admin/ai/provider/list', {})) as Array<Record<string, any>>;

  beforeAll(async () => {
    b = await startFakeLlm({ apiKey: SECRET_B, models: ['model-b1', 'model-b2'] });
    odd = await startOddProvider();
    w = await startAiWorld(kind, { llm: true, env: { LLM_MODEL: 'model-a', CHAT_SEND_LIMIT: '1000/10' } });
  });
  afterAll(async () => {
    if (w) await aiRepliesDone(w.t.core);
    await w?.close();
    await b?.close();
    await odd?.close();
  });

  it("adds the environment's provider and model on start, once, and never again after an administrator's edit", async () => {
    const [p, ...others] = await providers();
    expect(others).toEqual([]);
    expect(p).toMatchObject({ name: new URL(w.llm!.url).host, kind: 'openai', baseUrl: w.llm!.url, status: 1 });
    expect(p.apiKey).toBeUndefined();
    const [m] = await models();
    expect(m).toMatchObject({ providerId: p.id, modelId: 'model-a', defaultFor: ['chat', 'aiMember', 'coding', 'summary'] });
    ok(await admin('/admin/ai/provider/update', { id: p.id, name: 'Renamed by the administrator' }));
    expect(await bootstrapRegistry(t().core)).toBe(false);
    expect((await providers()).map((r) => r.name)).toEqual(['Renamed by the administrator']);
    expect(await models()).toHaveLength(1);
    ok(await admin('/admin/ai/provider/update', { id: p.id, name: p.name }));
  });

  it('adds the provider once when two starts race on an empty registry', async () => {
    const saved = (await models()).map((m) => m.modelId);
    ok(await admin('/admin/ai/model/delete', { ids: (await models()).map((m) => m.id) }));
    ok(await admin('/admin/ai/provider/delete', { ids: (await providers()).map((p) => p.id) }));
    const raced = await Promise.all([bootstrapRegistry(t().core), bootstrapRegistry(t().core)]);
    expect(raced.filter(Boolean)).toHaveLength(1);
    expect(await providers()).toHaveLength(1);
    expect((await models()).map((m) => m.modelId)).toEqual(saved);
  });

  it('refuses a member every ai/provider and ai/model call with 403', async () => {
    const ann = await member(t());
    const calls: Array<[string, unknown]> = [];
    for (const e of ['provider', 'model']) {
      for (const a of ['add', 'update', 'delete', 'list', 'page']) calls.push([`/admin/ai/${e}/${a}`, a === 'delete' ? { ids: [1] } : { id: 1 }]);
    }
    calls.push(['/admin/ai/provider/test', { id: 1 }], ['/admin/ai/provider/importModels', { id: 1, modelIds: ['x'] }]);
    for (const [path, body] of calls) expect((await post(t(), path, body, ann.token)).status, path).toBe(403);
    const info = await t().http().get('/admin/ai/provider/info').query({ id: 1 }).set('Authorization', ann.token);
    expect(info.status).toBe(403);
  });

  it("lists a provider's models in OpenAI's shape and Ollama's, and imports the picked ones once", async () => {
    const listed = ok(await admin('/admin/ai/provider/test', { kind: 'openai', baseUrl: `${b.url}/`, apiKey: SECRET_B }));
    expect(listed).toEqual({ ok: true, models: [{ id: 'model-b1' }, { id: 'model-b2' }] });
    const tags = ok(await admin('/admin/ai/provider/test', { kind: 'ollama', baseUrl: `${odd.url}/v1` }));
    expect(tags).toEqual({ ok: true, models: [{ id: 'llama3.2:3b' }, { id: 'qwen2.5:7b' }] });
    const pb = ok(await admin('/admin/ai/provider/add', { name: 'Provider B', kind: 'openai', baseUrl: b.url, apiKey: SECRET_B })).id;
    // The key is stored sealed, never as written, and the provider's rows say only that it is set.
    const [stored] = await t().core.db.query<{ apiKey: string }>('SELECT `apiKey` FROM `ai_provider` WHERE `id` = ?', [pb]);
    expect(stored.apiKey.startsWith('sealed:v1:')).toBe(true);
    expect(stored.apiKey).not.toContain(SECRET_B);
    expect((await providers()).find((p) => p.id === pb)).toMatchObject({ apiKeySet: true });
    // A saved provider is tested with its saved key (opened for the provider, and only for it).
    expect(ok(await admin('/admin/ai/provider/test', { id: pb })).ok).toBe(true);
    const first = ok(await admin('/admin/ai/provider/importModels', { id: pb, modelIds: ['model-b1'] }));
    expect(first).toMatchObject({ added: 1, skipped: 0 });
    const again = ok(await admin('/admin/ai/provider/importModels', { id: pb, modelIds: ['model-b1', 'model-b2'] }));
    expect(again).toMatchObject({ added: 1, skipped: 1 });
    expect((await models()).filter((m) => m.providerId === pb).map((m) => m.modelId)).toEqual(['model-b1', 'model-b2']);
    const page = await admin('/admin/ai/provider/page', {});
    expect(JSON.stringify(page.body)).not.toContain(SECRET_B);
  });

  it("answers a refused key and an unreachable server in the provider's words, never with the key", async () => {
    const wrong = 'sk-wrong-key-0d9e8f7a';
    const refused = ok(await admin('/admin/ai/provider/test', { kind: 'openai', baseUrl: b.url, apiKey: wrong }));
    expect(refused.ok).toBe(false);
    expect(refused.models).toEqual([]);
    expect(refused.error).toContain('401');
    expect(refused.error).toContain('Incorrect API key provided');
    const leaky = ok(await admin('/admin/ai/provider/test', { kind: 'openai', baseUrl: `${odd.url}/leaky/v1`, apiKey: wrong }));
    expect(leaky).toMatchObject({ ok: false, models: [] });
    expect(leaky.error).toContain('Incorrect API key provided');
    expect(leaky.error).not.toContain(wrong);
    const zh = await t()
      .http()
      .post('/admin/ai/provider/test')
      .set('Authorization', t().adminToken)
      .set('language', 'zh-cn')
      .send({ baseUrl: 'http://127.0.0.1:1/v1' });
    expect(zh.body.data.ok).toBe(false);
    expect(zh.body.data.error).toContain('无法连接 http://127.0.0.1:1/v1/models');
  });

  it("runs an app on the registry model its config names, with that provider's key, and on another one at the next run", async () => {
    const all = await models();
    const b1 = all.find((m) => m.modelId === 'model-b1')!;
    const ann = await member(t());
    await fund(t(), ann.id, 20);
    const appId = await addApp(t(), { tokens: 1, config: { model: b1.id } });
    const run = async () => {
      const runId = ok(await post(t(), '/admin/base/message/runWorkflow', { appId, input: 'hello' }, ann.token)).runId as number;
      expect(Number((await ended(t(), runId)).status)).toBe(1);
      await syncRunsDone(t().core);
    };
    const before = b.chatCalls().length;
    await run();
    const asked = b.chatCalls().slice(before);
    expect(asked.map((r) => [r.chat?.model, r.authorized])).toEqual([['model-b1', true]]);

    // The administrator switches the app to another model (by its model id): the next run asks it.
    ok(await admin('/admin/base/app/update', { id: appId, config: { model: 'model-b2' } }));
    await run();
    expect(b.chatCalls().at(-1)?.chat?.model).toBe('model-b2');
    // And to the first provider's model: the other fake answers.
    const a = w.llm!.chatCalls().length;
    ok(await admin('/admin/base/app/update', { id: appId, config: {} }));
    await run();
    expect(
      w
        .llm!.chatCalls()
        .slice(a)
        .map((r) => r.chat?.model),
    ).toEqual(['model-a']);

    // A model disabled in the console is not asked: the default for chat answers instead.
    ok(await admin('/admin/base/app/update', { id: appId, config: { model: b1.id } }));
    ok(await admin('/admin/ai/model/update', { id: b1.id, status: 0 }));
    await run();
    expect(w.llm!.chatCalls().at(-1)?.chat?.model).toBe('model-a');
    ok(await admin('/admin/ai/model/update', { id: b1.id, status: 1 }));
  });

  it('keeps the registry in memory between runs and reloads it once the shared write generation moves', async () => {
    const b2 = (await models()).find((m) => m.modelId === 'model-b2')!;
    const ann = await member(t());
    await fund(t(), ann.id, 20);
    const appId = await addApp(t(), { tokens: 1, config: { model: b2.id } });
    const run = async () => {
      const runId = ok(await post(t(), '/admin/base/message/runWorkflow', { appId, input: 'hello' }, ann.token)).runId as number;
      expect(Number((await ended(t(), runId)).status)).toBe(1);
      await syncRunsDone(t().core);
      return b.chatCalls().at(-1)?.chat?.model;
    };
    expect(await run()).toBe('model-b2');
    // Another instance's write: the row first (this instance hears nothing of it)...
    await t().core.db.query('UPDATE `ai_model` SET `modelId` = ? WHERE `id` = ?', ['model-b2-renamed', b2.id]);
    expect(await run()).toBe('model-b2');
    // ...then, once committed, its move of the entity's write generation in the shared cache store.
    await t().core.cache.incr('kgen:ai/model', 60);
    expect(await run()).toBe('model-b2-renamed');
    ok(await admin('/admin/ai/model/update', { id: b2.id, modelId: 'model-b2' }));
    expect(await run()).toBe('model-b2');
  });

  it('answers AI members with the default for AI members, which one model holds at a time', async () => {
    const all = await models();
    const b1 = all.find((m) => m.modelId === 'model-b1')!;
    const a = all.find((m) => m.modelId === 'model-a')!;
    ok(await admin('/admin/ai/model/update', { id: b1.id, defaultFor: ['aiMember'] }));
    const after = await models();
    expect(after.find((m) => m.id === a.id)!.defaultFor).toEqual(['chat', 'coding', 'summary']);
    expect(after.find((m) => m.id === b1.id)!.defaultFor).toEqual(['aiMember']);

    const [ann, ben] = [await member(t()), await member(t())];
    const groupId = await group(t(), ann, [ben]);
    const helper = ok(
      await post(t(), '/admin/base/groupMember/add', { groupId, ai: { nickName: 'Helper', config: { prompt: 'Be brief.', cost: 1 } } }, ann.token),
    ).userId;
    await fund(t(), ann.id, 10);
    const before = b.chatCalls().length;
    ok(await post(t(), '/admin/base/message/add', text(1, groupId, '@Helper hi', { at: [helper] }), ann.token));
    await aiRepliesDone(t().core);
    expect(
      b
        .chatCalls()
        .slice(before)
        .map((r) => [r.chat?.model, r.authorized]),
    ).toEqual([['model-b1', true]]);
  });

  it("answers 503 to a run when the administrator disabled every model, instead of asking the environment's", async () => {
    const all = await models();
    const ann = await member(t());
    await fund(t(), ann.id, 5);
    const appId = await addApp(t(), { tokens: 1 });
    for (const m of all) ok(await admin('/admin/ai/model/update', { id: m.id, status: 0 }));
    const refused = await post(t(), '/admin/base/message/runWorkflow', { appId, input: 'hello' }, ann.token);
    expect(refused.status).toBe(503);
    for (const m of all) ok(await admin('/admin/ai/model/update', { id: m.id, status: 1 }));
    expect(ok(await post(t(), '/admin/base/message/runWorkflow', { appId, input: 'hello' }, ann.token)).runId).toBeGreaterThan(0);
    await syncRunsDone(t().core);
  });

  it('refuses to delete a provider that still has models, and capabilities or defaults it does not know', async () => {
    const [p] = await providers();
    const refused = await admin('/admin/ai/provider/delete', { ids: [p.id] });
    expect(refused.body.code).toBe(1001);
    expect(await providers()).toHaveLength(2);
    const bad = await admin('/admin/ai/model/add', { providerId: 999_999, modelId: 'x', capabilities: ['chat', 'telepathy'], defaultFor: ['everything'] });
    expect(bad.body.code).toBe(1002);
    expect(JSON.stringify(bad.body.data)).toMatch(/capabilities/);
    expect(JSON.stringify(bad.body.data)).toMatch(/defaultFor/);
  });
});
