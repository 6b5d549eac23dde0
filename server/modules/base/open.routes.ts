/**
 * Public calls of base/open: captcha, password login, token refresh, /eps and the OpenAPI document
 * (both show the caller what they may use: without a token, only the public routes). With
 * COOL_COMPAT on, /eps without a token is the route list cool-admin's clients build from
 * (core/eps/cool-eps.ts).
 */
import { l } from '../../core/entity/define';
import type { Core } from '../../core/core';
import type { Caller } from '../../core/auth/auth.service';
import type { Route } from '../../core/http/route';
import { defineRoutes } from '../../core/modules';
import { fail } from '../../core/http/errors';
import { checkCaptcha, createCaptcha } from '../../core/auth/captcha';
import { buildEps, visibleTo } from '../../core/eps/eps';
import { buildCoolEps } from '../../core/eps/cool-eps';
import { coolCompat } from '../../core/cool-compat';
import type { Lang } from '../../core/i18n/messages';
import { buildOpenApi } from '../../core/eps/openapi';
import { shownFields } from '../../core/crud/shown';
import { loginThrottled } from './login-throttle';

const P = '/admin/base/open';

function open(method: Route['method'], action: string, summary: Route['summary'], handler: Route['handler'], raw = false): Route {
  return { method, path: `${P}/${action}`, guard: 'public', permission: null, summary, module: 'base', group: 'open', handler, raw };
}

export default defineRoutes((core: Core): Route[] => {
  const can = (c: Caller, p: string) => core.auth.can(c, p);
  const compat = coolCompat(core.config.env);
  // The same for every caller without a token, per language (and number of routes, as below).
  const coolDocs = new Map<string, ReturnType<typeof buildCoolEps>>();
  const coolEps = (lang: Lang) => {
    const key = `${lang}:${core.routes.all.length}`;
    let doc = coolDocs.get(key);
    if (!doc) coolDocs.set(key, (doc = buildCoolEps(core.model, core.routes, lang)));
    return doc;
  };
  // The documents of an anonymous caller and of an administrator never change; others depend on the roles.
  // Keyed by the number of routes too: an entity registered while running (entity/live.ts) adds routes.
  const docs = new Map<string, string>();
  const openapi = (caller: Caller | null): string => {
    const who = caller === null ? 'anonymous' : caller.isAdmin ? 'admin' : null;
    const key = who && `${who}:${core.routes.all.length}`;
    const cached = key && docs.get(key);
    if (cached) return cached;
    const doc = JSON.stringify(buildOpenApi(core.model, core.routes, core.version, (r) => visibleTo(r, caller, can), (e) => shownFields(e, caller, {})));
    if (key) docs.set(key, doc);
    return doc;
  };
  return [
    open('GET', 'captcha', l('Image captcha', '图片验证码', '圖片驗證碼'), async (req) =>
      createCaptcha(core.cache, { width: Number(req.query.width), height: Number(req.query.height) })),
    open('POST', 'login', l('Sign in with password', '密码登录', '密碼登入'), async (req) => {
      const b = (req.body ?? {}) as Record<string, unknown>;
      if (typeof b !== 'object' || Array.isArray(b)) throw fail.bad('body_not_object');
      const { username, password, captchaId, verifyCode } = b;
      if (typeof username !== 'string' || typeof password !== 'string' || !username || !password) {
        throw fail.invalid([
          ...(typeof username !== 'string' || !username ? [{ field: 'username', rule: 'required', params: {} }] : []),
          ...(typeof password !== 'string' || !password ? [{ field: 'password', rule: 'required', params: {} }] : []),
        ]);
      }
      if (core.config.captcha) {
        if (!captchaId || !verifyCode) throw fail.bad('captcha_required');
        if (!(await checkCaptcha(core.cache, captchaId, verifyCode))) throw fail.bad('captcha_wrong');
      }
      // Without CAPTCHA the throttle still asks for one on an account many addresses are guessing at.
      const captchaSolved = async () => core.config.captcha || (await checkCaptcha(core.cache, captchaId, verifyCode));
      return loginThrottled(core, { username, password, ip: req.ctx.ip, captchaSolved });
    }),
    open('GET', 'refreshToken', l('Refresh the access token', '刷新令牌', '重新整理權杖'), async (req) => {
      const token = req.query.refreshToken;
      if (!token) throw fail.unauthorized('refresh_token_invalid');
      return core.auth.refresh(token);
    }),
    open('GET', 'eps', l('Entity metadata', '实体元数据', '實體中繼資料'), async (req) =>
      compat && !req.user ? coolEps(req.lang) : buildEps(core.model, core.routes, req.user, can, req.lang)),
    open('GET', 'openapi.json', l('OpenAPI document', 'OpenAPI 文档', 'OpenAPI 文件'), async (req) => {
      req.ctx.type = 'application/json; charset=utf-8';
      req.ctx.body = openapi(req.user);
    }, true),
  ];
});
