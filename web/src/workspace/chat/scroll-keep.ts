/**
 * Scroll arithmetic of the message list, kept out of the component so it can be tested:
 * whether the reader is at the bottom (new messages follow them there), whether they reached the top
 * (an older page loads), and where to put the scroll after older messages were put above. The list
 * sets `overflow-anchor: none`: the browser's own scroll anchoring (not in every browser) would
 * move it a second time.
 */

export interface ScrollBox {
  scrollTop: number;
  scrollHeight: number;
  clientHeight: number;
}

/** Within this many pixels of the end counts as "at the bottom". */
export const NEAR_BOTTOM_PX = 120;
/** Within this many pixels of the top an older page loads. */
export const NEAR_TOP_PX = 80;

export function nearBottom(box: ScrollBox, threshold = NEAR_BOTTOM_PX): boolean {
  return box.scrollHeight - box.clientHeight - box.scrollTop <= threshold;
}

export function shouldLoadOlder(box: ScrollBox, state: { hasMore: boolean; loading: boolean }, threshold = NEAR_TOP_PX): boolean {
  if (!state.hasMore || state.loading) return false;
  // A page that does not fill the box has no scroll to reach the top with: load on.
  return box.scrollTop <= threshold || box.scrollHeight <= box.clientHeight;
}

/**
 * The scrollTop that puts a message back where the reader saw it: `anchorWas` is its distance from
 * the list's top edge before older messages (or a loading row) were put above it, `anchorNow` the
 * distance after. Anchoring on a message, not on the list's height, stays right whatever else
 * changed above it.
 */
export function anchoredScrollTop(scrollTop: number, anchorNow: number, anchorWas: number): number {
  return Math.max(0, scrollTop + (anchorNow - anchorWas));
}
