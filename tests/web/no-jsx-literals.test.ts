/** No literal interface text in JSX (scripts/lint-jsx-literals.mjs): the tree is clean, and the rule does catch literals. */
import { describe, expect, it } from 'vitest';
import { lintPaths, lintSource, ROOT } from '../../scripts/lint-jsx-literals.mjs';

const kinds = (src: string) => lintSource('fixture.tsx', src).map((f) => f.kind);

describe('lint-jsx-literals rule', () => {
  it('finds JSX text in any script', () => {
    expect(kinds('const a = <div>Sign in</div>;')).toEqual(['text']);
    expect(kinds('const a = <span>登录</span>;')).toEqual(['text']);
    expect(lintSource('f.tsx', 'const a = (\n  <p>\n    Hello\n  </p>\n);')[0]).toMatchObject({ line: 3, kind: 'text', text: 'Hello' });
  });

  it('finds string literals rendered as children', () => {
    expect(kinds("const a = <div>{'Save'}</div>;")).toEqual(['child']);
    expect(kinds('const a = <div>{`Saved ${n}`}</div>;')).toEqual(['child']);
    expect(kinds("const a = <div>{ok ? 'Yes' : t('common.no')}</div>;")).toEqual(['child']);
    expect(kinds("const a = <div>{name || 'Nobody'}</div>;")).toEqual(['child']);
  });

  it('finds literals in user-visible attributes only', () => {
    expect(kinds('const a = <Input placeholder="Username" />;')).toEqual(['attr placeholder']);
    expect(kinds('const a = <Modal title={\'Delete\'} okText="Yes" />;')).toEqual(['attr title', 'attr okText']);
    expect(kinds('const a = <img alt="logo" aria-label="picture" />;')).toEqual(['attr alt', 'attr aria-label']);
    expect(kinds('const a = <div className="auth-card" data-testid="login-submit" type="primary" />;')).toEqual([]);
  });

  it('lets translated texts, numbers and punctuation through', () => {
    expect(kinds("const a = <div title={t('a.b')}>{t('a.c')} {count} / 10 · — ({'© '})</div>;")).toEqual([]);
    expect(kinds('const a = <span>{404}</span>;')).toEqual([]);
  });

  it('keeps a literal marked i18n-ok', () => {
    expect(kinds('const a = (\n  // i18n-ok: an example path\n  <Input placeholder="/base/sys/user" />\n);')).toEqual([]);
  });
});

describe('web/src', () => {
  it('has no literal text in JSX', () => {
    const findings = lintPaths(['web/src'], ROOT).map((f) => `${f.file}:${f.line} ${f.kind} ${JSON.stringify(f.text)}`);
    expect(findings).toEqual([]);
  });
});
