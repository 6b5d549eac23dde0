/**
 * The MCP specification asks a Streamable HTTP server to check the `Origin` header of every request,
 * so a web page a member visits cannot reach the server through their browser (DNS rebinding). A
 * request without the header (an agent, a desktop client, curl) is not a browser's and passes. One
 * with it passes when it is the site's own origin or listed in MCP_ALLOWED_ORIGINS (comma
 * separated). The site's own origin is PUBLIC_URL's when it is set; without it, the origin the
 * request was addressed to (its Host header), which is all the server knows of its own name then.
 * A rebinding page is addressed by the attacker's name, so PUBLIC_URL is what closes that door.
 */
import type { Core } from '../../core/api';

/** An origin as browsers send it: scheme, host and port, lower case, no default port. */
function originOf(url: string): string | null {
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin.toLowerCase() : null;
  } catch {
    return null;
  }
}

/** The allowed origins from MCP_ALLOWED_ORIGINS. */
function listed(env: Record<string, string | undefined>): Set<string> {
  const out = new Set<string>();
  for (const part of (env.MCP_ALLOWED_ORIGINS ?? '').split(',')) {
    const o = originOf(part.trim());
    if (o) out.add(o);
  }
  return out;
}

/**
 * Whether a request carrying `origin` (the header, undefined when absent) may reach the MCP server;
 * `own` is the origin the request was addressed to (`protocol://host`).
 */
export function originAllowed(core: Core, origin: string | undefined, own: string): boolean {
  if (origin === undefined || origin === '') return true;
  const given = originOf(origin);
  if (!given) return false;
  const env = core.config.env;
  if (listed(env).has(given)) return true;
  const publicUrl = env.PUBLIC_URL?.trim();
  const site = publicUrl ? originOf(publicUrl) : originOf(own);
  return given === site;
}
