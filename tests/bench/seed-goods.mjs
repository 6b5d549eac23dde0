/**
 * Fills demo_goods straight through mysql2 with multi-row INSERTs. Row n (1-based) gets the title
 * `goods <n> <word>` with one of ten words spread pseudo-randomly (so a keyword search on one word
 * hits about 10 %), status alternating 1/0, and createTime growing with n, two rows per second (so
 * ties exist and the id tie-break matters).
 */

export const WORDS = ['amber', 'basil', 'cedar', 'dunes', 'ember', 'fjord', 'glade', 'heron', 'indigo', 'juniper'];
export const KEYWORD = 'heron';

const BASE_MS = Date.UTC(2024, 0, 1);

/** A cheap integer hash, so the word does not follow n's residues (and is independent of status). */
function wordOf(n) {
  let x = Math.imul(n ^ (n >>> 16), 0x45d9f3b);
  x = Math.imul(x ^ (x >>> 16), 0x45d9f3b);
  x ^= x >>> 16;
  return WORDS[(x >>> 0) % WORDS.length];
}

function stored(ms) {
  return new Date(ms).toISOString().slice(0, 23).replace('T', ' ');
}

/**
 * Inserts rows fromN+1 .. toN. `onProgress(done, total, rowsPerSec)` is called after each statement.
 */
export async function seedGoods(conn, fromN, toN, { batch = 5000, onProgress } = {}) {
  const total = toN - fromN;
  if (total <= 0) return { rows: 0, ms: 0 };
  const t0 = performance.now();
  for (let start = fromN + 1; start <= toN; start += batch) {
    const end = Math.min(toN, start + batch - 1);
    const values = [];
    for (let n = start; n <= end; n++) {
      const t = stored(BASE_MS + Math.floor(n / 2) * 1000);
      const price = (1 + (n % 10000) / 100).toFixed(2);
      values.push(`('goods ${n} ${wordOf(n)}',${price},${n % 2},${n % 500},'${t}','${t}')`);
    }
    await conn.query(`INSERT INTO demo_goods (title, price, status, stock, createTime, updateTime) VALUES ${values.join(',')}`);
    const done = end - fromN;
    onProgress?.(done, total, done / ((performance.now() - t0) / 1000));
  }
  return { rows: total, ms: performance.now() - t0 };
}
