/**
 * Identical expensive reads that arrive while one is under way share its answer instead of running
 * again: fifty clients opening the same deep page at once cost the database one index scan. Only
 * reads in flight are shared (nothing is kept after they finish), and the key carries the entity's
 * write generation, so a read that starts after a write committed never joins one from before it.
 */
export class InFlight<T> {
  private readonly running = new Map<string, Promise<T>>();

  /** Runs `work`, or joins the run of the same `key` under way. */
  share(key: string, work: () => Promise<T>): Promise<T> {
    const under = this.running.get(key);
    if (under) return under;
    const p = work().finally(() => this.running.delete(key));
    this.running.set(key, p);
    return p;
  }

  get size(): number {
    return this.running.size;
  }
}
