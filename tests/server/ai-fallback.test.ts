/**
 * A model's fallback (issue 39), on every database, with two fake OpenAI-compatible providers: when
 * the chosen model's provider fails before any text, its configured fallback of the other provider
 * answers (an app's run and an AI member's reply), the run records the model that answered and a run
 * priced by use is charged at that model's prices; once text has streamed, the failure stands and
 * the run is refunded; a model without a fallback fails as before.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../helpers/databases';
import { startFakeLlm, type FakeLlm } from '../helpers/fake-llm';
import { aiRepliesDone } from '../../server/modules/ai/ai-reply.service';
import { meterUnits } from '../../server/modules/ai/metering';
import { toUnits } from '../../server/modules/commerce/pay/money';
import { group, member, text } from './chat-world';
import { addApp, ended, fund, ok, post, startAiWorld, type AiWorld } from './ai-world';

const kinds = await databaseKinds();
const KEY_B = 'sk-fallback-b-81c4';

describe.each(kinds)('a model falls back to another on %s', (kind) => {
  let w: AiWorld;
  let b: FakeLlm;
  let primary: { id: number };
  let backup: { id: number };
  const t = () => w.t;
  const admin = (path: string, body: unknown) => post(t(), path, body, t().adminToken);
  const a = () => w.llm!;

  beforeAll(async () => {
    b = await startFakeLlm({
      apiKey: KEY_B,
      models: ['model-b'],
      script: { answer: () => 'Answered by B.', usage: { promptTokens: 10, completionTokens: 20 } },
    });
    w = await startAiWorld(kind, { llm: true, env: { LLM_MODEL: 'model-a', LLM_RETRY_BASE_MS: '1', LLM_MAX_RETRIES: '0', CHAT_SEND_LIMIT: '1000/10' } });
    const providerB = ok(await admin('/admin/ai/provider/add', { name: 'Backup', kind: 'openai', baseUrl: b.url, apiKey: KEY_B })).id;
    backup = {
      id: ok(await admin('/admin/ai/model/add', { providerId: providerB, modelId: 'model-b', priceInput: 2000, priceOutput: 4000, maxTokens: 100 })).id,
    };
    primary = (ok(await admin('/admin/ai/model/list', {})) as Array<{ id: number; modelId: string }>).find((m) => m.modelId === 'model-a')!;
    ok(await admin('/admin/ai/model/update', { id: primary.id, priceInput: 1000, priceOutput: 1000, maxTokens: 100, fallbackModelId: backup.id }));
  });
  afterAll(async () => {
    if (w) await aiRepliesDone(w.t.core);
    await w?.close();
    await b?.close();
  });

  it("answers an app's run with the fallback when the provider fails before any text, charged at the fallback's prices", async () => {
    const ann = await member(t());
    await fund(t(), ann.id, 10);
    const appId = await addApp(t(), { pricing: 1, tokens: 0, config: { model: 'model-a' } });
    a().script({ fail: { status: 500, times: 5 } });
    const started = ok(await post(t(), '/admin/base/message/runWorkflow', { appId, input: 'hello' }, ann.token));
    const row = await ended(t(), started.runId);
    a().reset();
    expect(row).toMatchObject({ status: 1, model: 'model-b', modelRowId: backup.id, priceInput: 2000, priceOutput: 4000 });
    expect(toUnits(row.charged)).toBe(
      Math.min(toUnits(row.cost), meterUnits({ priceInput: 2000, priceCachedInput: 0, priceOutput: 4000, coefficient: 1 }, 10, 20)),
    );
    const [answer] = await t().core.db.query<{ content: string }>('SELECT `content` FROM `base_message` WHERE `id` = ?', [row.answerId]);
    expect(answer.content).toContain('Answered by B.');
  });

  it('keeps the failure once text has streamed, and refunds the run whole', async () => {
    const ann = await member(t());
    await fund(t(), ann.id, 10);
    const appId = await addApp(t(), { tokens: 1, config: { model: 'model-a' } });
    const before = b.chatCalls().length;
    a().script({ answer: () => 'A long answer that breaks off in the middle.', chunkSize: 4, dropAfterChunks: 2 });
    const started = ok(await post(t(), '/admin/base/message/runWorkflow', { appId, input: 'hello again' }, ann.token));
    const row = await ended(t(), started.runId);
    a().reset();
    expect(row.status).toBe(2);
    expect(b.chatCalls().length).toBe(before);
    const [sum] = await t().core.db.query<{ s: unknown }>('SELECT SUM(`tokens`) AS s FROM `base_token_log` WHERE `relateType` = ? AND `relateId` = ?', [
      'run',
      row.id,
    ]);
    expect(toUnits(sum.s)).toBe(0);
  });

  it("answers an AI member's reply with the fallback", async () => {
    const [ann, ben] = [await member(t()), await member(t())];
    await fund(t(), ann.id, 10);
    const groupId = await group(t(), ann, [ben]);
    const helper = ok(
      await post(t(), '/admin/base/groupMember/add', { groupId, ai: { nickName: 'Steady', config: { model: 'model-a', cost: 1 } } }, ann.token),
    ).userId;
    a().script({ fail: { status: 503, times: 5 } });
    ok(await post(t(), '/admin/base/message/add', text(1, groupId, '@Steady hi', { at: [helper] }), ann.token));
    await aiRepliesDone(t().core);
    a().reset();
    const [row] = await t().core.db.query<Record<string, any>>('SELECT * FROM `base_run` WHERE `aiUserId` = ? ORDER BY `id` DESC', [helper]);
    expect(row).toMatchObject({ status: 1, model: 'model-b' });
  });

  it('fails as before when the model has no fallback', async () => {
    ok(await admin('/admin/ai/model/update', { id: primary.id, fallbackModelId: null }));
    const ann = await member(t());
    await fund(t(), ann.id, 10);
    const appId = await addApp(t(), { tokens: 1, config: { model: 'model-a' } });
    const before = b.chatCalls().length;
    a().script({ fail: { status: 500, times: 5 } });
    const started = ok(await post(t(), '/admin/base/message/runWorkflow', { appId, input: 'no backup' }, ann.token));
    const row = await ended(t(), started.runId);
    a().reset();
    expect(row.status).toBe(2);
    expect(b.chatCalls().length).toBe(before);
    ok(await admin('/admin/ai/model/update', { id: primary.id, fallbackModelId: backup.id }));
  });
});
