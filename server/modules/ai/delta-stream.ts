/**
 * The `delta` notices of one streamed answer, coalesced. A model sends its answer in many small
 * pieces (a few characters each, sometimes hundreds a second); one socket frame per piece per member
 * costs the server a write each and the clients a render each. So the first piece goes out at once
 * (the time to the first token is what a member feels), and later pieces that arrive within the
 * window (AI_DELTA_MS, default 30 ms; 0 sends every piece as it comes) of the last notice are
 * joined into the next one. `index` counts notices from 0, so a client still tells a gap or a
 * repeat, and the texts joined in index order are the answer. `end()` sends what is held: call it
 * before the answer (or the error) is stored and delivered, so the last delta precedes it.
 */
import type { Core } from '../../core/api';

export const DEFAULT_DELTA_MS = 30;

/** The coalescing window of a core's deltas, from AI_DELTA_MS. */
export function deltaWindowMs(core: Core): number {
  const raw = core.config.env.AI_DELTA_MS;
  const n = raw === undefined || raw === '' ? DEFAULT_DELTA_MS : Number(raw);
  return Number.isFinite(n) && n >= 0 ? Math.min(n, 1000) : DEFAULT_DELTA_MS;
}

export class DeltaStream {
  private held = '';
  private index = 0;
  private lastSent = Number.NEGATIVE_INFINITY;
  private timer: NodeJS.Timeout | null = null;

  /** `send(index, text)` delivers one notice; `windowMs` as above. */
  constructor(
    private readonly send: (index: number, text: string) => void,
    private readonly windowMs: number,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Takes the next piece of the answer, in order. */
  push(text: string): void {
    if (!text) return;
    this.held += text;
    if (this.timer) return;
    const wait = this.lastSent + this.windowMs - this.now();
    if (wait <= 0) this.flush();
    else {
      this.timer = setTimeout(() => {
        this.timer = null;
        this.flush();
      }, wait);
      this.timer.unref?.();
    }
  }

  /** Sends what is held now; no notice comes after this. */
  end(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.flush();
  }

  /** Notices sent so far. */
  get sent(): number {
    return this.index;
  }

  /** Sends what is held now (before the audience of the pieces after it changes). */
  flush(): void {
    if (!this.held) return;
    const text = this.held;
    this.held = '';
    this.lastSent = this.now();
    this.send(this.index++, text);
  }
}
