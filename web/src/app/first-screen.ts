/**
 * The first screen's data, requested by the entry as soon as it runs, side by side with the page's
 * code instead of after it: the stored session's profile (person, permmenu), on a console page the
 * /eps metadata the shell and the generic screens read, and on the console's home the dashboard's
 * summary. The screens then take the answers already under way (the profile and /eps through their
 * own caches, the summary through `takeFirst`), so a cold load waits on the slower of code and data
 * rather than on both in turn.
 */
import { api } from './api';
import { loadProfileAtStart } from './auth';
import { calls } from './data';
import { loadEps } from '../console/eps';
import { isConsolePath } from '../lib/router-rules';

const started = new Map<string, Promise<unknown>>();

/** The dashboard's default range, the one its first render asks for. */
export const FIRST_DASHBOARD_DAYS = 7;

export function dashboardKey(days: number, tzOffset: number): string {
  return `dashboard:${days}:${tzOffset}`;
}

/** Starts the requests the page at `path` will make first; nothing without a usable session. */
export function startFirstScreen(path: string): void {
  if (!api.session.isSignedIn()) return;
  void loadProfileAtStart();
  if (!isConsolePath(path)) return;
  // Failures are the screens' to show when they ask; here they only must not go unhandled.
  loadEps().catch(() => undefined);
  if (path.replace(/\/+$/, '') === '/admin') {
    const tzOffset = -new Date().getTimezoneOffset();
    const summary = calls.base.dashboard.summary({ days: FIRST_DASHBOARD_DAYS, tzOffset }, { silent: true });
    summary.catch(() => undefined);
    started.set(dashboardKey(FIRST_DASHBOARD_DAYS, tzOffset), summary);
  }
}

/** The answer started for `key` by the entry, once; undefined when none was (or it was taken). */
export function takeFirst<T>(key: string): Promise<T> | undefined {
  const p = started.get(key) as Promise<T> | undefined;
  started.delete(key);
  return p;
}
