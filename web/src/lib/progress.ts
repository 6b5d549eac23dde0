/**
 * The progress bar's state (000 §4, §9): a count of requests in flight; the bar starts at 0.1 with
 * the first request, trickles every 200 ms, and completes when the count returns to zero or when
 * `finish()` is called (route change, window error, unhandled rejection, one second after mount).
 * The skip list (000 §9: paths starting with /work) names pages, not API paths (which all start with
 * /admin): requests made while the page is the workbench or the workflow store (`/workbench`,
 * `/workflow_store`), whose screens show their own loading states, do not move the bar (see
 * `underProgress`). Timers are injectable.
 */
export const PROGRESS_MINIMUM = 0.1;
export const PROGRESS_TRICKLE_MS = 200;
export const PROGRESS_MOUNT_FINISH_MS = 1000;
export const PROGRESS_MAX = 0.994;

export interface ProgressState {
  /** Requests in flight. */
  count: number;
  /** The bar is showing. */
  active: boolean;
  /** 0..1; 1 once finished. */
  value: number;
}

export interface Timers {
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface ProgressOptions {
  minimum?: number;
  trickleMs?: number;
  skipPrefixes?: readonly string[];
  timers?: Timers;
}

export interface Progress {
  /** A request to `path` started. Returns false when the path is skipped. */
  start(path?: string): boolean;
  /** A request to `path` ended (success or failure). */
  done(path?: string): void;
  /** Completes the bar and resets the count. */
  finish(): void;
  /** Schedules `finish()` one second after the app mounts. */
  mounted(): void;
  state(): ProgressState;
  subscribe(listener: (s: ProgressState) => void): () => void;
  /** Stops every timer (tests, unmount). */
  dispose(): void;
}

/** The trickle step of NProgress: big steps early, small near the end. */
export function trickleStep(value: number): number {
  if (value < 0.2) return 0.1;
  if (value < 0.5) return 0.04;
  if (value < 0.8) return 0.02;
  if (value < 0.99) return 0.005;
  return 0;
}

const defaultTimers: Timers = {
  setInterval: (fn, ms) => globalThis.setInterval(fn, ms),
  clearInterval: (h) => globalThis.clearInterval(h as Parameters<typeof globalThis.clearInterval>[0]),
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (h) => globalThis.clearTimeout(h as Parameters<typeof globalThis.clearTimeout>[0]),
};

export function createProgress(o: ProgressOptions = {}): Progress {
  const minimum = o.minimum ?? PROGRESS_MINIMUM;
  const trickleMs = o.trickleMs ?? PROGRESS_TRICKLE_MS;
  const skip = o.skipPrefixes ?? ['/work'];
  const timers = o.timers ?? defaultTimers;

  let s: ProgressState = { count: 0, active: false, value: 0 };
  let trickle: unknown = null;
  let mountTimer: unknown = null;
  const listeners = new Set<(s: ProgressState) => void>();

  const skipped = (path?: string) => !!path && skip.some((p) => path.startsWith(p));
  const emit = (next: Partial<ProgressState>) => {
    s = { ...s, ...next };
    for (const l of listeners) l(s);
  };
  const stopTrickle = () => {
    if (trickle != null) timers.clearInterval(trickle);
    trickle = null;
  };

  const p: Progress = {
    start(path) {
      if (skipped(path)) return false;
      if (!s.active) {
        emit({ count: s.count + 1, active: true, value: minimum });
        stopTrickle();
        trickle = timers.setInterval(() => {
          if (s.active) emit({ value: Math.min(PROGRESS_MAX, s.value + trickleStep(s.value)) });
        }, trickleMs);
      } else emit({ count: s.count + 1 });
      return true;
    },
    done(path) {
      if (skipped(path)) return;
      const count = Math.max(0, s.count - 1);
      if (count === 0) p.finish();
      else emit({ count });
    },
    finish() {
      stopTrickle();
      emit({ count: 0, active: false, value: s.active ? 1 : s.value });
    },
    mounted() {
      if (mountTimer != null) timers.clearTimeout(mountTimer);
      mountTimer = timers.setTimeout(() => {
        mountTimer = null;
        p.finish();
      }, PROGRESS_MOUNT_FINISH_MS);
    },
    state: () => s,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    dispose() {
      stopTrickle();
      if (mountTimer != null) timers.clearTimeout(mountTimer);
      mountTimer = null;
      listeners.clear();
    },
  };
  return p;
}

/**
 * Runs one request under the bar: counted, unless the page it is made from (`pagePath`, the path
 * shown in the address bar when it starts) is skipped; the same page path ends it, even after a
 * route change.
 * @example underProgress(progress, window.location.pathname, () => http.request('GET', '/admin/base/comm/person'))
 */
export async function underProgress<T>(progress: Progress, pagePath: string, run: () => Promise<T>): Promise<T> {
  const counted = progress.start(pagePath);
  try {
    return await run();
  } finally {
    if (counted) progress.done(pagePath);
  }
}
