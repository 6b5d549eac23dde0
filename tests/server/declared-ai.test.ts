/**
 * The AI calls declared (issue 36): the public catalogue, the two run calls, the workflow engine's
 * signed callbacks and the code helper say their input, effect, answer and rule in /eps and
 * OpenAPI; a bad input is one 1002 naming every field and writes nothing (a callback's body is read
 * only once its signature holds: unsigned, it is 401 whatever it carries); the guards keep who may
 * call: anyone for the catalogue and the callbacks, members for runs, the code helper's key holders.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../helpers/databases';
import { readShape } from '../../server/core/calls/input';
import type { InvalidField } from '../../server/core/errors';
import { RUN_INPUT, refineRunInput } from '../../server/modules/ai/run-input';
import { member, type Person } from './chat-world';
import { addApp, counts, fund, get, ok, post, runRow, startAiWorld, type AiWorld, type Res } from './ai-world';

const RUN = '/admin/base/message/runWorkflow';
const ADD = '/admin/base/message/addTask';
const CREATE = '/admin/base/coding/createCode';
const TREE = '/admin/base/coding/getModuleTree';

const fieldsOf = (res: Res) => {
  expect([res.status, res.body.code], JSON.stringify(res.body)).toEqual([400, 1002]);
  return (res.body.data as Array<{ field: string; rule: string }>).map((e) => `${e.field}:${e.rule}`).sort();
};

describe('reading a run start', () => {
  const read = (body: Record<string, unknown>) => {
    const errors: InvalidField[] = [];
    const value = readShape(RUN_INPUT, body, { at: '', errors, query: false }, false);
    errors.push(...refineRunInput(value, body));
    return { value, errors: errors.map((e) => `${e.field}:${e.rule}`).sort() };
  };

  it('takes text or an object, ids as digits, and no clientId when it is null', () => {
    expect(read({ appId: '3', input: { topic: 'x' }, toType: 1, toId: '9', clientId: null })).toEqual({
      value: { appId: 3, input: { topic: 'x' }, toType: 1, toId: 9 },
      errors: [],
    });
    expect(read({ appId: 3, input: 'hello', clientId: 'k1' }).value).toEqual({ appId: 3, input: 'hello', clientId: 'k1' });
  });

  it('wants toType and toId together, unless one of them was refused already', () => {
    expect(read({ appId: 1, input: 'a', toType: 1 }).errors).toEqual(['toId:required']);
    expect(read({ appId: 1, input: 'a', toId: 4 }).errors).toEqual(['toType:required']);
    expect(read({ appId: 1, input: 'a', toType: 5 }).errors).toEqual(['toType:range']);
    expect(read({ appId: 1, input: 'a', toType: 0, toId: 'x' }).errors).toEqual(['toId:type']);
  });

  it('refuses an empty clientId, a list as input and an input longer than a message', () => {
    expect(read({ appId: 1, input: ['a'], clientId: '' }).errors).toEqual(['clientId:length', 'input:type']);
    expect(read({ appId: 1, input: 'x'.repeat(100_000) }).errors).toEqual(['input:max_length']);
    expect(read({ input: '' }).errors).toEqual(['appId:required', 'input:required']);
  });
});

const kinds = await databaseKinds();

describe.each(kinds)('declared AI calls on %s', (kind) => {
  let w: AiWorld;
  let jo: Person;
  const t = () => w.t;

  beforeAll(async () => {
    w = await startAiWorld(kind, { workflow: true, env: { CODING_ENABLED: 'on' } });
    jo = await member(t());
  });
  afterAll(async () => {
    await w?.close();
  });

  it('describes every AI and code helper call in /eps: input, effect, answer and rule', async () => {
    const res = await t().http().get('/admin/base/open/eps').set('Authorization', t().adminToken);
    const base = res.body.data.base as Array<{
      name: string;
      api: Array<{ path: string; input?: { properties?: Record<string, unknown>; required?: string[] }; answer?: unknown; effect?: string; access?: string }>;
    }>;
    const byAt = new Map(base.flatMap((e) => e.api.map((a) => [`${e.name}${a.path}`, a] as const)));
    const area = [
      'app/byParent',
      'app/all',
      'guide/all',
      'message/runWorkflow',
      'message/addTask',
      'message/receiveWorkflowResult/{workflowResultId}',
      'message/receiveWorkflowError/{workflowResultId}',
      'coding/getModuleTree',
      'coding/createCode',
    ];
    for (const at of area) {
      const a = byAt.get(at);
      expect(a, at).toBeDefined();
      expect(a!.input, at).toBeTypeOf('object');
      expect(['read', 'write'], at).toContain(a!.effect);
      expect(a!.answer, at).toBeTypeOf('object');
      expect(a!.access, at).toBeTruthy();
    }
    expect(byAt.get('app/byParent')).toMatchObject({ effect: 'read', access: 'anyone', input: { required: ['parentType'] } });
    expect(byAt.get('message/runWorkflow')).toMatchObject({ effect: 'write', access: 'roles holding the permission', input: { required: ['appId', 'input'] } });
    expect(Object.keys(byAt.get('message/addTask')!.input!.properties!).sort()).toEqual(['appId', 'clientId', 'input', 'toId', 'toType']);
    expect(byAt.get('message/receiveWorkflowResult/{workflowResultId}')).toMatchObject({ effect: 'write', access: 'anyone', input: { required: ['output'] } });
    expect(byAt.get('message/receiveWorkflowError/{workflowResultId}')).toMatchObject({ input: { required: ['error'] } });
    expect(byAt.get('coding/getModuleTree')).toMatchObject({ effect: 'read', input: { properties: {} } });
    expect(byAt.get('coding/createCode')).toMatchObject({ effect: 'write', input: { required: ['module', 'name'] } });
  });

  it('gives OpenAPI the run body, and says a callback is signed', async () => {
    const doc = (await t().http().get('/admin/base/open/openapi.json').set('Authorization', t().adminToken)).body;
    const run = doc.paths[RUN].post;
    expect(run.requestBody.content['application/json'].schema).toMatchObject({ required: ['appId', 'input'], additionalProperties: false });
    expect(run['x-effect']).toBe('write');
    const callback = doc.paths['/admin/base/message/receiveWorkflowResult/{workflowResultId}'].post;
    expect(callback['x-access']).toBe('anyone');
    expect(callback.requestBody.content['application/json'].schema).toMatchObject({ required: ['output'], additionalProperties: false });
    expect(JSON.stringify(callback)).toContain('X-Cosmac-Signature');
  });

  it('refuses a bad start with 1002 naming every field, and writes nothing', async () => {
    const before = await counts(t());
    expect(fieldsOf(await post(t(), RUN, { appId: 'x', input: [], toType: 1, clientId: '', extra: 1 }, jo.token))).toEqual([
      'appId:type',
      'clientId:length',
      'extra:unknown',
      'input:type',
      'toId:required',
    ]);
    expect(fieldsOf(await post(t(), ADD, { appId: 1, input: 'hi', toId: 5 }, jo.token))).toEqual(['toType:required']);
    expect(await counts(t())).toEqual(before);
  });

  it('reads the catalogue query: a cache buster is dropped, another field refused', async () => {
    expect(ok(await get(t(), '/admin/base/app/byParent', { parentType: ' 7 ', _t: 1 }))).toEqual([]);
    expect(fieldsOf(await get(t(), '/admin/base/app/byParent', { parentType: '' }))).toEqual(['parentType:required']);
    expect(fieldsOf(await get(t(), '/admin/base/app/all', { page: 2 }))).toEqual(['page:unknown']);
  });

  it("reads a callback's body only once it is signed: unsigned 401, signed and bad 1002, the run untouched", async () => {
    await fund(t(), jo.id, 10);
    const appId = await addApp(t(), { isAsync: 1, tokens: 2 });
    const started = ok(await post(t(), ADD, { appId, input: 'page' }, jo.token));
    const job = w.engine!.job(started.runId);
    const forged = await w.engine!.callBack(job, 'result', { output: '', extra: 1 }, 'none');
    expect(forged).toMatchObject({ status: 401 });
    const bad = await w.engine!.callBack(job, 'result', { output: '', usage: { promptTokens: -1, cached: 1 }, extra: 1 });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe(1002);
    expect((bad.body.data as Array<{ field: string }>).map((e) => e.field).sort()).toEqual(['extra', 'output', 'usage.cached', 'usage.promptTokens']);
    const badError = await w.engine!.callBack(job, 'error', { error: 'x'.repeat(1001) });
    expect((badError.body.data as Array<{ field: string; rule: string }>).map((e) => `${e.field}:${e.rule}`)).toEqual(['error:max_length']);
    expect(await runRow(t(), started.runId)).toMatchObject({ status: 0 });
    // A usage of null is none; the well-formed result then settles the run.
    expect(await w.engine!.callBack(job, 'result', { output: 'done', usage: null })).toMatchObject({ status: 200, body: { code: 1000, data: { status: 1 } } });
  });

  it('refuses a bad createCode with 1002 naming every field, writing nothing', async () => {
    const keys = t().core.model.entities.length;
    expect(fieldsOf(await post(t(), CREATE, { module: 'Bad', name: '', fields: [], dryRun: 'yes', path: '/tmp/x' }, t().adminToken))).toEqual([
      'dryRun:type',
      'fields:coding_count',
      'module:coding_module_name',
      'name:required',
      'path:unknown',
    ]);
    expect(fieldsOf(await post(t(), CREATE, { module: 'demo', name: 'thing', description: '  ' }, t().adminToken))).toEqual(['fields:required']);
    expect(t().core.model.entities.length).toBe(keys);
  });

  it('keeps who may call: anyone reads the catalogue, members run, only key holders use the code helper', async () => {
    expect(ok(await get(t(), '/admin/base/app/all'))).toBeInstanceOf(Array);
    expect(ok(await get(t(), '/admin/base/guide/all'))).toBeInstanceOf(Array);
    expect((await post(t(), RUN, { appId: 1, input: 'hi' })).status).toBe(401);
    const tree = await get(t(), TREE, {}, jo.token);
    expect([tree.status, tree.body.code]).toEqual([403, 1001]);
    const create = await post(t(), CREATE, { module: 'demo', name: 'thing', fields: [{ name: 'title', type: 'string' }], dryRun: true }, jo.token);
    expect(create.status).toBe(403);
    const mine = ok(await get(t(), TREE, {}, t().adminToken)) as Array<{ module: string }>;
    expect(mine.map((m) => m.module)).toContain('base');
    // A hidden app runs for the administrator (to try it); a member gets the 404 of no app at all.
    const hidden = await addApp(t(), { isAsync: 1, show: 0 });
    const refused = await post(t(), ADD, { appId: hidden, input: 'x' }, jo.token);
    expect(refused.status).toBe(404);
    await fund(t(), 1, 5);
    expect(ok(await post(t(), ADD, { appId: hidden, input: 'x' }, t().adminToken))).toMatchObject({ cost: 2 });
  });
});
