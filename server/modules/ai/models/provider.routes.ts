/**
 * The model registry's calls, for administrators: `ai/provider/test` checks a provider's key by
 * listing its models (a saved provider by `id`, or one being filled in by `kind`, `baseUrl`,
 * `apiKey`: a saved provider's key stands in when an edit leaves it empty), and
 * `ai/provider/importModels` adds the picked ids as models of a saved provider, skipping those it has.
 */
import {
  BAD,
  BOOL,
  INT,
  STR,
  SYSTEM,
  call,
  defineRoutes,
  eq,
  fail,
  field,
  id,
  l,
  listOf,
  obj,
  oneOf,
  text,
  entity,
  type Core,
  type Row,
} from '../../../core/api';
import { PROVIDER_KINDS } from '../../../../entities/ai/provider.entity';
import { MODELS } from './models.messages';
import { listProviderModels, type ProviderAccess } from './provider-models';
import { providerKey } from './provider-key';

const MAX_IMPORT = 500;

/** A list of 1 to 500 model ids, each 1 to 191 characters. */
const modelIds = field<string[]>({ type: 'array', items: { type: 'string', minLength: 1, maxLength: 191 }, minItems: 1, maxItems: MAX_IMPORT }, (v, r) => {
  const ok = Array.isArray(v) && v.length >= 1 && v.length <= MAX_IMPORT && v.every((x) => typeof x === 'string' && x.trim() !== '' && x.trim().length <= 191);
  if (!ok) {
    r.errors.push({ field: r.at, rule: 'type', params: { type: 'array of model ids' } });
    return BAD;
  }
  return [...new Set((v as string[]).map((x) => x.trim()))];
});

async function savedProvider(core: Core, providerId: number): Promise<Row> {
  const [row] = await core.ops.reads(SYSTEM).find(entity(core.model, 'ai/provider'), eq('id', providerId), {
    fields: ['id', 'kind', 'baseUrl', 'apiKey', 'apiVersion'],
  });
  if (!row) throw fail.notFound(MODELS.ai_provider_not_found);
  return row as Row;
}

const MODEL_LIST = obj({ ok: BOOL, models: listOf(obj({ id: STR })), error: STR }, ['error']);

export default defineRoutes((core: Core) => [
  call(core, 'ai', 'provider', 'test', {
    method: 'POST',
    summary: l("Tests a provider's key by listing its models", '测试提供方密钥（列出其模型）', '測試提供者金鑰（列出其模型）'),
    description: l(
      'A saved provider by id (the fields given stand in for its saved ones), or an unsaved one by kind, baseUrl and apiKey. ' +
        "Answers ok and the provider's model ids, or ok false and the provider's own words; never the key.",
      '按 id 测试已保存的提供方（所给字段覆盖已保存的值），或按 kind、baseUrl、apiKey 测试未保存的。返回 ok 与模型 ID，或 ok 为 false 及提供方的原话；绝不返回密钥。',
      '依 id 測試已儲存的提供者（所給欄位覆蓋已儲存的值），或依 kind、baseUrl、apiKey 測試未儲存的。回傳 ok 與模型 ID，或 ok 為 false 及提供者的原話；絕不回傳金鑰。',
    ),
    input: {
      id: id().optional(),
      kind: oneOf(PROVIDER_KINDS).optional(),
      baseUrl: text({ max: 500 }).optional(),
      apiKey: text({ max: 2000 }).optional(),
      apiVersion: text({ max: 40 }).optional(),
    },
    refine: (input) => (input.id === undefined && input.baseUrl === undefined ? [{ field: 'baseUrl', rule: 'required', params: {} }] : []),
    access: 'admin',
    effect: 'read',
    answer: MODEL_LIST,
    async handler(req, input) {
      const saved = input.id === undefined ? null : await savedProvider(core, input.id);
      const access: ProviderAccess = {
        kind: input.kind ?? String(saved?.kind ?? 'openai'),
        baseUrl: input.baseUrl ?? String(saved?.baseUrl ?? ''),
        apiKey: input.apiKey ?? (saved ? providerKey(core, saved) : ''),
        apiVersion: input.apiVersion ?? ((saved?.apiVersion as string | null | undefined) || null),
      };
      return listProviderModels(access, req.lang);
    },
  }),

  call(core, 'ai', 'provider', 'importModels', {
    method: 'POST',
    summary: l("Adds a provider's models by their ids", '按 ID 添加提供方的模型', '依 ID 新增提供者的模型'),
    input: { id: id(), modelIds },
    access: 'admin',
    effect: 'write',
    answer: obj({ added: INT, skipped: INT, ids: listOf(INT) }),
    async handler(req, input) {
      await savedProvider(core, input.id);
      return core.ops.transaction(req.user, async (t) => {
        const ids: number[] = [];
        let skipped = 0;
        for (const modelId of input.modelIds) {
          const r = await t.addIfAbsent('ai/model', { providerId: input.id, modelId, name: modelId, capabilities: ['chat', 'tools'] }, [
            'providerId',
            'modelId',
          ]);
          if (r.created) ids.push(r.id);
          else skipped++;
        }
        return { added: ids.length, skipped, ids };
      });
    },
  }),
]);
