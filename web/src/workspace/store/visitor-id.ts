/**
 * A signed-out visitor's own id for likes (goods/like: 8 to 64 letters, digits, `-` or `_`): made
 * once and kept in the browser, so a visitor's like stays theirs across visits and can be taken back.
 */
import type { StorageLike } from '../../lib/session';

export const VISITOR_KEY = 'goodsVisitorId';
const VALID = /^[A-Za-z0-9_-]{8,64}$/;

export function isVisitorId(v: unknown): v is string {
  return typeof v === 'string' && VALID.test(v);
}

/** A new random id: a UUID where the browser makes one (and no `random` is given), else 32 hex digits. */
export function newVisitorId(random?: () => number): string {
  const c = (globalThis as { crypto?: { randomUUID?: () => string } }).crypto;
  if (!random && c?.randomUUID) return c.randomUUID();
  const next = random ?? Math.random;
  let out = '';
  for (let i = 0; i < 32; i++) out += Math.floor(next() * 16).toString(16);
  return out;
}

/** The stored id, made and stored first when there is none (or it is not valid); works without storage too. */
export function visitorId(storage: StorageLike | null = safeLocalStorage(), make: () => string = () => newVisitorId()): string {
  let saved: string | null = null;
  try {
    saved = storage?.getItem(VISITOR_KEY) ?? null;
  } catch {
    saved = null;
  }
  if (isVisitorId(saved)) return saved;
  const id = make();
  try {
    storage?.setItem(VISITOR_KEY, id);
  } catch {
    /* storage full or blocked: the id lasts for this page */
  }
  return id;
}

function safeLocalStorage(): StorageLike | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}
