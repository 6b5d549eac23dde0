/**
 * Outside MCP servers (Model Context Protocol, Streamable HTTP), through the official
 * `@modelcontextprotocol/sdk` client: list a server's tools, call one. Each use connects, does its
 * one thing and closes: a tool call is rare next to a model's answer, and a held session would have
 * to be kept alive and re-established on every instance.
 *
 * Decisions:
 * - Every request is time-limited (`timeoutMs`, default MCP_TIMEOUT_MS or 20000), the connection's
 *   handshake included; a time-out is an error like any other.
 * - Headers (an API key...) go on every HTTP request of the session; the caller opens them from
 *   where they are sealed and nothing here logs them. An error's message never carries them: it is
 *   the server's or the transport's own words, with any header value cut out.
 * - A tool's result is the text of its content blocks (images and other blocks named by type), or
 *   its structured content when it gives one; `isError` marks a tool that ran and failed.
 * - The package is loaded on first use, not at every start.
 *
 * @example
 * ```ts
 * const mcp = { url: 'https://example.com/mcp', headers: { Authorization: 'Bearer …' } };
 * const tools = await listMcpTools(mcp);
 * const r = await callMcpTool(mcp, 'echo', { message: 'hi' });
 * ```
 */

export interface McpEndpoint {
  url: string;
  headers?: Record<string, string>;
  /** Per request, the handshake included (default 20000). */
  timeoutMs?: number;
}

/** A tool as the server lists it. */
export interface McpToolInfo {
  name: string;
  description: string;
  inputSchema: Record<string, unknown>;
  annotations: { readOnlyHint?: boolean; destructiveHint?: boolean; title?: string } | null;
}

export interface McpToolResult {
  /** The tool ran but reports a failure (MCP `isError`). */
  isError: boolean;
  /** Its content as text (blocks joined by a blank line). */
  text: string;
  /** Its structured content, when it gave one. */
  structured: unknown;
}

export class McpError extends Error {}

const DEFAULT_TIMEOUT_MS = 20_000;

/** MCP_TIMEOUT_MS of `env`, else the default. */
export function mcpTimeoutMs(env: Record<string, string | undefined>): number {
  const n = Number(env.MCP_TIMEOUT_MS);
  return Number.isFinite(n) && n > 0 ? n : DEFAULT_TIMEOUT_MS;
}

/** `message` with every header value cut out (a server that echoes the request must not leak a key). */
function clean(message: string, headers: Record<string, string> | undefined): string {
  let m = message;
  for (const v of Object.values(headers ?? {})) if (v.length >= 4) m = m.split(v).join('***');
  return m.slice(0, 500);
}

async function withClient<T>(
  ep: McpEndpoint,
  use: (client: import('@modelcontextprotocol/sdk/client/index.js').Client, timeout: number) => Promise<T>,
): Promise<T> {
  const [{ Client }, { StreamableHTTPClientTransport }] = await Promise.all([
    import('@modelcontextprotocol/sdk/client/index.js'),
    import('@modelcontextprotocol/sdk/client/streamableHttp.js'),
  ]);
  const timeout = ep.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  let url: URL;
  try {
    url = new URL(ep.url);
  } catch {
    throw new McpError(`not a URL: ${ep.url}`);
  }
  const transport = new StreamableHTTPClientTransport(url, { requestInit: { headers: ep.headers ?? {} } });
  const client = new Client({ name: 'cosmac-ai', version: '1.0.0' });
  try {
    await client.connect(transport, { timeout });
    return await use(client, timeout);
  } catch (err) {
    throw new McpError(clean(err instanceof Error ? err.message : String(err), ep.headers));
  } finally {
    await client.close().catch(() => undefined);
  }
}

/** The tools the server lists (every page of them). */
export function listMcpTools(ep: McpEndpoint): Promise<McpToolInfo[]> {
  return withClient(ep, async (client, timeout) => {
    const out: McpToolInfo[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 50; page++) {
      const r = await client.listTools(cursor ? { cursor } : {}, { timeout });
      for (const t of r.tools) {
        out.push({
          name: t.name,
          description: t.description ?? t.title ?? '',
          inputSchema: (t.inputSchema ?? { type: 'object' }) as Record<string, unknown>,
          annotations: t.annotations
            ? { readOnlyHint: t.annotations.readOnlyHint, destructiveHint: t.annotations.destructiveHint, title: t.annotations.title }
            : null,
        });
      }
      cursor = r.nextCursor;
      if (!cursor) break;
    }
    return out;
  });
}

/** Calls tool `name` with `args`. */
export function callMcpTool(ep: McpEndpoint, name: string, args: Record<string, unknown>): Promise<McpToolResult> {
  return withClient(ep, async (client, timeout) => {
    const r = (await client.callTool({ name, arguments: args }, undefined, { timeout })) as {
      content?: Array<{ type: string; text?: string }>;
      structuredContent?: unknown;
      isError?: boolean;
    };
    const text = (r.content ?? []).map((b) => (b.type === 'text' ? (b.text ?? '') : `[${b.type}]`)).join('\n\n');
    return { isError: r.isError === true, text, structured: r.structuredContent ?? null };
  });
}
