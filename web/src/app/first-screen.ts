/**
 * The first screen's data and code, asked for by the entry as soon as it runs, side by side instead of
 * one after the other: the stored session's profile (person, permmenu), on a console page the /eps
 * metadata the shell and the generic screens read, on the console's home the dashboard's summary, on a
 * generic table its first page once the menus and /eps say which call that is; and the chunks of the
 * page's code the router would otherwise find one at a time (the shell, then the view, then its table).
 * The screens then take the answers already under way (the profile and /eps through their own caches,
 * the summary and the first page through `takeFirst`), so a cold load waits on the slower of code and
 * data rather than on both in turn.
 */
import { api } from './api';
import { loadProfileAtStart } from './auth';
import { calls } from './data';
import { preloadPage } from './pages';
import { loadEps } from '../console/eps';
import { isConsolePath } from '../lib/router-rules';

const started = new Map<string, { at: number; answer: Promise<unknown> }>();

/** An answer started at load is used only this soon after (a screen opened later asks afresh). */
const FRESH_MS = 15_000;

/** Keeps `answer` for the screen that will ask for `key` (takeFirst). */
export function startFirst(key: string, answer: Promise<unknown>): void {
  // Failures are the screens' to show when they ask; here they only must not go unhandled.
  answer.catch(() => undefined);
  started.set(key, { at: Date.now(), answer });
}

/** The dashboard's default range, the one its first render asks for. */
export const FIRST_DASHBOARD_DAYS = 7;

export function dashboardKey(days: number, tzOffset: number): string {
  return `dashboard:${days}:${tzOffset}`;
}

/** The key of a generic table's first page: its entity's prefix and the body its table sends. */
export function firstPageKey(prefix: string, body: Record<string, unknown>): string {
  return `page:${prefix}:${JSON.stringify(body)}`;
}

/** Starts the requests the page at `path` will make first, and fetches its code; nothing without a usable session. */
export function startFirstScreen(path: string): void {
  if (!api.session.isSignedIn()) return;
  // The calls go first: a browser opens six connections to a server, and the page's code is many files.
  const profile = loadProfileAtStart();
  // Only a console page's code is fetched ahead: a workspace page shown before its profile had come
  // rendered again when it came, and a click in between was lost (a full e2e run saw it once).
  if (!isConsolePath(path)) return;
  const eps = loadEps();
  eps.catch(() => undefined);
  const at = path.replace(/\/+$/, '');
  if (at === '/admin') {
    const tzOffset = -new Date().getTimezoneOffset();
    startFirst(dashboardKey(FIRST_DASHBOARD_DAYS, tzOffset), calls.base.dashboard.summary({ days: FIRST_DASHBOARD_DAYS, tzOffset }, { silent: true }));
    preloadPage(path);
    preloadCode((m) => m.preloadScreen(at));
    return;
  }
  // The menus say which screen the path opens: a hand-made view's code, or the generic table's first page.
  void Promise.all([profile, eps, import('../console/first-code')])
    .then(([, map, code]) => code.startFirstPage(at, map))
    .catch(() => undefined);
  // The shell, and the screen a console path names most often.
  preloadPage(path);
  preloadCode((m) => m.preloadScreen(at));
}

function preloadCode(then: (m: typeof import('../console/first-code')) => void): void {
  import('../console/first-code').then(then, () => undefined);
}

/** The answer started for `key` by the entry, once and while fresh; undefined when none was (or it was taken). */
export function takeFirst<T>(key: string): Promise<T> | undefined {
  const s = started.get(key);
  started.delete(key);
  return s && Date.now() - s.at <= FRESH_MS ? (s.answer as Promise<T>) : undefined;
}
