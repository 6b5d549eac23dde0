/**
 * Serves the built web app (web/dist, or the placeholder page until the console is built): files by
 * path, and index.html for any other browser navigation so client routes reload fine.
 */
import { createReadStream, existsSync, statSync } from 'node:fs';
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

export function pickWebRoot(webDir: string): string {
  const dist = join(webDir, 'dist');
  return existsSync(join(dist, 'index.html')) ? dist : join(webDir, 'placeholder');
}

export function createWebServer(root: string) {
  const index = join(root, 'index.html');
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
        ctx.type = TYPES[extname(file)] ?? 'application/octet-stream';
        ctx.set('X-Content-Type-Options', 'nosniff');
        ctx.set('Cache-Control', rel.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
        ctx.length = st.size;
        ctx.body = createReadStream(file);
        return true;
      }
    }
    if (ctx.accepts('html', 'json') === 'html' && (ctx.get('accept') ?? '').includes('text/html') && existsSync(index)) {
      ctx.type = TYPES['.html'];
      ctx.set('Cache-Control', 'no-cache');
      ctx.body = createReadStream(index);
      return true;
    }
    return false;
  };
}
