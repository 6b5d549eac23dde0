/**
 * Personal API keys (entity base/apiKey; how a key signs in: server/core/auth/api-keys.ts), for any
 * signed-in account, each for its own keys:
 * - `POST base/apiKey/create {name, expireDays?, modules?, perms?}` -> the key, shown this once, and
 *   its row. modules and perms may only narrow what the caller may do (1002 otherwise); a caller
 *   signed in with a key cannot make keys (a key never makes a wider one).
 * - `GET base/apiKey/scopes` -> the modules and entities the caller may call, to scope a key with.
 * - `POST base/apiKey/revoke {id}` -> the row, revoked (an administrator may revoke anybody's).
 * - `POST base/apiKey/revokeAll {}` -> `{count}`: every active key of the caller.
 * Listing is the generic `base/apiKey/page` (own keys; administrators all), with no secret in it.
 */
import {
  SYSTEM,
  and,
  entity,
  eq,
  fail,
  fieldRule,
  l,
  call,
  defineRoutes,
  field,
  id,
  int,
  text,
  BAD,
  COUNT,
  INT,
  STR,
  listOf,
  nullable,
  obj,
  newApiKey,
  refusedByGuard,
  routeKey,
} from '../../../core/api';
import type { Caller, Core, InvalidField, Route } from '../../../core/api';
import { API_KEY_STATUS } from '../../../../entities/base/apiKey.entity';
import { API_KEY, API_KEY_FIELD } from './api-key.messages';

/** Active keys one account may hold at once. */
export const MAX_ACTIVE_KEYS = 20;
const MAX_SCOPE = 100;

/** A list of short names (a module, a permission key): text of letters, digits, `_`, `/`, `:` and `-`. */
function names(max: number) {
  return field<string[]>({ type: 'array', items: { type: 'string', maxLength: 120 }, maxItems: max }, (v, r) => {
    if (!Array.isArray(v) || v.length > max || v.some((x) => typeof x !== 'string' || !/^[A-Za-z0-9_:/-]{1,120}$/.test(x))) {
      r.errors.push({ field: r.at, rule: 'type', params: { type: 'array' } });
      return BAD;
    }
    return [...new Set(v as string[])];
  });
}

const KEY_ROW = obj({
  id: INT,
  name: STR,
  prefix: STR,
  modules: nullable(listOf(STR)),
  perms: nullable(listOf(STR)),
  expireTime: nullable(STR),
  lastUsedTime: nullable(STR),
  status: INT,
  revokeTime: nullable(STR),
});
const CREATED = obj({ key: STR, row: KEY_ROW });
const SCOPES = listOf(obj({ module: STR, entities: listOf(obj({ key: STR, label: STR })) }));

const keys = (core: Core) => entity(core.model, 'base/apiKey');

/** The routes `user` may call as themselves (no key), the ones a key of theirs could be scoped to. */
function callable(core: Core, user: Caller): Route[] {
  const self: Caller = { ...user, key: undefined };
  return core.routes.all.filter((r) => r.path.startsWith('/admin/') && r.guard !== 'public' && !refusedByGuard(r, self, (c, p) => core.auth.can(c, p)));
}

/** 1002 for a module or permission the caller cannot use (a key only narrows its owner). */
function checkScope(core: Core, user: Caller, modules: string[] | undefined, perms: string[] | undefined): void {
  const routes = callable(core, user);
  const errors: InvalidField[] = [];
  const mods = new Set(routes.map((r) => r.module));
  const allKeys = routes.map((r) => routeKey(r));
  modules?.forEach((m, i) => {
    if (!mods.has(m)) errors.push({ field: `modules.${i}`, rule: fieldRule(API_KEY_FIELD.field_api_key_module_unknown), params: { value: m } });
  });
  perms?.forEach((p, i) => {
    if (!allKeys.some((k) => k === p || k.startsWith(`${p}:`)))
      errors.push({ field: `perms.${i}`, rule: fieldRule(API_KEY_FIELD.field_api_key_perm_not_held), params: { value: p } });
  });
  if (errors.length) throw fail.invalid(errors);
}

async function rowOf(core: Core, keyId: number) {
  const [row] = await core.ops.reads(SYSTEM).find(keys(core), eq('id', keyId), {
    fields: ['id', 'userId', 'name', 'prefix', 'modules', 'perms', 'expireTime', 'lastUsedTime', 'status', 'revokeTime'],
  });
  return row ?? null;
}

function shown(row: NonNullable<Awaited<ReturnType<typeof rowOf>>>) {
  return {
    id: row.id,
    name: String(row.name),
    prefix: String(row.prefix ?? ''),
    modules: Array.isArray(row.modules) ? row.modules.map(String) : null,
    perms: Array.isArray(row.perms) ? row.perms.map(String) : null,
    expireTime: (row.expireTime as string | null) ?? null,
    lastUsedTime: (row.lastUsedTime as string | null) ?? null,
    status: Number(row.status),
    revokeTime: (row.revokeTime as string | null) ?? null,
  };
}

export default defineRoutes((core: Core) => [
  call(core, 'base', 'apiKey', 'create', {
    method: 'POST',
    access: 'signedIn',
    summary: l('Make a personal API key', '创建个人 API 密钥', '建立個人 API 金鑰'),
    description: l(
      'The key acts as you, never more: it follows your roles as they change, and modules/perms (module names; permission keys such as goods:order:page, or goods:order for every action of orders) narrow it further. The key is answered this once; only its hash is kept. Not with a key: sign in to make one.',
      '该密钥代表你本人，权限不超过你：随你的角色变化，modules/perms（模块名；权限标识如 goods:order:page，或 goods:order 表示订单的全部操作）可进一步收窄。密钥只在此次返回，服务器只保存其哈希。不能用密钥创建密钥：请登录后创建。',
      '該金鑰代表你本人，權限不超過你：隨你的角色變化，modules/perms（模組名；權限標識如 goods:order:page，或 goods:order 表示訂單的全部操作）可進一步收窄。金鑰只在此次回傳，伺服器只保存其雜湊。不能用金鑰建立金鑰：請登入後建立。',
    ),
    input: {
      name: text({ max: 64 }),
      expireDays: int({ min: 1, max: 3650 }).optional(),
      modules: names(MAX_SCOPE).optional(),
      perms: names(MAX_SCOPE).optional(),
    },
    effect: 'write',
    answer: CREATED,
    handler: async (req, input) => {
      const user = req.user as Caller;
      if (user.key) throw fail.forbidden();
      const modules = input.modules?.length ? input.modules : undefined;
      const perms = input.perms?.length ? input.perms : undefined;
      checkScope(core, user, modules, perms);
      const made = newApiKey();
      const expireTime = input.expireDays ? new Date(Date.now() + input.expireDays * 86_400_000).toISOString() : null;
      const keyId = await core.ops.transaction(SYSTEM, async (t) => {
        // Counted under the owner's row lock, so two concurrent makes cannot pass the limit together.
        await t.lock(core.model.system('users'), user.id);
        const active = await t.count(keys(core), and(eq('userId', user.id), eq('status', API_KEY_STATUS.active)));
        if (active >= MAX_ACTIVE_KEYS) throw fail.conflict(API_KEY.api_key_too_many, { max: MAX_ACTIVE_KEYS });
        return t.addOne(
          keys(core),
          {
            name: input.name.trim() || made.prefix,
            prefix: made.prefix,
            hash: made.hash,
            modules: modules ?? null,
            perms: perms ?? null,
            expireTime,
            status: API_KEY_STATUS.active,
          },
          { owner: user.id, trusted: true },
        );
      });
      return { key: made.key, row: shown((await rowOf(core, keyId))!) };
    },
  }),
  call(core, 'base', 'apiKey', 'scopes', {
    method: 'GET',
    access: 'signedIn',
    summary: l('What a key of yours can be scoped to', '你的密钥可限定的范围', '你的金鑰可限定的範圍'),
    description: l(
      'The modules and entities (as permission-key prefixes, e.g. goods:order) you may call, with their names in your language.',
      '你可调用的模块与实体（以权限标识前缀表示，如 goods:order），名称为你的语言。',
      '你可呼叫的模組與實體（以權限標識前綴表示，如 goods:order），名稱為你的語言。',
    ),
    input: {},
    effect: 'read',
    answer: SCOPES,
    handler: async (req) => {
      const byModule = new Map<string, Map<string, string>>();
      for (const r of callable(core, req.user as Caller)) {
        const prefix = [r.module, ...r.group.split('/')].join(':');
        const ents = byModule.get(r.module) ?? byModule.set(r.module, new Map()).get(r.module)!;
        if (!ents.has(prefix)) {
          const e = core.model.byKey.get(`${r.module}/${r.group}`);
          ents.set(prefix, e ? e.label[req.lang] || e.label.en : r.group);
        }
      }
      return [...byModule.keys()].sort().map((module) => ({
        module,
        entities: [...byModule.get(module)!.entries()].sort((a, b) => a[0].localeCompare(b[0])).map(([key, label]) => ({ key, label })),
      }));
    },
  }),
  call(core, 'base', 'apiKey', 'revoke', {
    method: 'POST',
    access: 'signedIn',
    summary: l('Revoke an API key', '撤销 API 密钥', '撤銷 API 金鑰'),
    description: l(
      'The key is refused from now on, on every server. Your own keys; an administrator may revoke anybody’s. Revoking a revoked key answers it as it is.',
      '此后该密钥在所有服务器上都被拒绝。仅限自己的密钥；管理员可撤销任何人的。撤销已撤销的密钥原样返回。',
      '此後該金鑰在所有伺服器上都被拒絕。僅限自己的金鑰；管理員可撤銷任何人的。撤銷已撤銷的金鑰原樣回傳。',
    ),
    input: { id: id() },
    effect: 'write',
    answer: KEY_ROW,
    handler: async (req, input) => {
      const user = req.user as Caller;
      const row = await rowOf(core, input.id);
      if (!row || (row.userId !== user.id && !user.isAdmin)) throw fail.notFound(API_KEY.api_key_not_found);
      await core.ops.transaction(SYSTEM, (t) =>
        t.updateWhere(keys(core), and(eq('id', row.id), eq('status', API_KEY_STATUS.active)), {
          status: API_KEY_STATUS.revoked,
          revokeTime: new Date().toISOString(),
        }),
      );
      return shown((await rowOf(core, row.id))!);
    },
  }),
  call(core, 'base', 'apiKey', 'revokeAll', {
    method: 'POST',
    access: 'signedIn',
    summary: l('Revoke all your API keys', '撤销你的全部 API 密钥', '撤銷你的全部 API 金鑰'),
    description: l(
      'Every active key of yours is refused from now on, on every server (a password change does not do this).',
      '你所有有效的密钥此后在所有服务器上都被拒绝（修改密码不会这样做）。',
      '你所有有效的金鑰此後在所有伺服器上都被拒絕（修改密碼不會這樣做）。',
    ),
    input: {},
    effect: 'write',
    answer: COUNT,
    handler: async (req) => {
      const count = await core.ops.transaction(SYSTEM, (t) =>
        t.updateWhere(keys(core), and(eq('userId', req.user!.id), eq('status', API_KEY_STATUS.active)), {
          status: API_KEY_STATUS.revoked,
          revokeTime: new Date().toISOString(),
        }),
      );
      return { count };
    },
  }),
]);
