/**
 * Public calls of base/open: captcha, password login, token refresh, /eps and the OpenAPI document
 * (both show the caller what they may use: without a token, only the public routes). With
 * COOL_COMPAT on, /eps without a token is the route list cool-admin's clients build from
 * (core/eps/cool-eps.ts).
 */
import {
  l,
  call,
  defineRoutes,
  nullableText,
  num,
  text,
  ANY_OBJECT,
  BOOL,
  STR,
  obj,
  fail,
  checkCaptcha,
  createCaptcha,
  buildEps,
  visibleTo,
  buildCoolEps,
  coolCompat,
  buildOpenApi,
  shownFields,
} from '../../core/api';
import type { Core, Caller, Route, Lang } from '../../core/api';
import { loginThrottled } from './login-throttle';
import { TOKEN_PAIR } from './account.answers';

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
    const doc = JSON.stringify(
      buildOpenApi(
        core.model,
        core.routes,
        core.version,
        (r) => visibleTo(r, caller, can),
        (e) => shownFields(e, caller, {}),
      ),
    );
    if (key) docs.set(key, doc);
    return doc;
  };
  return [
    call(core, 'base', 'open', 'captcha', {
      method: 'GET',
      access: 'public',
      summary: l('Image captcha', '图片验证码', '圖片驗證碼'),
      // Sizes out of range are brought within 60..400 by 30..200 (core/auth/captcha.ts).
      input: { width: num().optional(), height: num().optional() },
      // cool-admin's login page asks for a text colour too (pic-captcha.vue); the captcha keeps its own.
      ignored: ['color'],
      // The answer is kept in the cache until it is checked, never in a table.
      effect: 'read',
      // required: whether sign-in asks for it (CAPTCHA=off: only once an account's failed tries call for one).
      answer: obj({ captchaId: STR, data: STR, required: BOOL }),
      handler: async (_req, { width, height }) => ({ ...(await createCaptcha(core.cache, { width, height })), required: core.config.captcha }),
    }),
    call(core, 'base', 'open', 'login', {
      method: 'POST',
      access: 'public',
      summary: l('Sign in with password', '密码登录', '密碼登入'),
      input: { username: text(), password: text({ max: 1024 }), captchaId: nullableText(), verifyCode: nullableText({ max: 64 }) },
      effect: 'write',
      answer: TOKEN_PAIR,
      async handler(req, { username, password, captchaId, verifyCode }) {
        if (core.config.captcha) {
          if (!captchaId || !verifyCode) throw fail.bad('captcha_required');
          if (!(await checkCaptcha(core.cache, captchaId, verifyCode))) throw fail.bad('captcha_wrong');
        }
        // Without CAPTCHA the throttle still asks for one on an account many addresses are guessing at.
        const captchaSolved = async () => core.config.captcha || (await checkCaptcha(core.cache, captchaId, verifyCode));
        return loginThrottled(core, { username, password, ip: req.ctx.ip, captchaSolved });
      },
    }),
    call(core, 'base', 'open', 'refreshToken', {
      method: 'GET',
      access: 'public',
      summary: l('Refresh the access token', '刷新令牌', '重新整理權杖'),
      // Optional here: a missing or empty one is the 401 `refresh_token_invalid` a client signs out on.
      input: { refreshToken: nullableText({ max: 4096 }) },
      effect: 'write',
      answer: TOKEN_PAIR,
      async handler(_req, { refreshToken }) {
        if (!refreshToken) throw fail.unauthorized('refresh_token_invalid');
        return core.auth.refresh(refreshToken);
      },
    }),
    call(core, 'base', 'open', 'eps', {
      method: 'GET',
      access: 'public',
      summary: l('Entity metadata', '实体元数据', '實體中繼資料'),
      description: l(
        'The calls and entities the caller may use (without a token, the public ones)',
        '调用者可使用的接口与实体（未登录时仅公开的）',
        '呼叫者可使用的介面與實體（未登入時僅公開的）',
      ),
      input: {},
      effect: 'read',
      answer: ANY_OBJECT,
      handler: async (req) => (compat && !req.user ? coolEps(req.lang) : buildEps(core.model, core.routes, req.user, can, req.lang)),
    }),
    call(core, 'base', 'open', 'openapi.json', {
      method: 'GET',
      access: 'public',
      raw: true,
      summary: l('OpenAPI document', 'OpenAPI 文档', 'OpenAPI 文件'),
      input: {},
      effect: 'read',
      answer: ANY_OBJECT,
      async handler(req) {
        req.ctx.type = 'application/json; charset=utf-8';
        req.ctx.body = openapi(req.user);
      },
    }),
  ];
});
