/**
 * Parameters by keyName (base/sys/param): for code that reads a setting (`paramByKey`), and the
 * public page `GET /admin/base/open/html?key=` (cool-admin's htmlByKey) that shows one as HTML.
 *
 * dataType 0 (string) is configuration: the page shows it only to a caller who may read params
 * (`base:sys:param:info`); rich text (1) and files (2) are public content such as terms of service.
 * Rich text is the administrator's HTML, so the page is served under a sandboxing Content Security
 * Policy: it renders, but no script in it runs with our origin. A secret parameter is never shown.
 */
import { fail } from '../../core/api';
import type { Core, Caller } from '../../core/api';
import { SYSADMIN } from './sysadmin.messages';
import { paramByKey, type Param } from './param.queries';

export const PARAM_STRING = 0;
export const PARAM_RICH_TEXT = 1;
export const PARAM_FILE = 2;

export { paramByKey, type Param };

/**
 * The param `consoleRoleIds` (docs/reference/api.md): roles admitted to the console besides role id 1,
 * written as a JSON array (`[2,3]`) or a comma-separated list (`2, 3`). Empty or unset: none.
 */
export async function consoleRoleIds(core: Core): Promise<number[]> {
  const p = await paramByKey(core, 'consoleRoleIds');
  const raw = (p?.data ?? '').trim();
  if (!raw) return [];
  let items: unknown[];
  try {
    const v = JSON.parse(raw) as unknown;
    items = Array.isArray(v) ? v : [v];
  } catch {
    items = raw.split(/[\s,]+/);
  }
  return [...new Set(items.map(Number).filter((n) => Number.isInteger(n) && n > 0))];
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c]);

const IMAGE = /\.(bmp|jpe?g|png|tif|gif|svg|webp)(\?.*)?$/i;
const VIDEO = /\.(mp4|webm|mov|mpe?g)(\?.*)?$/i;

/** A file parameter holds a URL: shown as an image, a video or a link; anything but http(s) or a path as text. */
function fileBody(url: string): string {
  if (!/^(https?:\/\/|\/(?!\/))\S*$/i.test(url)) return `<p>${escapeHtml(url)}</p>`;
  const u = escapeHtml(url);
  if (IMAGE.test(url)) return `<img src="${u}" alt="" style="max-width:100%">`;
  if (VIDEO.test(url)) return `<video src="${u}" controls style="max-width:100%"></video>`;
  return `<a href="${u}" rel="noopener noreferrer">${u}</a>`;
}

export const HTML_CSP =
  "sandbox allow-popups allow-popups-to-escape-sandbox; default-src 'none'; img-src * data:; media-src *; style-src 'unsafe-inline'; font-src * data:";

/** The page of one parameter, or a 404 for an unknown key or a string the caller may not read. */
export async function paramHtml(core: Core, key: string | undefined, caller: Caller | null): Promise<string> {
  if (!key) throw fail.bad(SYSADMIN.param_key_required);
  const p = await paramByKey(core, key);
  const mayReadConfig = caller !== null && core.auth.can(caller, 'base:sys:param:info');
  if (!p || p.secret || (p.dataType === PARAM_STRING && !mayReadConfig)) throw fail.notFound(SYSADMIN.param_not_found);
  const data = p.data ?? '';
  const body =
    p.dataType === PARAM_RICH_TEXT ? data : p.dataType === PARAM_FILE ? fileBody(data) : `<pre style="white-space:pre-wrap">${escapeHtml(data)}</pre>`;
  const title = escapeHtml(p.name || p.keyName);
  return `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head><body>${body}</body></html>`;
}
