/**
 * Fixtures of the hand-written routes, keyed `${method} ${path}`: each aims at member A's data where
 * the route takes an id, a key, an address or a name. A route added to the table without an entry
 * here fails the permission matrix, so it cannot slip past it.
 */
import type { Fixture } from './matrix-generic';
import type { World } from './matrix-seed';
import { at, del, read, write } from './matrix-fixture';
import { CHAT_FIXTURES } from './matrix-chat';
import { GROUP_FIXTURES } from './matrix-groups';
import { SOCIAL_FIXTURES } from './matrix-social';
import { GOODS_FIXTURES } from './matrix-goods';
import { COMMERCE_FIXTURES } from './matrix-commerce';
import { STRIPE_FIXTURES } from './matrix-stripe';
import { ALIPAY_FIXTURES } from './matrix-alipay';
import { TASK_FIXTURES } from './matrix-tasks';
import { PLUGIN_FIXTURES } from './matrix-plugins';
import { AI_FIXTURES } from './matrix-ai';
import { MONITOR_FIXTURES } from './matrix-monitor';
import { CODING_FIXTURES } from './matrix-coding';
import { NFT_FIXTURES } from './matrix-nft';
import { OPS_FIXTURES } from './matrix-ops';
import { TOOL_FIXTURES } from './matrix-tools';

export const HANDWRITTEN: Record<string, (w: World) => Fixture> = {
  // The workspace's areas keep their fixtures in their own files.
  ...CHAT_FIXTURES,
  ...GROUP_FIXTURES,
  ...SOCIAL_FIXTURES,
  ...GOODS_FIXTURES,
  ...COMMERCE_FIXTURES,
  ...STRIPE_FIXTURES,
  ...ALIPAY_FIXTURES,
  ...TASK_FIXTURES,
  ...PLUGIN_FIXTURES,
  ...AI_FIXTURES,
  ...MONITOR_FIXTURES,
  ...CODING_FIXTURES,
  ...NFT_FIXTURES,
  ...OPS_FIXTURES,
  ...TOOL_FIXTURES,
  // base/comm: any signed-in user, about themselves; ids of A must not redirect them.
  'GET /admin/base/comm/person': (w) => read({}, { query: { id: w.a.id } }),
  'GET /admin/base/comm/permmenu': () => read({}),
  'GET /admin/base/comm/program': () => read({}),
  'GET /admin/base/comm/uploadMode': () => read({}),
  'POST /admin/base/comm/personUpdate': (w) => write({ body: { id: w.a.id, nickName: 'B renamed' } }),
  'POST /admin/base/comm/upload': () => write({ upload: { field: 'files', name: 'b-notes.txt', content: 'member B notes' } }),
  // Ends B's session: run after everything else.
  'POST /admin/base/comm/logout': () => at('last', {}),

  // base/open: public sign-in calls aimed at A's account; none may tell B more than a boolean.
  'GET /admin/base/open/captcha': () => read({}),
  'GET /admin/base/open/eps': () => read({}),
  'GET /admin/base/open/openapi.json': () => read({}),
  'GET /admin/base/open/refreshToken': () => read({ query: { refreshToken: 'not-a-refresh-token' } }),
  'GET /admin/base/open/html': () => read({ query: { key: 'logKeep' } }),
  'GET /admin/base/open/importBaseData': () => write({}),
  'POST /admin/base/open/login': (w) => read({ body: { username: w.a.username, password: 'wrong-password-1' } }),
  'POST /admin/base/open/testN': () => read({ body: { n: 1 } }),
  'POST /admin/base/open/exist': (w) => read({ body: { email: w.a.email } }, { body: { username: w.a.username } }),
  'POST /admin/base/open/sendCode': (w) => write({ body: { email: w.a.email, type: 'reset' } }),
  'POST /admin/base/open/verifyCode': (w) => read({ body: { email: w.a.email, code: '000000', type: 'login' } }),
  'POST /admin/base/open/loginByEmail': (w) => write({ body: { email: w.a.email, code: '000000' } }),
  'POST /admin/base/open/oauth1': () => read({ body: { provider: 'google' } }),
  'POST /admin/base/open/oauth2': () => read({ body: { ticket: 'not-a-ticket' } }),

  // base/sys/user: account calls (public ones aimed at A), the caller's own settings, and staff calls.
  'POST /admin/base/sys/user/isExist': (w) => read({ body: { email: w.a.email } }, { body: { username: w.a.username } }),
  'POST /admin/base/sys/user/openDetail': (w) => read({ body: { id: w.a.id } }, { query: { id: w.a.id } }, { body: { name: w.a.username } }),
  'POST /admin/base/sys/user/search': (w) => read({ body: { keyWord: w.a.username } }),
  'POST /admin/base/sys/user/sendResetPasswordCode': (w) => write({ body: { email: w.a.email } }),
  'POST /admin/base/sys/user/resetPassword': (w) => write({ body: { email: w.a.email, code: '000000', password: 'Taken-Over-1' } }),
  'POST /admin/base/sys/user/googleLogin': () => write({ body: { code: 'not-a-code', state: 'not-a-state' } }),
  'POST /admin/base/sys/user/discordLogin': () => write({ body: { code: 'not-a-code', state: 'not-a-state' } }),
  'GET /admin/base/sys/user/discordOauthCallback': () => write({ query: { code: 'not-a-code', state: 'not-a-state' } }),
  'POST /admin/base/sys/user/discordOauthCallback': () => write({ body: { code: 'not-a-code', state: 'not-a-state' } }),
  'POST /admin/base/sys/user/additionalInfo': (w) =>
    write({ body: { id: w.a.id, nickName: 'B as A' } }, { body: { nickName: 'B', inviteCode: w.a.inviteCode } }),
  'POST /admin/base/sys/user/becomeBlogger': (w) => write({ body: { id: w.a.id } }),
  'POST /admin/base/sys/user/savedTimeSummary': (w) => read({ body: { id: w.a.id } }),
  'POST /admin/base/sys/user/saveApp': (w) => write({ body: { id: w.a.id, appId: 1, config: { by: 'B' } } }),
  'POST /admin/base/sys/user/updateApp': (w) => write({ body: { id: w.a.id, appId: 1, config: { by: 'B again' } } }),
  'POST /admin/base/sys/user/isNftStacked': (w) => read({ body: { id: w.a.id } }),
  'POST /admin/base/sys/user/invitedList': (w) => read({ body: { inviteId: w.a.id } }, {}),
  'POST /admin/base/sys/user/move': (w) => write({ body: { userIds: [w.a.id], departmentId: 1 } }),

  // Console calls of staff; B holds none of their keys.
  'GET /admin/base/dashboard/summary': () => read({ query: { days: 7 } }),
  'POST /admin/base/site/save': () => write({ body: { name: 'B site' } }),
  'POST /admin/base/site/info': () => read({ body: {} }),
  'GET /admin/base/sitemap/google': () => read({}),
  'POST /admin/base/sys/log/setKeep': () => write({ body: { value: 1 } }),
  'GET /admin/base/sys/log/getKeep': () => read({}),
  'POST /admin/base/sys/log/clear': () => del({}),
  'POST /admin/base/sys/department/order': () => write({ body: { list: [{ id: 1, orderNum: 9 }] } }),
  'POST /admin/base/sys/menu/create': () => write({ body: { name: 'B menu', type: 1, router: '/b-menu', entity: 'base/message' } }),
  'POST /admin/base/sys/menu/export': () => read({ body: { ids: [1] } }),
  'POST /admin/base/sys/menu/import': () => write({ body: { parentId: null, menus: [] } }),
  'POST /admin/base/sys/menu/parse': () => read({ body: { entity: 'base/message' } }),
  'POST /admin/recycle/data/restore': (w) => write({ body: { ids: [w.recycleId ?? 1] } }),

  // base/shortLink: A's link by its key; deleting it needs A's delete key, which B does not have.
  'POST /admin/base/shortLink/add': (w) => write({ body: { url: 'https://example.com/b-link', userId: w.a.id } }),
  'POST /admin/base/shortLink/delete': (w) => del({ body: { shortKey: w.shortKey, deleteKey: 'not-the-delete-key' } }, { body: { shortKey: w.shortKey } }),
  'GET /admin/base/shortLink/s/{shortKey}': (w) => read({ params: { shortKey: w.shortKey } }),

  // Public catalogues and files.
  'POST /admin/base/vip/all': () => read({ body: {} }),
  'POST /admin/dict/info/data': () => read({ body: {} }),
  'GET /admin/dict/info/types': () => read({}),
  'GET /upload/app/base/{day}/{file}': (w) => read({ params: w.file }),
  // A's file by its name under the private route, unsigned and with a made-up signature.
  'GET /private/app/private/{day}/{file}': (w) => read({ params: w.file }, { params: w.file, query: { exp: '9999999999', sig: 'a'.repeat(64) } }),
  'GET /health': () => read({}),
};
