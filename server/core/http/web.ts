/**
 * Serves the built web app (web/dist, or the placeholder page until the console is built): files by
 * path, and index.html for any other browser navigation so client routes reload fine. Text files
 * (scripts, styles, html, svg, json) go gzip-compressed to clients that accept it; each file is
 * compressed once and kept while its size and modification time stay the same. HTML pages carry
 * WEB_CSP and X-Frame-Options, so another site cannot frame them (clickjacking) and injected markup
 * cannot run script.
 */
import { createReadStream, existsSync, readFileSync, statSync, type Stats } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { extname, join, normalize, sep } from 'node:path';
import type { Context } from 'koa';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

/**
 * The built app's policy. Scripts only from this origin; 'unsafe-eval' because the plugin settings
 * form validates with ajv, which compiles each schema to a function. Styles inline too (antd writes
 * its CSS at run time). Pictures, videos and framed menu pages may come from any address an
 * administrator or member configured (storage, avatars, iframe menus); the NFT screen reads token
 * metadata from any http(s) address and the chain's RPC, so connections are open to http(s) and
 * ws(s). Never framed by another origin.
 */
export const WEB_CSP = [
  "default-src 'self'",
  "script-src 'self' 'unsafe-eval'",
  "style-src 'self' 'unsafe-inline'",
  'img-src * data: blob:',
  'media-src * data: blob:',
  "font-src 'self' data:",
  "connect-src 'self' http: https: ws: wss:",
  'frame-src *',
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'self'",
].join('; ');

const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.svg', '.txt', '.map']);
/** Smaller files are sent as they are. */
const MIN_GZIP_BYTES = 1024;

interface Gzipped {
  mtimeMs: number;
  size: number;
  body: Buffer;
}

function gzipped(cache: Map<string, Gzipped>, file: string, st: Stats): Buffer {
  const hit = cache.get(file);
  if (hit && hit.mtimeMs === st.mtimeMs && hit.size === st.size) return hit.body;
  const body = gzipSync(readFileSync(file), { level: 9 });
  cache.set(file, { mtimeMs: st.mtimeMs, size: st.size, body });
  return body;
}

export function pickWebRoot(webDir: string): string {
  const dist = join(webDir, 'dist');
  return existsSync(join(dist, 'index.html')) ? dist : join(webDir, 'placeholder');
}

export function createWebServer(root: string) {
  const index = join(root, 'index.html');
  const gzCache = new Map<string, Gzipped>();

  function send(ctx: Context, file: string, st: Stats): void {
    const ext = extname(file);
    ctx.type = TYPES[ext] ?? 'application/octet-stream';
    ctx.set('X-Content-Type-Options', 'nosniff');
    if (ext === '.html') {
      ctx.set('Content-Security-Policy', WEB_CSP);
      // For browsers that predate frame-ancestors.
      ctx.set('X-Frame-Options', 'SAMEORIGIN');
    }
    if (COMPRESSIBLE.has(ext)) ctx.vary('Accept-Encoding');
    if (COMPRESSIBLE.has(ext) && st.size >= MIN_GZIP_BYTES && ctx.acceptsEncodings('gzip', 'identity') === 'gzip') {
      const body = gzipped(gzCache, file, st);
      ctx.set('Content-Encoding', 'gzip');
      ctx.length = body.length;
      ctx.body = body;
      return;
    }
    ctx.length = st.size;
    ctx.body = createReadStream(file);
  }

  return async function web(ctx: Context): Promise<boolean> {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return false;
    let rel: string;
    try {
      rel = decodeURIComponent(ctx.path);
    } catch {
      return false;
    }
    const file = normalize(join(root, rel));
    if ((file === root || file.startsWith(root + sep)) && !rel.includes('\0')) {
      const st = existsSync(file) ? statSync(file) : null;
      if (st?.isFile()) {
        ctx.set('Cache-Control', rel.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
        send(ctx, file, st);
        return true;
      }
    }
    if (ctx.accepts('html', 'json') === 'html' && (ctx.get('accept') ?? '').includes('text/html') && existsSync(index)) {
      ctx.set('Cache-Control', 'no-cache');
      send(ctx, index, statSync(index));
      return true;
    }
    return false;
  };
}
