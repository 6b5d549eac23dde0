/**
 * base/site: the site info that public pages show, per host. `info` is public and answers the row of
 * the request's host, else the default row (host NULL): the public fields and `communityUrl` (the
 * chat-community link of `/discord`, kept in the row's `config.communityUrl`) and `currency` (the site
 * currency prices are written in, lower case: the `currency` param or SITE_CURRENCY), `tokensPerUnit`
 * (the tokens a top-up gives per unit of that currency, so a top-up box can say it) and `oauthProviders`
 * (the sign-in providers this server has credentials for, so the sign-in page offers only those); callers who may
 * `save` get the whole row.
 * `save` upserts the row of one host (none or empty: the default row).
 */
import { entity, l, type Row, defineRoutes, call, fail, INT, NUM, STR, listOf, nullable, obj } from '../../core/api';
import type { Core } from '../../core/api';
import { siteIdOfHost, sitesForHost } from './site.queries';
import { siteCurrency, tokensPerUnit } from '../commerce/pay/pay-settings';
import { OAUTH_PROVIDERS, oauthProviders } from '../../adapters/oauth.adapter';

/** What anyone may read. */
export const PUBLIC_SITE_FIELDS = ['name', 'title', 'description', 'keywords', 'logo', 'favicon', 'copyright'] as const;
const HOST = /^[a-z0-9]([a-z0-9.-]{0,253})(:\d{1,5})?$/;

function normalizeHost(v: unknown): string | null {
  if (v === undefined || v === null) return null;
  if (typeof v !== 'string') throw fail.invalid([{ field: 'host', rule: 'type', params: { type: 'string' } }] as never);
  const h = v.trim().toLowerCase();
  if (h === '') return null;
  if (!HOST.test(h)) throw fail.invalid([{ field: 'host', rule: 'format', params: { format: 'host name' } }] as never);
  return h;
}

/** The chat-community link (`/discord`): the row's `config.communityUrl` when it is an http(s) address. */
export function communityUrl(row: Row | undefined): string | null {
  const config = row?.config;
  const v = config && typeof config === 'object' && !Array.isArray(config) ? (config as Row).communityUrl : undefined;
  return typeof v === 'string' && /^https?:\/\/[^\s]+$/i.test(v.trim()) ? v.trim() : null;
}

export default defineRoutes((core: Core) => {
  const site = entity(core.model, 'base/site');
  const SAVE_KEY = 'base:site:save';
  const configured = oauthProviders(core.config.env);
  const signInProviders = OAUTH_PROVIDERS.filter((p) => configured[p] !== null);
  return [
    call(core, 'base', 'site', 'info', {
      method: 'POST',
      summary: l('Site info of this host', '站点信息', '站台資訊'),
      input: {},
      access: 'public',
      effect: 'read',
      answer: obj({
        ...Object.fromEntries(PUBLIC_SITE_FIELDS.map((f) => [f, nullable(STR)])),
        communityUrl: nullable(STR),
        currency: STR,
        tokensPerUnit: NUM,
        oauthProviders: listOf(STR),
      }),
      async handler(req) {
        const hostname = req.ctx.hostname.toLowerCase();
        const host = req.ctx.host.toLowerCase();
        const rows = await sitesForHost(core, host, hostname);
        // The host with its port first, then the bare host name, then the default row.
        const row = rows.find((r) => r.host === host) ?? rows.find((r) => r.host === hostname) ?? rows.find((r) => r.host === null);
        const [currency, perUnit] = await Promise.all([siteCurrency(core), tokensPerUnit(core)]);
        // Not a rule of who may call (anyone may): callers who may save the site see its whole row.
        if (row && req.user && core.auth.can(req.user, SAVE_KEY)) {
          return { ...row, communityUrl: communityUrl(row), currency, tokensPerUnit: perUnit, oauthProviders: signInProviders };
        }
        const out: Row = {};
        for (const f of PUBLIC_SITE_FIELDS) out[f] = row?.[f] ?? null;
        out.communityUrl = communityUrl(row);
        out.currency = currency;
        out.tokensPerUnit = perUnit;
        out.oauthProviders = signInProviders;
        return out;
      },
    }),
    call(core, 'base', 'site', 'save', {
      method: 'POST',
      summary: l('Save the site info of a host', '保存站点信息', '儲存站台資訊'),
      // The site's fields, checked by its declaration; `host` names the row (none: the default one).
      input: {},
      body: {
        type: 'object',
        properties: {
          host: { type: ['string', 'null'], description: 'a host name, with its port if any; none or empty: the default row' },
          id: { description: 'ignored: the host names the row' },
        },
        additionalProperties: { description: 'a field of base/site' },
      },
      effect: 'write',
      answer: obj({ id: INT }),
      async handler(req) {
        const body = req.body;
        if (!body || typeof body !== 'object' || Array.isArray(body)) throw fail.bad('body_not_object');
        const { id: _id, host: rawHost, ...fields } = body as Record<string, unknown>;
        void _id;
        const host = normalizeHost(rawHost);
        const found = await siteIdOfHost(core, host);
        if (found !== null) {
          await core.ops.update(site, { ...fields, id: found }, req.user);
          return { id: found };
        }
        return core.ops.add(site, { ...fields, host }, req.user);
      },
    }),
  ];
});
