/**
 * The text of a knowledge file, as blocks for chunking.ts, read part by part so the indexing can
 * report its progress (a large PDF takes a while). Which reader a file gets is decided by its name's
 * extension, then its mime (`kindOf`):
 * - text (.txt, .text, .csv, .log; text/plain): one part; a block per paragraph (blank-line
 *   separated), place `¶ n`;
 * - markdown (.md, .markdown; text/markdown): a part per section (a `#` heading starts one), a
 *   block per paragraph, place `Heading · ¶ n` (n counts paragraphs from the file's start);
 * - pdf (unpdf, PDF.js): a part per page, the page one block, place `p. n`;
 * - docx (mammoth's HTML, its headings and paragraphs): as markdown, by headings and paragraphs;
 * anything else is `null` (the document is `unsupported`). The readers are loaded on first use.
 *
 * The text is data: nothing here (or later) acts on what it says.
 */
import type { TextBlock } from './chunking';

export type KnowledgeKind = 'text' | 'markdown' | 'pdf' | 'docx';

const BY_EXTENSION: Record<string, KnowledgeKind> = {
  txt: 'text',
  text: 'text',
  csv: 'text',
  log: 'text',
  md: 'markdown',
  markdown: 'markdown',
  pdf: 'pdf',
  docx: 'docx',
};

const BY_MIME: Array<[RegExp, KnowledgeKind]> = [
  [/^text\/markdown\b/i, 'markdown'],
  [/^text\/plain\b/i, 'text'],
  [/^application\/pdf\b/i, 'pdf'],
  [/^application\/vnd\.openxmlformats-officedocument\.wordprocessingml\.document\b/i, 'docx'],
];

/** The reader of a file by its name and mime, or null when none reads it. */
export function kindOf(name: string, mime: string): KnowledgeKind | null {
  const ext = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase();
  if (ext && BY_EXTENSION[ext]) return BY_EXTENSION[ext];
  return BY_MIME.find(([re]) => re.test(mime))?.[1] ?? null;
}

/** An opened file: how many parts it has and each part's blocks (parts are numbered from 1). */
export interface OpenedText {
  parts: number;
  part(n: number): Promise<TextBlock[]>;
  close(): Promise<void>;
}

const paragraphsOf = (text: string) =>
  text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);

/** A heading and the paragraphs under it. */
interface Section {
  heading: string;
  paragraphs: string[];
}

/** Blocks of sections: a part per section, paragraphs numbered through the file. */
function sectionBlocks(sections: Section[]): TextBlock[][] {
  let n = 0;
  return sections.map((s, i) =>
    s.paragraphs.map((text) => {
      n++;
      const heading = s.heading.replace(/\s+/g, ' ').slice(0, 80);
      return { part: i + 1, place: heading ? `${heading} · ¶ ${n}` : `¶ ${n}`, text };
    }),
  );
}

/** Sections of Markdown: a line starting with 1-6 `#` begins one (its text the heading, kept as a paragraph too). */
export function markdownSections(text: string): Section[] {
  const sections: Section[] = [{ heading: '', paragraphs: [] }];
  let lines: string[] = [];
  const close = () => {
    sections[sections.length - 1]!.paragraphs.push(...paragraphsOf(lines.join('\n')));
    lines = [];
  };
  let fence = false;
  for (const line of text.replace(/\r\n?/g, '\n').split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fence = !fence;
    const h = fence ? null : /^\s{0,3}#{1,6}\s+(.+?)\s*#*\s*$/.exec(line);
    if (h) {
      close();
      sections.push({ heading: h[1]!, paragraphs: [h[1]!] });
    } else lines.push(line);
  }
  close();
  return sections.filter((s) => s.paragraphs.length);
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'", nbsp: ' ' };
const decode = (s: string) =>
  s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+|#39);/gi, (all, e: string) => {
    if (ENTITIES[e]) return ENTITIES[e]!;
    if (/^#x/i.test(e)) return String.fromCodePoint(parseInt(e.slice(2), 16));
    if (/^#\d/.test(e)) return String.fromCodePoint(Number(e.slice(1)));
    return all;
  });

/** Sections of mammoth's HTML: each `h1`-`h6` begins one; `p`, `li`, table cells and the headings are paragraphs. */
export function htmlSections(html: string): Section[] {
  const sections: Section[] = [{ heading: '', paragraphs: [] }];
  for (const m of html.matchAll(/<(h[1-6]|p|li|td|th)\b[^>]*>([\s\S]*?)<\/\1>/gi)) {
    const text = decode(m[2]!.replace(/<br\s*\/?>/gi, '\n').replace(/<[^>]+>/g, '')).trim();
    if (!text) continue;
    if (/^h/i.test(m[1]!)) sections.push({ heading: text, paragraphs: [text] });
    else sections[sections.length - 1]!.paragraphs.push(text);
  }
  return sections.filter((s) => s.paragraphs.length);
}

function fromSections(sections: Section[]): OpenedText {
  const parts = sectionBlocks(sections);
  return { parts: parts.length, part: async (n) => parts[n - 1] ?? [], close: async () => undefined };
}

/** The PDF's text, a page at a time. */
async function openPdf(bytes: Buffer): Promise<OpenedText> {
  const { getDocumentProxy } = await import('unpdf');
  const doc = await getDocumentProxy(new Uint8Array(bytes));
  return {
    parts: doc.numPages,
    async part(n) {
      const page = await doc.getPage(n);
      const content = await page.getTextContent();
      const text = content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : '')).join('');
      page.cleanup();
      return [{ part: n, place: `p. ${n}`, text }];
    },
    close: () => doc.loadingTask.destroy(),
  };
}

/**
 * Opens the file's bytes with the reader of `kind`; throws when the file cannot be read (a broken
 * PDF or zip): the indexing records it as failed.
 */
export async function openText(kind: KnowledgeKind, bytes: Buffer): Promise<OpenedText> {
  if (kind === 'pdf') return openPdf(bytes);
  if (kind === 'docx') {
    const mammoth = (await import('mammoth')).default;
    const { value } = await mammoth.convertToHtml({ buffer: bytes });
    return fromSections(htmlSections(value));
  }
  const text = new TextDecoder('utf-8').decode(bytes).replace(/^\ufeff/, '');
  if (kind === 'markdown') return fromSections(markdownSections(text));
  return fromSections([{ heading: '', paragraphs: paragraphsOf(text) }]);
}
