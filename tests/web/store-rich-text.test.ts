/**
 * The goods page's rich text: parsed nodes (plain objects standing in for the browser's DOMParser
 * output) become React elements of the allowed tags and attributes only.
 */
import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { htmlToReact, looksLikeHtml, MAX_DEPTH, safeUrl, type HtmlNode } from '../../web/src/workspace/store/rich-text';

const text = (v: string): HtmlNode => ({ nodeType: 3, nodeName: '#text', nodeValue: v, childNodes: [] });
const el = (name: string, attrs: Record<string, string> = {}, ...kids: HtmlNode[]): HtmlNode => ({
  nodeType: 1,
  nodeName: name.toUpperCase(),
  attributes: Object.entries(attrs).map(([n, value]) => ({ name: n, value })),
  childNodes: kids,
});
const body = (...kids: HtmlNode[]) => el('body', {}, ...kids);
const html = (...kids: HtmlNode[]) => renderToStaticMarkup(htmlToReact(body(...kids)) as never);

describe('store rich text', () => {
  it('keeps formatting, lists, tables and safe links', () => {
    const out = html(
      el('p', {}, text('Hi '), el('strong', {}, text('there'))),
      el('ul', {}, el('li', {}, text('Fast'))),
      el('table', {}, el('tbody', {}, el('tr', {}, el('td', { colspan: '2' }, text('cell'))))),
      el('a', { href: 'https://example.com/x', title: 'ex' }, text('link')),
    );
    expect(out).toBe(
      '<div><p>Hi <strong>there</strong></p><ul><li>Fast</li></ul><table><tbody><tr><td colSpan="2">cell</td></tr></tbody></table>' +
        '<a href="https://example.com/x" title="ex" target="_blank" rel="noopener noreferrer nofollow ugc">link</a></div>',
    );
  });
  it('drops scripts, styles, frames, forms and SVG with everything inside', () => {
    const out = html(
      el('script', {}, text('alert(1)')),
      el('style', {}, text('body{display:none}')),
      el('iframe', { src: 'https://evil.example' }),
      el('svg', {}, el('script', {}, text('alert(2)'))),
      el('form', {}, el('input', { value: 'x' }), text('form text')),
      el('p', {}, text('kept')),
    );
    expect(out).toBe('<div><p>kept</p></div>');
  });
  it('never passes event handlers, style or class', () => {
    const out = html(
      el('p', { onclick: 'x()', style: 'color:red', class: 'big', onmouseover: 'y()' }, text('t')),
      el('img', { src: '/upload/a.png', onerror: 'z()' }),
    );
    expect(out).toBe('<div><p>t</p><img src="/upload/a.png" loading="lazy" referrerPolicy="no-referrer"/></div>');
  });
  it('refuses script and data addresses in links and pictures', () => {
    const out = html(
      el('a', { href: 'javascript:alert(1)' }, text('a')),
      el('a', { href: ' JaVaScRiPt:alert(1)' }, text('b')),
      el('img', { src: 'data:image/svg+xml,<svg onload=x>' }),
    );
    expect(out).toBe('<div><a>a</a><a>b</a></div>');
  });
  it('unwraps unknown tags, keeping their text', () => {
    expect(html(el('font', { color: 'red' }, text('old'), el('em', {}, text('style'))))).toBe('<div>old<em>style</em></div>');
  });
  it('escapes text (a tag inside text stays text)', () => {
    expect(html(el('p', {}, text('<img src=x onerror=alert(1)>')))).toBe('<div><p>&lt;img src=x onerror=alert(1)&gt;</p></div>');
  });
  it('cuts off nesting deeper than the limit', () => {
    let deep: HtmlNode = text('bottom');
    for (let i = 0; i < MAX_DEPTH + 10; i++) deep = el('div', {}, deep);
    const out = html(deep);
    expect(out).not.toContain('bottom');
    expect(out.match(/<div>/g)!.length).toBeLessThanOrEqual(MAX_DEPTH + 1);
  });
  it('gives videos controls and no autoplay', () => {
    expect(html(el('video', { src: '/upload/v.mp4', autoplay: '', muted: '' }))).toBe(
      '<div><video src="/upload/v.mp4" controls="" preload="metadata"></video></div>',
    );
  });
  it('tells HTML from plain text', () => {
    expect(looksLikeHtml('<p>x</p>')).toBe(true);
    expect(looksLikeHtml('a < b and c > d')).toBe(false);
    expect(looksLikeHtml('line one\nline two')).toBe(false);
  });
});

describe('safe addresses', () => {
  it('accepts http(s), site paths and relative names; mail for links only', () => {
    expect(safeUrl('https://a.b/c', 'link')).toBe('https://a.b/c');
    expect(safeUrl('/upload/x.png', 'media')).toBe('/upload/x.png');
    expect(safeUrl('x.png', 'media')).toBe('x.png');
    expect(safeUrl('mailto:a@b.c', 'link')).toBe('mailto:a@b.c');
    expect(safeUrl('mailto:a@b.c', 'media')).toBeNull();
  });
  it('refuses other schemes, protocol-relative and hidden control characters', () => {
    for (const bad of ['javascript:x', 'vbscript:x', 'data:text/html,x', '//evil.example/x', '\\\\evil', 'java\tscript:x', 'java\nscript:x', '']) {
      expect(safeUrl(bad, 'link')).toBeNull();
    }
  });
});
