/**
 * The user guide's pictures and the browser suite cannot drift apart: the suite takes them
 * (`docShot(page, 'name')` in tests/e2e, written to docs/user/screens/<name>.jpg) and docs/user shows
 * them. Checked here, without a browser:
 * - every image a document under docs/ links exists and is not ignored by git (so it is committed);
 * - every name passed to docShot is a string literal, taken once, and linked from docs/user;
 * - every picture in docs/user/screens is one the suite takes (none left behind that nothing refreshes),
 *   and stays small enough for a repository (120 KB).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '../..');
const SCREENS = 'docs/user/screens';
const MAX_BYTES = 120 * 1024;

function filesUnder(dir: string, ext: RegExp): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .map((f) => join(dir, f))
    .filter((f) => ext.test(f) && statSync(join(ROOT, f)).isFile());
}

/** Each image link of the markdown under docs/: the document, the target as written and the path it resolves to. */
function imageLinks(): Array<{ doc: string; target: string; path: string }> {
  const links: Array<{ doc: string; target: string; path: string }> = [];
  for (const doc of filesUnder('docs', /\.md$/)) {
    for (const m of readFileSync(join(ROOT, doc), 'utf8').matchAll(/!\[[^\]]*\]\(([^)\s]+)\)/g)) {
      if (/^[a-z]+:/i.test(m[1])) continue;
      links.push({ doc, target: m[1], path: relative(ROOT, join(ROOT, dirname(doc), m[1].split('#')[0])) });
    }
  }
  return links;
}

/** Each docShot call in tests/e2e: the file and the name, or null when the name is not a string literal. */
function docShotCalls(): Array<{ file: string; name: string | null }> {
  const calls: Array<{ file: string; name: string | null }> = [];
  for (const file of filesUnder('tests/e2e', /\.ts$/)) {
    if (file === 'tests/e2e/doc-shots.ts') continue;
    for (const m of readFileSync(join(ROOT, file), 'utf8').matchAll(/\bdocShot\(\s*[\w.]+\s*,\s*([^,)]+)/g)) {
      const literal = /^'([^'\\]+)'$/.exec(m[1].trim());
      calls.push({ file, name: literal ? literal[1] : null });
    }
  }
  return calls;
}

function ignoredByGit(paths: string[]): string[] {
  if (paths.length === 0) return [];
  try {
    return execFileSync('git', ['check-ignore', '--no-index', ...paths], { cwd: ROOT, encoding: 'utf8' })
      .split('\n')
      .filter(Boolean);
  } catch (e) {
    // Exit status 1: none of them is ignored.
    if ((e as { status?: number }).status === 1) return [];
    throw e;
  }
}

describe("the user guide's pictures", () => {
  const links = imageLinks();
  const calls = docShotCalls();
  const linkedFromUserDocs = new Set(links.filter((l) => l.doc.startsWith('docs/user/')).map((l) => l.path));

  it('every image a document under docs/ links is in the repository and not ignored by git', () => {
    const missing = links.filter((l) => !existsSync(join(ROOT, l.path))).map((l) => `${l.doc}: ${l.target}`);
    expect(missing).toEqual([]);
    expect(ignoredByGit([...new Set(links.map((l) => l.path))])).toEqual([]);
  });

  it('every picture the browser suite takes is named by a literal, taken once and shown in docs/user', () => {
    expect(calls.length).toBeGreaterThan(0);
    expect(calls.filter((c) => c.name === null).map((c) => `${c.file}: docShot with a name that is not a string literal`)).toEqual([]);
    const names = calls.map((c) => c.name!);
    expect(names.filter((n, i) => names.indexOf(n) !== i).map((n) => `taken twice: ${n}`)).toEqual([]);
    const unlinked = calls.filter((c) => !linkedFromUserDocs.has(`${SCREENS}/${c.name}.jpg`)).map((c) => `${c.file}: ${c.name} is not linked from docs/user`);
    expect(unlinked).toEqual([]);
  });

  it('every picture in docs/user/screens is one the suite takes, under 120 KB', () => {
    const taken = new Set(calls.map((c) => `${SCREENS}/${c.name}.jpg`));
    const pictures = existsSync(join(ROOT, SCREENS)) ? filesUnder(SCREENS, /./) : [];
    expect(pictures.filter((p) => !taken.has(p)).map((p) => `${p}: no docShot takes it`)).toEqual([]);
    expect(pictures.filter((p) => statSync(join(ROOT, p)).size > MAX_BYTES).map((p) => `${p}: ${statSync(join(ROOT, p)).size} bytes`)).toEqual([]);
  });
});
