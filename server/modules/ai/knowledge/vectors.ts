/**
 * Vectors of the knowledge's embeddings, pure: cosine similarity, and the compact text a vector is
 * stored as in a chunk's row (a JSON list, each number to 6 significant digits: a 1536-dimension
 * vector is about 15 KB, and the rounding moves a cosine by far less than ranking cares about).
 */

/** Cosine similarity of two vectors of one length (0 when either is all zeros or the lengths differ). */
export function cosine(a: readonly number[], b: readonly number[]): number {
  if (a.length !== b.length || !a.length) return 0;
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i]! * b[i]!;
    na += a[i]! * a[i]!;
    nb += b[i]! * b[i]!;
  }
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb);
}

/** The stored text of a vector. */
export function vectorText(v: readonly number[]): string {
  return JSON.stringify(v.map((x) => (Number.isFinite(x) ? Number(x.toPrecision(6)) : 0)));
}

/** A stored vector, or null when the text is none or not a list of numbers. */
export function vectorOf(text: unknown): number[] | null {
  if (typeof text !== 'string' || !text) return null;
  try {
    const v = JSON.parse(text) as unknown;
    return Array.isArray(v) && v.length > 0 && v.every((x) => typeof x === 'number') ? (v as number[]) : null;
  } catch {
    return null;
  }
}
