/**
 * Small pure helpers of the person page and the community link: tags, share links, safe URLs and
 * relative times. Decisions the spec leaves open:
 * - `tags` is a JSON array on the server, but older rows hold a JSON text or a comma list (`,`,
 *   `，`, `;`, `|` all split); blanks and repeats are dropped, at most 20 chips of 32 characters.
 * - `shareLink` is a free JSON object: every http(s) value becomes a link named by its key; other
 *   values (and `javascript:` addresses) are ignored.
 * - Only http(s) addresses are ever opened or linked.
 */

const MAX_TAGS = 20;
const MAX_TAG_CHARS = 32;

function tagList(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (typeof value !== 'string') return [];
  const s = value.trim();
  if (s.startsWith('[')) {
    try {
      const parsed: unknown = JSON.parse(s);
      if (Array.isArray(parsed)) return parsed;
    } catch {
      // Not JSON after all: read it as a comma list.
    }
  }
  return s.split(/[,，;；|]/);
}

/** The tags of a profile as chips' texts. */
export function parseTags(value: unknown): string[] {
  const out: string[] = [];
  for (const item of tagList(value)) {
    const raw =
      typeof item === 'string' || typeof item === 'number'
        ? String(item)
        : item && typeof item === 'object' && typeof (item as { name?: unknown }).name === 'string'
          ? (item as { name: string }).name
          : '';
    const tag = raw.replace(/^[\s"'[\]]+|[\s"'[\]]+$/g, '').slice(0, MAX_TAG_CHARS);
    if (tag && !out.includes(tag)) out.push(tag);
    if (out.length >= MAX_TAGS) break;
  }
  return out;
}

/** `url` when it is an absolute http(s) address, else null. */
export function safeHttpUrl(url: unknown): string | null {
  if (typeof url !== 'string' || !url.trim()) return null;
  try {
    const u = new URL(url.trim());
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.href : null;
  } catch {
    return null;
  }
}

export interface ShareLink {
  name: string;
  url: string;
}

/** The http(s) links of a profile's `shareLink` object (a JSON text is read too). */
export function shareLinks(value: unknown): ShareLink[] {
  let v = value;
  if (typeof v === 'string') {
    try {
      v = JSON.parse(v);
    } catch {
      return [];
    }
  }
  if (!v || typeof v !== 'object' || Array.isArray(v)) return [];
  const out: ShareLink[] = [];
  for (const [name, raw] of Object.entries(v as Record<string, unknown>)) {
    const url = safeHttpUrl(raw);
    if (url) out.push({ name, url });
  }
  return out;
}

/** X's (Twitter's) share dialog for `url`. */
export function tweetUrl(url: string, text?: string): string {
  const q = new URLSearchParams({ url });
  if (text) q.set('text', text);
  return `https://twitter.com/intent/tweet?${q.toString()}`;
}

/** How long ago `then` was, in the largest whole unit; `date` beyond a week (or for a time in the future past a minute). */
export type Ago = { unit: 'now' } | { unit: 'minutes' | 'hours' | 'days'; count: number } | { unit: 'date' };

export function ago(then: string | number | Date | null | undefined, now: number): Ago {
  const t = then instanceof Date ? then.getTime() : typeof then === 'string' ? Date.parse(then) : typeof then === 'number' ? then : NaN;
  if (Number.isNaN(t)) return { unit: 'now' };
  const s = Math.floor((now - t) / 1000);
  if (s < -60) return { unit: 'date' };
  if (s < 60) return { unit: 'now' };
  if (s < 3600) return { unit: 'minutes', count: Math.floor(s / 60) };
  if (s < 86400) return { unit: 'hours', count: Math.floor(s / 3600) };
  if (s < 7 * 86400) return { unit: 'days', count: Math.floor(s / 86400) };
  return { unit: 'date' };
}
