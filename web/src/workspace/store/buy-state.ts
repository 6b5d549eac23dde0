/**
 * What the goods page offers in place of the buy button, decided from what is known:
 * - `own`: the seller's own listing (no buying; a link to edit it in their goods);
 * - `open`: the member holds an active purchase of what it sells (`purchaseId`): open it in My purchases;
 * - `checking`: a member's `isPlaced` has not answered yet;
 * - `bought`: the member holds a paid order of it;
 * - `soldOut`: every spec is out of stock, or the chosen one has fewer than the quantity;
 * - `signIn`: a visitor (buying sends them to sign in, and back);
 * - `chooseSpec`: the goods has specs and none is chosen;
 * - `getFree` / `buy`: place the order (free goods are the member's at once; others go to payment).
 */
export type BuyState = 'own' | 'open' | 'checking' | 'bought' | 'soldOut' | 'signIn' | 'chooseSpec' | 'getFree' | 'buy';

export interface BuyInput {
  signedIn: boolean;
  isOwner: boolean;
  /** isPlaced; null while unknown. */
  bought: boolean | null;
  /** Whether the member holds an active purchase of it (openDetail's purchaseId). */
  purchased?: boolean;
  free: boolean;
  specs: ReadonlyArray<{ id: number; stock?: number | null }>;
  specId?: number;
  quantity: number;
}

export function buyState(i: BuyInput): BuyState {
  if (i.isOwner) return 'own';
  if (i.signedIn && i.purchased) return 'open';
  if (i.signedIn && i.bought === null) return 'checking';
  if (i.signedIn && i.bought) return 'bought';
  const inStock = i.specs.filter((s) => Number(s.stock ?? 0) > 0);
  if (i.specs.length > 0 && inStock.length === 0) return 'soldOut';
  if (!i.signedIn) return 'signIn';
  if (i.specs.length > 0) {
    const spec = i.specs.find((s) => s.id === i.specId);
    if (!spec) return 'chooseSpec';
    if (Number(spec.stock ?? 0) < i.quantity) return 'soldOut';
  }
  return i.free ? 'getFree' : 'buy';
}

/** The spec chosen at first: the first one in stock (specs come in their order), none when all are out. */
export function firstInStock(specs: ReadonlyArray<{ id: number; stock?: number | null }>): number | undefined {
  return specs.find((s) => Number(s.stock ?? 0) > 0)?.id;
}

/** The most of one spec a buyer may take in one order (the server allows 1..999). */
export function maxQuantity(stock: number | null | undefined): number {
  return Math.max(1, Math.min(999, Math.floor(Number(stock ?? 0))));
}
