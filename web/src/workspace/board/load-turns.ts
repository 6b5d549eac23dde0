/**
 * Keeps overlapping board loads in order. A load started earlier can answer later (a notice's
 * reload racing the reload after an add, say); applying it would put back a list without the
 * desktop just added. So only the newest load's answer is applied, and a change shown at once
 * (an optimistic reorder or rename) makes every load in flight stale: their answers were read
 * before the change. The caller loads again once the change is stored, so whatever such a load
 * was fetched for (a new group, say) is not lost.
 */
export interface LoadTurn {
  /** True while no newer load has started and no change has been shown since this one began. */
  current(): boolean;
  /** Marks the load as answered (or failed). */
  end(): void;
}

export interface LoadTurns {
  begin(): LoadTurn;
  /** A change shown at once: loads in flight go stale. True when one was in flight. */
  supersede(): boolean;
}

export function loadTurns(): LoadTurns {
  let turn = 0;
  let inFlight = 0;
  return {
    begin() {
      const mine = ++turn;
      inFlight++;
      let ended = false;
      return {
        current: () => mine === turn,
        end: () => {
          if (!ended) inFlight--;
          ended = true;
        },
      };
    },
    supersede() {
      turn++;
      return inFlight > 0;
    },
  };
}
