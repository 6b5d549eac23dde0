/**
 * One fetch of the X monitor, run by the task `monitor.fetch`: each watched account's timeline, then
 * each keyword's recent search, through the X adapter with the stored credentials.
 *
 * - Each page of posts is stored in its own transaction, with the cursor (X's newest id, the next
 *   call's since_id) it advances: a failure later in the run keeps what was stored before it, and a
 *   post already stored is never added twice (`postId` is unique; `addIfAbsent`).
 * - A 429 stops the run and notes `rateLimitedUntil` (X's x-rate-limit-reset, else 15 minutes); runs
 *   before that time make no request and answer `{skipped: 'rate_limited'}`.
 * - An account X does not know is skipped and named in the answer (`missing`); a query X refuses (400)
 *   is tried once more without its since_id (X refuses one older than its search window), then skipped
 *   and the run fails after the rest was fetched. Any other failure (credentials refused, 5xx after the
 *   adapter's retries, time-out) ends the run as failed: the scheduler's next tick tries again.
 * - The outcome is noted on the settings row (lastFetchTime, lastError) for getSetting.
 */
import { SYSTEM, timeOf } from '../../../core/api';
import type { Core, EntityColumns } from '../../../core/api';
import { createX, XApiError, type XAdapter, type XPostPage } from '../../../adapters/x.adapter';
import { postEntity, settingsEntity, storedSettings } from './monitor.queries';

/** The task handler's name. */
export const FETCH_TASK = 'monitor.fetch';

/** How long to keep off X after a 429 that did not say when its window ends. */
const DEFAULT_RATE_WAIT_MS = 15 * 60_000;

export interface FetchResult {
  added: number;
  seen: number;
  skipped?: 'disabled' | 'rate_limited';
  until?: string;
  missing?: string[];
}

/** Where the last fetch stopped, by search and by user (a type, not an interface, so it is a stored JSON object). */
type Cursors = {
  since: Record<string, string>;
  users: Record<string, string>;
};

const clip = (v: string | null, max: number) => (v === null ? null : [...v].slice(0, max).join(''));

function cursorsOf(raw: unknown): Cursors {
  const c = (raw && typeof raw === 'object' ? raw : {}) as Partial<Cursors>;
  return { since: { ...(c.since ?? {}) }, users: { ...(c.users ?? {}) } };
}

/** Stores a page's posts and the cursor it advances, in one transaction; answers how many were new. */
async function store(core: Core, settingsId: number, page: XPostPage, source: string, cursors: Cursors, key: string): Promise<number> {
  const posts = postEntity(core);
  if (!page.posts.length && (!page.newestId || cursors.since[key] === page.newestId)) return 0;
  return core.ops.transaction(SYSTEM, async (t) => {
    let added = 0;
    for (const p of page.posts) {
      const row = {
        postId: p.id,
        authorId: p.authorId,
        authorUsername: clip(p.authorUsername, 100),
        authorName: clip(p.authorName, 100),
        text: p.text,
        url: clip(p.url, 300),
        postedAt: p.createdAt,
        metrics: p.metrics,
        source: clip(source, 600),
      };
      if ((await t.addIfAbsent(posts, row, ['postId'])).created) added++;
    }
    if (page.newestId) cursors.since[key] = page.newestId;
    await t.updateWhere(settingsEntity(core), settingsId, { cursors });
    return added;
  });
}

/** What a run notes on the settings row. */
type RunNote = Partial<Pick<EntityColumns<'base/monitor'>, 'lastFetchTime' | 'lastError' | 'rateLimitedUntil'>>;

async function note(core: Core, settingsId: number, changes: RunNote): Promise<void> {
  await core.ops.transaction(SYSTEM, (t) => t.updateWhere(settingsEntity(core), settingsId, changes));
}

/** A search, tried again without its since_id when X refuses the query with one. */
async function search(x: XAdapter, query: string, maxResults: number, sinceId: string | undefined, signal: AbortSignal): Promise<XPostPage> {
  try {
    return await x.searchRecent(query, { maxResults, sinceId, signal });
  } catch (err) {
    if (!(err instanceof XApiError && err.kind === 'refused' && sinceId)) throw err;
    return x.searchRecent(query, { maxResults, signal });
  }
}

/** Runs one fetch (see the file's comment); rejects when the run failed, after storing what it could. */
export async function fetchMonitored(core: Core, signal: AbortSignal): Promise<FetchResult> {
  const row = await storedSettings(core);
  if (!row || !row.enabled) return { added: 0, seen: 0, skipped: 'disabled' };
  const { id } = row;
  const until = timeOf(row.rateLimitedUntil);
  if (until !== null && until > Date.now()) return { added: 0, seen: 0, skipped: 'rate_limited', until: new Date(until).toISOString() };
  const x = createX(core.config.env, { bearerToken: row.bearerToken, apiKey: row.apiKey, apiSecret: row.apiSecret });
  const cursors = cursorsOf(row.cursors);
  const maxResults = row.maxResults || 10;
  const result: FetchResult = { added: 0, seen: 0 };
  const missing: string[] = [];
  const refused: string[] = [];
  const take = async (page: XPostPage, source: string, key: string) => {
    result.seen += page.posts.length;
    result.added += await store(core, id, page, source, cursors, key);
  };
  try {
    for (const account of row.accounts ?? []) {
      if (signal.aborted) break;
      const name = account.toLowerCase();
      try {
        let userId = cursors.users[name];
        if (!userId) {
          const user = await x.userByUsername(account, { signal });
          if (!user) {
            missing.push(`@${account}`);
            continue;
          }
          userId = cursors.users[name] = user.id;
        }
        await take(await x.userPosts(userId, { maxResults, sinceId: cursors.since[`u:${name}`], signal }), `@${account}`, `u:${name}`);
      } catch (err) {
        if (!(err instanceof XApiError && err.kind === 'refused')) throw err;
        refused.push(`@${account}: ${err.message}`);
      }
    }
    for (const keyword of row.keywords ?? []) {
      if (signal.aborted) break;
      try {
        await take(await search(x, keyword, maxResults, cursors.since[`q:${keyword}`], signal), keyword, `q:${keyword}`);
      } catch (err) {
        if (!(err instanceof XApiError && err.kind === 'refused')) throw err;
        refused.push(`${keyword}: ${err.message}`);
      }
    }
  } catch (err) {
    const changes: RunNote = { lastError: clip(err instanceof Error ? err.message : String(err), 500) };
    if (err instanceof XApiError && err.kind === 'rate_limited') {
      const resume = err.resetAt && err.resetAt.getTime() > Date.now() ? err.resetAt : new Date(Date.now() + DEFAULT_RATE_WAIT_MS);
      changes.rateLimitedUntil = resume.toISOString();
      await note(core, id, changes);
      throw new XApiError('rate_limited', `${err.message}; no request to X before ${resume.toISOString()}`, 429, resume);
    }
    await note(core, id, changes);
    throw err;
  }
  const problem = refused.length ? `X refused: ${refused.join('; ')}` : null;
  await note(core, id, { lastFetchTime: new Date().toISOString(), lastError: clip(problem, 500), rateLimitedUntil: null });
  if (problem) throw new Error(`${problem} (stored ${result.added} new of ${result.seen})`);
  return missing.length ? { ...result, missing } : result;
}
