/**
 * A goods' `content` is HTML written by its seller (the console's rich-text field stores it as is).
 * It is never put into the page as HTML: the browser parses it into an inert document (DOMParser
 * runs no script and loads nothing), and this walk turns the parsed nodes into React elements,
 * keeping only the tags and attributes listed here. Script, style, frames, forms, SVG and the like
 * are dropped with their contents; other unknown tags give way to their children; event handlers,
 * `style` and `class` never pass; links and pictures keep http(s), mail and site-relative addresses
 * only; links open in a new tab without the opener.
 */
import { createElement, type ReactNode } from 'react';

/** The part of a DOM node the walk reads (a real DOM node has it; tests pass plain objects). */
export interface HtmlNode {
  nodeType: number;
  nodeName: string;
  nodeValue?: string | null;
  childNodes: ArrayLike<HtmlNode>;
  attributes?: ArrayLike<{ name: string; value: string }>;
}

const TEXT = 3;
const ELEMENT = 1;
/** Deeper nesting than this is cut off (a hostile text could nest far enough to exhaust the stack). */
export const MAX_DEPTH = 48;

/** Tags kept, with the attributes each may keep. */
const TAGS: Record<string, readonly string[]> = {
  p: [],
  br: [],
  hr: [],
  div: [],
  span: [],
  section: [],
  article: [],
  h1: [],
  h2: [],
  h3: [],
  h4: [],
  h5: [],
  h6: [],
  strong: [],
  b: [],
  em: [],
  i: [],
  u: [],
  s: [],
  del: [],
  ins: [],
  sub: [],
  sup: [],
  small: [],
  mark: [],
  code: [],
  pre: [],
  blockquote: [],
  kbd: [],
  ul: [],
  ol: ['start'],
  li: [],
  dl: [],
  dt: [],
  dd: [],
  a: ['href', 'title'],
  img: ['src', 'alt', 'title', 'width', 'height'],
  figure: [],
  figcaption: [],
  table: [],
  thead: [],
  tbody: [],
  tfoot: [],
  tr: [],
  caption: [],
  th: ['colspan', 'rowspan'],
  td: ['colspan', 'rowspan'],
  video: ['src', 'poster', 'width', 'height'],
  source: ['src', 'type'],
};

/** Tags dropped together with everything inside them. */
const DROP = new Set([
  'script',
  'style',
  'template',
  'noscript',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'svg',
  'math',
  'form',
  'input',
  'button',
  'textarea',
  'select',
  'option',
  'link',
  'meta',
  'base',
  'title',
  'head',
  'audio',
  'canvas',
  'portal',
]);

/** Elements that take no children in React. */
const VOID = new Set(['br', 'hr', 'img', 'source']);

/** React's names for the attributes kept. */
const REACT_NAME: Record<string, string> = { colspan: 'colSpan', rowspan: 'rowSpan' };

/**
 * An address that is safe to follow or load: http(s), `mailto:` (links only), or a path of this site;
 * null otherwise (`javascript:`, `data:`, `vbscript:`, protocol-relative `//host`, control characters).
 */
export function safeUrl(value: string, kind: 'link' | 'media'): string | null {
  const v = value.trim();
  // Browsers ignore tabs and new lines inside a scheme ("java\tscript:"); refuse any control character.
  if (!v || /[\u0000-\u001f\u007f]/.test(v)) return null;
  if (v.startsWith('//') || v.startsWith('\\')) return null;
  if (v.startsWith('/') || v.startsWith('#') || v.startsWith('?')) return v;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(v)?.[1]?.toLowerCase();
  if (!scheme) return /^[\w][\w./-]*$/.test(v) && !v.includes(':') ? v : null;
  if (scheme === 'http' || scheme === 'https') return v;
  if (scheme === 'mailto' && kind === 'link') return v;
  return null;
}

function attrsOf(tag: string, node: HtmlNode): Record<string, string | number | boolean> | null {
  const allowed = TAGS[tag];
  const out: Record<string, string | number | boolean> = {};
  const list = node.attributes ?? [];
  for (let i = 0; i < list.length; i++) {
    const { name: raw, value } = list[i];
    const name = raw.toLowerCase();
    if (!allowed.includes(name)) continue;
    if (name === 'href' || name === 'src' || name === 'poster') {
      const url = safeUrl(value, name === 'href' ? 'link' : 'media');
      if (url) out[name] = url;
    } else if (name === 'colspan' || name === 'rowspan' || name === 'start' || name === 'width' || name === 'height') {
      const n = Number.parseInt(value, 10);
      if (Number.isFinite(n) && n > 0 && n <= 10000) out[REACT_NAME[name] ?? name] = n;
    } else if (name === 'type') {
      if (/^[\w.+/-]{1,64}$/.test(value)) out.type = value;
    } else out[name] = value.slice(0, 500);
  }
  if (tag === 'a') {
    if (!out.href) return {};
    out.target = '_blank';
    out.rel = 'noopener noreferrer nofollow ugc';
  }
  if (tag === 'img') {
    if (!out.src) return null;
    out.loading = 'lazy';
    out.referrerPolicy = 'no-referrer';
  }
  if (tag === 'source' && !out.src) return null;
  if (tag === 'video') {
    out.controls = true;
    out.preload = 'metadata';
  }
  return out;
}

function children(node: HtmlNode, depth: number): ReactNode[] {
  const out: ReactNode[] = [];
  const list = node.childNodes;
  for (let i = 0; i < list.length; i++) {
    const c = convert(list[i], depth + 1);
    if (c === null) continue;
    if (Array.isArray(c)) out.push(...c);
    else out.push(c);
  }
  return out;
}

function convert(node: HtmlNode, depth: number): ReactNode | ReactNode[] | null {
  if (node.nodeType === TEXT) return node.nodeValue ?? '';
  if (node.nodeType !== ELEMENT || depth > MAX_DEPTH) return null;
  const tag = node.nodeName.toLowerCase();
  if (DROP.has(tag)) return null;
  if (!(tag in TAGS)) return children(node, depth);
  const attrs = attrsOf(tag, node);
  if (attrs === null) return null;
  // Children are passed as arguments, not as an array: React needs no keys for them.
  if (VOID.has(tag)) return createElement(tag, attrs);
  return createElement(tag, attrs, ...children(node, depth));
}

/** The kept content below `root` (a parsed document's body) as one React element: a `tag` holding it. */
export function htmlToReact(root: HtmlNode, tag = 'div', props: Record<string, unknown> = {}): ReactNode {
  return createElement(tag, props, ...children(root, 0));
}

/** Whether `text` looks like HTML (holds a tag); plain text is shown with its line breaks instead. */
export function looksLikeHtml(text: string): boolean {
  return /<\/?[a-z][\s\S]*?>/i.test(text);
}
