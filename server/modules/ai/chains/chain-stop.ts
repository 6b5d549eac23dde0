/**
 * Stopping a chain of AI replies (chain.ts) on whichever instance its answer streams: the stop is
 * written first (the chain's state, which every instance reads before the next step), then told to
 * every instance (`core.realtime.toInstances`, through Redis when there are several), and each
 * instance aborts the answers of that chain it is streaming. A step that begins after the stop reads
 * the state and does not start; one that registered its watch before the stop hears it. So no
 * answer of a stopped chain goes on, whichever instance the asker is connected to.
 */
import type { Core } from '../../../core/api';

const TOPIC = 'ai:chainStop';

interface Watches {
  byChain: Map<number, Set<AbortController>>;
}

const perCore = new WeakMap<Core, Watches>();

function watchesOf(core: Core): Watches {
  let w = perCore.get(core);
  if (!w) {
    perCore.set(core, (w = { byChain: new Map() }));
    const watches = w;
    core.realtime.onInstances(TOPIC, (data) => {
      const chainId = Number((data as { chainId?: unknown } | null)?.chainId);
      for (const c of watches.byChain.get(chainId) ?? []) c.abort();
    });
  }
  return w;
}

/** Listens for stops of `chainId` while a step of it runs here; release it when the step ends. */
export function watchStop(core: Core, chainId: number): { signal: AbortSignal; release(): void } {
  const w = watchesOf(core);
  const c = new AbortController();
  const set = w.byChain.get(chainId) ?? w.byChain.set(chainId, new Set()).get(chainId)!;
  set.add(c);
  return {
    signal: c.signal,
    release() {
      set.delete(c);
      if (!set.size) w.byChain.delete(chainId);
    },
  };
}

/** Tells every instance that `chainId` was stopped (its state is already written). */
export function tellStopped(core: Core, chainId: number): void {
  watchesOf(core);
  core.realtime.toInstances(TOPIC, { chainId });
}

/** Listens for stops from the other instances from the start, not only once a step ran here. */
export function listenForStops(core: Core): void {
  watchesOf(core);
}
