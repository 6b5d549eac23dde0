/**
 * No comment or document points at something the repository does not hold. Checked in every
 * tracked source and documentation file:
 * - spec citations: `000 §N` / `001 §N` must name a section docs/history/spec-sections.md lists; a
 *   bare `§N` counts only after such a citation on the same line ("001 §3, §9"); `RFC n §x` is a
 *   public standard and always counts. `ARCHITECTURE §N` never resolves: ARCHITECTURE.md has no
 *   numbered sections (the shared conventions it once meant are not in the repository).
 * - issue numbers ("issue 17") must have a row in docs/history/issues.md.
 * - `docs/...` paths must exist, and so must the relative links of the repository's markdown files.
 * - in markdown, a repository path written as code (`server/core/api/calls.ts`) must exist, so a doc
 *   that names a file notices when the file moves; a file a guide's reader is about to create is
 *   marked "(new)" after it (or follows "writes"), and build output (`web/dist`) is left out.
 * - README section references (README "Realtime", the README's "NFT staking") must name a heading
 *   README.md still has.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '../..');

const CHECKED = /\.(ts|tsx|mts|mjs|js|css|md|json|html|conf)$|^\.ci\/run$/;
/** Generated or third-party text, and data whose numbers are not citations. */
const SKIPPED = /^(package-lock\.json|web\/src\/generated\/|server\/core\/entity\/rows\.generated\.ts$)/;

export interface Dangling {
  file: string;
  line: number;
  kind: 'spec' | 'architecture' | 'issue' | 'path' | 'link' | 'file' | 'readme';
  text: string;
}

function trackedFiles(root: string): string[] {
  const out = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return out
    .split('\0')
    .filter((f) => f && CHECKED.test(f) && !SKIPPED.test(f))
    .filter((f) => existsSync(join(root, f)));
}

/** The sections of each spec document the index lists (`| §N |` rows cover both documents). */
function specSections(root: string): Set<string> {
  const file = join(root, 'docs/history/spec-sections.md');
  if (!existsSync(file)) return new Set();
  const found = new Set<string>();
  for (const m of readFileSync(file, 'utf8').matchAll(/^\|\s*§(\d+)\s*\|/gm)) {
    found.add(`000 §${m[1]}`);
    found.add(`001 §${m[1]}`);
  }
  return found;
}

function indexedIssues(root: string): Set<string> {
  const file = join(root, 'docs/history/issues.md');
  if (!existsSync(file)) return new Set();
  return new Set([...readFileSync(file, 'utf8').matchAll(/^\|\s*(\d+)\s*\|/gm)].map((m) => m[1]));
}

function readmeHeadings(root: string): Set<string> {
  const text = readFileSync(join(root, 'README.md'), 'utf8');
  return new Set([...text.matchAll(/^#{1,6} (.+)$/gm)].map((m) => m[1].trim().toLowerCase()));
}

/** The sections README.md had before its content moved to docs/, as code used to cite them. */
const OLD_README_SECTIONS = [
  'Two commands',
  'Configuration',
  'Memory',
  'Upgrades',
  'Layout',
  'Web app',
  'Code generation',
  'API in one paragraph',
  'cool-admin compatibility',
  'Access',
  'Workspace calls',
  'Commerce calls',
  'Payments on this machine',
  'NFT staking',
  'AI runs',
  'AI members in chat',
  'Scheduled tasks',
  'Plugins',
  'Realtime',
  'Production',
  'Benchmark',
  'Contributing',
];

/** Build output and test artifacts, which no checkout holds. */
const BUILT = /^(web\/dist|dist|tests\/e2e\/artifacts)(\/|$)/;

/** Whether `path` names a file or folder, or a module written without its extension. */
function existsAsModule(root: string, path: string): boolean {
  return ['', '.ts', '.tsx', '.mjs', '/index.ts'].some((ext) => existsSync(join(root, path + ext)));
}
const SPEC_CITE = /\b(000|001)\s*§\s*(\d+)/g;
const ANY_SECTION = /§\s*\d+/g;
const ISSUE = /\bissues?\s+#?(\d+)\b/gi;
const DOCS_PATH = /(?<![\w/.-])docs\/[\w./-]*[\w/]/g;
const MD_LINK = /\]\(([^)\s]+)\)/g;
const REPO_PATH = /`((?:server|entities|web|codegen|scripts|tests|plugins|deploy)\/[\w./-]+)`/g;
const README_QUOTED = /README(?:'s)?,?\s*(?:section\s*)?\(?["“]([^"”]+)["”]/g;

export function findDangling(root: string = ROOT): Dangling[] {
  const sections = specSections(root);
  const issues = indexedIssues(root);
  const headings = readmeHeadings(root);
  const found: Dangling[] = [];
  for (const file of trackedFiles(root)) {
    if (file === 'docs/history/spec-sections.md' || file === 'tests/unit/references.test.ts') continue;
    const lines = readFileSync(join(root, file), 'utf8').split('\n');
    const isMarkdown = file.endsWith('.md');
    lines.forEach((line, i) => {
      const at = (kind: Dangling['kind'], text: string) => found.push({ file, line: i + 1, kind, text });
      // Spec sections.
      let firstCite = Infinity;
      for (const m of line.matchAll(SPEC_CITE)) {
        firstCite = Math.min(firstCite, m.index!);
        if (!sections.has(`${m[1]} §${m[2]}`)) at('spec', m[0]);
      }
      for (const m of line.matchAll(ANY_SECTION)) {
        const before = line.slice(0, m.index);
        if (/ARCHITECTURE(\.md)?\s*$/.test(before)) at('architecture', `ARCHITECTURE ${m[0]}`);
        else if (/\b(000|001)\s*$/.test(before) || /RFC\s*\d+\s*$/.test(before) || /\b9110\s*$/.test(before)) continue;
        else if (m.index! <= firstCite) at('spec', m[0]);
      }
      // Issues.
      for (const m of line.matchAll(ISSUE)) if (!issues.has(m[1])) at('issue', m[0]);
      // docs/ paths.
      for (const m of line.matchAll(DOCS_PATH)) {
        const path = m[0].replace(/[.]+$/, '');
        if (!existsSync(join(root, path))) at('path', path);
      }
      // Relative links in markdown.
      if (isMarkdown) {
        for (const m of line.matchAll(MD_LINK)) {
          const target = m[1].split('#')[0];
          if (!target || /^[a-z]+:/i.test(target)) continue;
          if (!existsSync(join(root, dirname(file), target))) at('link', m[1]);
        }
        for (const m of line.matchAll(REPO_PATH)) {
          const path = m[1].replace(/[.]+$/, '');
          // A file a guide's reader is about to create is marked "(new)" after it, or "writes" before it.
          const marked = /^ \(new\b/.test(line.slice(m.index! + m[0].length)) || /\bwrites\b[^`]*$/.test(line.slice(0, m.index));
          if (!BUILT.test(path) && !marked && !existsAsModule(root, path)) at('file', path);
        }
      }
      // README sections (with the next line, for a reference a line break splits).
      const joined = `${line} ${(lines[i + 1] ?? '').replace(/^\s*(\*|\/\/|#)?\s*/, '')}`;
      if (file !== 'README.md' && /README/.test(line) && !/(plugin|package)['’]?s README|README\.md/i.test(line)) {
        for (const m of joined.matchAll(README_QUOTED)) if (!headings.has(m[1].trim().toLowerCase())) at('readme', m[0]);
        for (const name of OLD_README_SECTIONS) {
          const re = new RegExp(`README(?:'s)?,?\\s*(?:section\\s*)?\\(?["“]?${name.replace(/[-/]/g, '\\$&')}\\b`, 'i');
          const hit = re.exec(joined);
          if (hit && !/["“]/.test(hit[0]) && !headings.has(name.toLowerCase())) at('readme', hit[0]);
        }
      }
    });
  }
  return found;
}

describe('references in comments and documents', () => {
  it('all resolve inside the repository', () => {
    const dangling = findDangling();
    const report = dangling.map((d) => `${d.file}:${d.line} ${d.kind}: ${d.text}`);
    expect(report).toEqual([]);
  });
});
