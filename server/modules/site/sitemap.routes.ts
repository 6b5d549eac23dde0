/**
 * base/sitemap/google: an XML sitemap (sitemaps.org 0.9) of the public pages: the home page and the
 * detail page `/goods/{id}` of every goods that is on shelf, shown and not removed. The base URL is
 * SITE_URL from the environment, else the request's own origin.
 */
import { l, defineRoutes, call, STR } from '../../core/api';
import type { Core } from '../../core/api';
import { listedGoods } from './sitemap.queries';

/** A sitemap file holds at most 50,000 URLs. */
const MAX_URLS = 50_000;

export function xmlEscape(s: string): string {
  return s.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);
}

export function sitemapXml(urls: Array<{ loc: string; lastmod?: string | null }>): string {
  const body = urls.map((u) => `  <url><loc>${xmlEscape(u.loc)}</loc>${u.lastmod ? `<lastmod>${xmlEscape(u.lastmod)}</lastmod>` : ''}</url>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`;
}

export default defineRoutes((core: Core) => {
  const goods = core.model.byKey.get('goods/info');
  return [
    call(core, 'base', 'sitemap', 'google', {
      method: 'GET',
      raw: true,
      summary: l('Sitemap for search engines', '站点地图', '網站地圖'),
      input: {},
      access: 'public',
      effect: 'read',
      answer: { ...STR, description: 'an XML sitemap (application/xml), not an envelope' },
      async handler(req) {
        const configured = (core.config.env.SITE_URL ?? '').trim().replace(/\/+$/, '');
        const base = configured || req.ctx.origin;
        const urls: Array<{ loc: string; lastmod?: string | null }> = [{ loc: `${base}/` }];
        if (goods) {
          for (const r of await listedGoods(core, goods, MAX_URLS - 1)) urls.push({ loc: `${base}/goods/${r.id}`, lastmod: r.updateTime.slice(0, 10) });
        }
        req.ctx.set('Cache-Control', 'public, max-age=3600');
        req.ctx.type = 'application/xml; charset=utf-8';
        req.ctx.body = sitemapXml(urls);
      },
    }),
  ];
});
