/** The canonical username: one key for every look-alike spelling, invisible characters refused. */
import { describe, expect, it } from 'vitest';
import { canonicalUsername } from '../../server/core/auth/username';
import { defineEntity, l } from '../../server/core/entity/define';
import { normalizeEntity } from '../../server/core/entity/normalize';

const keyOf = (s: string) => {
  const c = canonicalUsername(s);
  if (!c.ok) throw new Error(`${JSON.stringify(s)} refused: ${c.rule}`);
  return c.key;
};

describe('canonical username', () => {
  it('gives trimmed, fullwidth and differently cased spellings one key', () => {
    for (const s of ['admin', 'admin ', ' Admin', 'ADMIN', 'Ａdmin', 'ａｄｍｉｎ', '\u3000admin\u00A0', 'admın']) {
      expect(keyOf(s), JSON.stringify(s)).toBe('admin');
    }
  });

  it('folds case beyond lower case: sharp s and both Greek sigmas', () => {
    expect(keyOf('STRASSE')).toBe(keyOf('straße'));
    expect(keyOf('ΟΔΟΣ')).toBe(keyOf('οδοσ'));
    expect(keyOf('ΟΔΟΣ')).toBe(keyOf('οδος'));
  });

  it('keeps the typed case for display, normalized and trimmed', () => {
    expect(canonicalUsername('  Ｍember１ ')).toEqual({ ok: true, display: 'Member1', key: 'member1' });
  });

  it('refuses control, bidi, zero-width and separator characters', () => {
    const refused = [
      'a\u0000',
      'a\t',
      'a\u007F',
      'a\u200B',
      'a\u200C',
      'a\u200D',
      'a\u200E',
      'a\u200F',
      'a\u202A',
      'a\u202E',
      'a\u2066',
      'a\u2069',
      '\uFEFFa',
      'a\u00AD',
      'a\u2028',
    ];
    for (const s of refused) expect(canonicalUsername(s), JSON.stringify(s)).toMatchObject({ ok: false, rule: 'characters' });
  });

  it('refuses an empty name and one longer than 100 characters after normalization', () => {
    expect(canonicalUsername('   ')).toMatchObject({ ok: false, rule: 'required' });
    // U+FDFA is one character that NFKC spells out in 18.
    expect(canonicalUsername('\uFDFA'.repeat(6))).toMatchObject({ ok: false, rule: 'max_length' });
  });
});

describe('binary collation in a declaration', () => {
  const decl = (type: 'string' | 'int') =>
    defineEntity({
      module: 'demo',
      name: 'keyed',
      table: 'demo_keyed',
      label: l('Keyed', '键'),
      fields: { k: { type, collation: 'binary', label: l('Key', '键') } },
    });

  it('is kept on a string field', () => {
    expect(normalizeEntity(decl('string')).byName.get('k')!.collation).toBe('binary');
  });

  it('is refused on a field that is not text', () => {
    expect(() => normalizeEntity(decl('int'))).toThrow(/collation/);
  });
});
