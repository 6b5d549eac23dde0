/** Which space files open in the text/code preview dialog (000 §2), and how their text is read. */
import { extensionOf } from './file-kind';

const TEXT_EXTENSIONS = new Set([
  'txt',
  'md',
  'log',
  'csv',
  'json',
  'xml',
  'yml',
  'yaml',
  'ini',
  'conf',
  'env',
  'sql',
  'html',
  'htm',
  'css',
  'scss',
  'less',
  'js',
  'mjs',
  'cjs',
  'ts',
  'tsx',
  'jsx',
  'vue',
  'py',
  'java',
  'go',
  'rs',
  'rb',
  'php',
  'sh',
  'c',
  'h',
  'cpp',
  'cs',
  'kt',
  'swift',
]);

/** Shown whole up to this size; a longer file is cut (the dialog says so). */
export const PREVIEW_MAX_CHARS = 200_000;

export function isTextPreviewable(nameOrUrl: string): boolean {
  return TEXT_EXTENSIONS.has(extensionOf(nameOrUrl));
}

/** The file's text, cut to PREVIEW_MAX_CHARS; rejects when it cannot be fetched (the dialog shows 'Load failed', 000 §8). */
export async function loadPreviewText(
  url: string,
  fetchText: (url: string) => Promise<{ ok: boolean; text: () => Promise<string> }> = (u) => fetch(u, { credentials: 'omit' }),
): Promise<{ text: string; cut: boolean }> {
  const res = await fetchText(url);
  if (!res.ok) throw new Error(`preview of ${url} failed`);
  const text = await res.text();
  return text.length > PREVIEW_MAX_CHARS ? { text: text.slice(0, PREVIEW_MAX_CHARS), cut: true } : { text, cut: false };
}
