/**
 * A unified diff of two declaration sources (`before` null: a creation, every line added), with
 * three lines of context, as `diff -u` prints it. The sources are a few dozen lines: the longest
 * common subsequence by a full table is cheap enough.
 */
const CONTEXT = 3;

type Op = { kind: ' ' | '-' | '+'; text: string; a: number; b: number };

function lines(s: string): string[] {
  const out = s.split('\n');
  if (out[out.length - 1] === '') out.pop();
  return out;
}

function ops(a: string[], b: string[]): Op[] {
  const n = a.length;
  const m = b.length;
  const lcs: number[][] = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = n - 1; i >= 0; i--) for (let j = m - 1; j >= 0; j--) lcs[i][j] = a[i] === b[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
  const out: Op[] = [];
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && a[i] === b[j]) out.push({ kind: ' ', text: a[i], a: i++, b: j++ });
    else if (j < m && (i >= n || lcs[i][j + 1] >= lcs[i + 1][j])) out.push({ kind: '+', text: b[j], a: i, b: j++ });
    else out.push({ kind: '-', text: a[i], a: i++, b: j });
  }
  return out;
}

export function unifiedDiff(before: string | null, after: string, path: string): string {
  const a = before === null ? [] : lines(before);
  const b = lines(after);
  const all = ops(a, b);
  const changed = all.map((o, k) => (o.kind !== ' ' ? k : -1)).filter((k) => k >= 0);
  if (changed.length === 0) return '';
  const head = [`--- ${before === null ? '/dev/null' : `a/${path}`}`, `+++ b/${path}`];
  const hunks: string[] = [];
  let k = 0;
  while (k < changed.length) {
    const start = Math.max(0, changed[k] - CONTEXT);
    let end = Math.min(all.length - 1, changed[k] + CONTEXT);
    while (k + 1 < changed.length && changed[k + 1] - CONTEXT <= end + 1) end = Math.min(all.length - 1, changed[++k] + CONTEXT);
    k++;
    const part = all.slice(start, end + 1);
    const aLen = part.filter((o) => o.kind !== '+').length;
    const bLen = part.filter((o) => o.kind !== '-').length;
    const aStart = aLen === 0 ? part[0].a : part[0].a + 1;
    const bStart = bLen === 0 ? part[0].b : part[0].b + 1;
    hunks.push(`@@ -${aStart},${aLen} +${bStart},${bLen} @@`, ...part.map((o) => `${o.kind}${o.text}`));
  }
  return [...head, ...hunks].join('\n') + '\n';
}
