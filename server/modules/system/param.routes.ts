/** GET /admin/base/open/html?key=: a parameter shown as an HTML page (see param.service.ts). */
import { l, call, defineRoutes, nullableText, STR } from '../../core/api';
import { HTML_CSP, paramHtml } from './param.service';

export default defineRoutes((core) => [
  call(core, 'base', 'open', 'html', {
    method: 'GET',
    raw: true,
    summary: l('A parameter as an HTML page', '以 HTML 页面显示参数', '以 HTML 頁面顯示參數'),
    // `keyName` is cool-admin's name of `key`; none at all is refused by the page (400).
    input: { key: nullableText({ max: 255 }), keyName: nullableText({ max: 255 }) },
    access: 'public',
    effect: 'read',
    answer: { ...STR, description: 'an HTML page (text/html), not an envelope' },
    handler: async (req, { key, keyName }) => {
      const html = await paramHtml(core, key || keyName || undefined, req.user);
      const ctx = req.ctx;
      ctx.status = 200;
      ctx.type = 'text/html; charset=utf-8';
      ctx.set('Content-Security-Policy', HTML_CSP);
      ctx.set('X-Content-Type-Options', 'nosniff');
      ctx.set('Cache-Control', 'no-cache');
      ctx.body = html;
    },
  }),
]);
