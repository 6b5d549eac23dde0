/**
 * Every locale area gives the same keys in en, zh-cn and zh-tw, none empty, with the same
 * {{placeholders}}; and every `t('area.key')` written in web/src names a key that exists in en.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ALL_AREAS as AREAS } from '../../web/src/i18n/all-areas';
import { LANGS, type LocaleTree } from '../../web/src/i18n/define';

const WEB_SRC = join(__dirname, '../../web/src');

/** `a.b.c` → text of every leaf. */
function leaves(tree: LocaleTree, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === 'object' && !Array.isArray(v)) for (const [kk, vv] of leaves(v, key)) out.set(kk, vv);
    else out.set(key, v);
  }
  return out;
}

const placeholders = (text: string) => [...new Set([...text.matchAll(/\{\{\s*([\w.-]+)\s*(?:,[^}]*)?\}\}/g)].map((m) => m[1]))].sort();

/** area → key → en text */
const EN = new Map(AREAS.map((a) => [a.area, leaves(a.texts.en as LocaleTree)]));

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...sourceFiles(p));
    else if (/\.(ts|tsx)$/.test(e.name) && !e.name.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

describe('locale areas', () => {
  it('have unique area names', () => {
    const names = AREAS.map((a) => a.area);
    expect(new Set(names).size).toBe(names.length);
  });

  for (const area of AREAS) {
    describe(area.area, () => {
      const en = EN.get(area.area)!;
      it('has texts in English', () => {
        expect(en.size).toBeGreaterThan(0);
      });
      for (const lang of LANGS) {
        it(`${lang}: same keys as en, none empty, same placeholders`, () => {
          const mine = leaves(area.texts[lang] as LocaleTree);
          const problems: string[] = [];
          for (const [key, enText] of en) {
            const text = mine.get(key);
            if (text === undefined) problems.push(`missing ${key}`);
            else if (typeof text !== 'string' || text.trim() === '') problems.push(`empty ${key}`);
            else if (JSON.stringify(placeholders(text)) !== JSON.stringify(placeholders(String(enText)))) {
              problems.push(`placeholders of ${key}: ${placeholders(text).join(',')} vs en ${placeholders(String(enText)).join(',')}`);
            }
          }
          for (const key of mine.keys()) if (!en.has(key)) problems.push(`extra ${key}`);
          expect(problems).toEqual([]);
        });
      }
    });
  }
});

describe('t() calls in web/src', () => {
  const KEY_CALL = /\bt\(\s*(['"])([A-Za-z][\w-]*(?:\.[\w-]+)+)\1/g;
  const exists = (full: string) => {
    const [area, ...rest] = full.split('.');
    const keys = EN.get(area);
    if (!keys) return false;
    const key = rest.join('.');
    // Plural forms: t('x', { count }) reads x_one / x_other (web/src/i18n).
    return typeof keys.get(key) === 'string' || typeof keys.get(`${key}_other`) === 'string';
  };

  it('finds calls to check', () => {
    const used = sourceFiles(WEB_SRC).flatMap((f) => [...readFileSync(f, 'utf8').matchAll(KEY_CALL)]);
    expect(used.length).toBeGreaterThan(20);
  });

  it('name keys that exist in en', () => {
    const missing: string[] = [];
    for (const file of sourceFiles(WEB_SRC)) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(KEY_CALL)) {
        if (!exists(m[2])) {
          const line = text.slice(0, m.index).split('\n').length;
          missing.push(`${relative(WEB_SRC, file)}:${line} ${m[2]}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('the check catches an unknown key', () => {
    expect(exists('auth.title')).toBe(true);
    expect(exists('auth.errors.e404')).toBe(true);
    expect(exists('auth.noSuchKey')).toBe(false);
    expect(exists('auth.errors')).toBe(false);
    expect(exists('nosucharea.title')).toBe(false);
  });
});
