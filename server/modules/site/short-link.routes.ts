/**
 * base/shortLink: `add` (public, rate-limited per IP) makes a short key for an http(s) URL and returns
 * a delete key once; only its SHA-256 is stored. `delete` (public) needs that key, compared in
 * constant time (docs/decisions/spec-departures.md); the administrator may delete without it. `s/{shortKey}` (public)
 * redirects with 302 and counts the visit.
 */
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { entity, l, defineRoutes, call, AppError, fail, hit, text, STR, obj, SYSTEM } from '../../core/api';
import type { Core, Caller } from '../../core/api';
import { SHORT_LINK } from './short-link.messages';
import { linkDeleteKey, linkTarget } from './short-link.queries';

const KEY_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const KEY_LENGTH = 8;
const KEY_PATTERN = /^[A-Za-z0-9_-]{1,32}$/;
const MAX_URL = 2048;

export function newShortKey(): string {
  let s = '';
  for (let i = 0; i < KEY_LENGTH; i++) s += KEY_ALPHABET[randomInt(KEY_ALPHABET.length)];
  return s;
}

export function hashDeleteKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** Whether `given` hashes to `storedHash`, in time independent of where they differ. */
export function deleteKeyMatches(given: string, storedHash: string | null): boolean {
  const a = Buffer.from(hashDeleteKey(given), 'utf8');
  const b = Buffer.from(storedHash ?? '', 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The URL as stored (normalized), or null unless it is an absolute http(s) URL without credentials. */
export function safeTargetUrl(v: unknown): string | null {
  if (typeof v !== 'string') return null;
  const s = v.trim();
  if (!s || s.length > MAX_URL) return null;
  let u: URL;
  try {
    u = new URL(s);
  } catch {
    return null;
  }
  if ((u.protocol !== 'http:' && u.protocol !== 'https:') || !u.hostname || u.username || u.password) return null;
  return u.href.length > MAX_URL ? null : u.href;
}

/**
 * Whether `user` may delete a link without its delete key: the administrator, who removes spam. It
 * changes what the call asks for, not who may make it (anyone with the key may).
 */
export function deleteKeyWaived(user: Caller | null): boolean {
  return !!user?.isAdmin;
}

export default defineRoutes((core: Core) => {
  const links = entity(core.model, 'base/shortLink');
  const perHour = Number(core.config.env.SHORTLINK_ADD_PER_HOUR) > 0 ? Number(core.config.env.SHORTLINK_ADD_PER_HOUR) : 30;
  return [
    call(core, 'base', 'shortLink', 'add', {
      method: 'POST',
      summary: l('Create a short link', '创建短链接', '建立短網址'),
      input: { url: text({ max: MAX_URL }) },
      // An absolute http(s) URL without credentials.
      refine: ({ url }) => (url === undefined || safeTargetUrl(url) ? [] : [{ field: 'url', rule: 'format', params: { format: 'http(s) URL' } }]),
      access: 'public',
      effect: 'write',
      answer: obj({ shortKey: STR, deleteKey: STR }),
      async handler(req, input) {
        const url = safeTargetUrl(input.url)!;
        await hit(core.cache, [{ key: `shortlink:add:ip:${req.ctx.ip}`, max: perHour, windowSeconds: 3600 }], SHORT_LINK.shortlink_too_many);
        const deleteKey = randomBytes(24).toString('base64url');
        for (let attempt = 0; ; attempt++) {
          const shortKey = newShortKey();
          try {
            await core.ops.add(links, { shortKey, url, deleteKey: hashDeleteKey(deleteKey), userId: req.user?.id ?? null }, SYSTEM);
            return { shortKey, deleteKey };
          } catch (err) {
            // A clash of random keys is rare; try a fresh one a few times.
            if (!(err instanceof AppError && err.kind === 'conflict') || attempt >= 4) throw err;
          }
        }
      },
    }),
    call(core, 'base', 'shortLink', 'delete', {
      method: 'POST',
      summary: l('Delete a short link with its delete key', '凭删除密钥删除短链接', '憑刪除金鑰刪除短網址'),
      input: { shortKey: text({ max: 255 }), deleteKey: text({ max: 255 }).optional() },
      // The key is asked of everyone but the administrator (deleteKeyWaived).
      refine: ({ deleteKey }, req) => (deleteKey === undefined && !deleteKeyWaived(req.user) ? [{ field: 'deleteKey', rule: 'required', params: {} }] : []),
      access: 'public',
      effect: 'write',
      answer: { type: 'null' },
      async handler(req, { shortKey, deleteKey }) {
        await hit(core.cache, [{ key: `shortlink:delete:ip:${req.ctx.ip}`, max: 60, windowSeconds: 3600 }]);
        const row = KEY_PATTERN.test(shortKey) ? await linkDeleteKey(core, shortKey) : null;
        if (!row) throw fail.notFound(SHORT_LINK.shortlink_not_found);
        if (deleteKey !== undefined && !deleteKeyMatches(deleteKey, row.deleteKey)) throw fail.forbidden(SHORT_LINK.shortlink_delete_key_wrong);
        await core.ops.delete(links, { ids: [row.id] }, SYSTEM, { url: req.path });
        return null;
      },
    }),
    call(core, 'base', 'shortLink', 's/{shortKey}', {
      method: 'GET',
      raw: true,
      summary: l('Follow a short link', '短链接跳转', '短網址跳轉'),
      // The key is the path's segment (an unknown or malformed one: 404); the query is not read, a
      // shared link may carry a tracker's.
      input: {},
      body: { type: 'object', properties: { shortKey: { type: 'string', pattern: KEY_PATTERN.source } }, required: ['shortKey'] },
      access: 'public',
      effect: 'write',
      answer: { description: "a 302 redirect to the link's URL (its visit counted), not an envelope" },
      async handler(req) {
        const shortKey = req.params.shortKey;
        const row = KEY_PATTERN.test(shortKey) ? await linkTarget(core, shortKey) : null;
        const expired = row?.expireTime ? new Date(`${row.expireTime.replace(' ', 'T')}Z`).getTime() <= Date.now() : false;
        const url = row && !expired ? safeTargetUrl(row.url) : null;
        if (!row || !url) throw fail.notFound(SHORT_LINK.shortlink_not_found);
        if (req.ctx.method !== 'HEAD') {
          await core.ops.transaction(SYSTEM, (tx) => tx.increment(links, row.id, 'visitCount', 1, { touch: false }));
        }
        req.ctx.set('Cache-Control', 'no-store');
        req.ctx.set('Referrer-Policy', 'no-referrer');
        req.ctx.status = 302;
        req.ctx.redirect(url);
      },
    }),
  ];
});
