/**
 * Concurrent requests in tests, timed by progress instead of by the clock. On a busy machine each of
 * 200 requests may take long, but some finish all the time; a request that hangs stops that. So no
 * request gets a time limit of its own: the whole batch is aborted only when none of those still
 * under way finished for `stallMs`.
 *
 * @example
 * const results = await allMakingProgress(bodies.map((b) => (signal) => fetch(url, { method: 'POST', body: b, signal })));
 */
export async function allMakingProgress<T>(tasks: Array<(signal: AbortSignal) => Promise<T>>, stallMs = 30_000): Promise<T[]> {
  const stop = new AbortController();
  let last = Date.now();
  let left = tasks.length;
  const watch = setInterval(() => {
    if (left > 0 && Date.now() - last > stallMs) stop.abort(new Error(`no request of ${tasks.length} finished for ${stallMs} ms; ${left} still open`));
  }, 1000);
  try {
    return await Promise.all(
      tasks.map(async (task) => {
        try {
          return await task(stop.signal);
        } finally {
          last = Date.now();
          left--;
        }
      }),
    );
  } finally {
    clearInterval(watch);
  }
}
