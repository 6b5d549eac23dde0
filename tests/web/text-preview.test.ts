import { describe, expect, it } from 'vitest';
import { PREVIEW_MAX_CHARS, isTextPreviewable, loadPreviewText } from '../../web/src/components/space/text-preview';

describe('text and code preview (000 §2, §8)', () => {
  it('offers the preview for text and code files only', () => {
    expect(isTextPreviewable('notes.TXT')).toBe(true);
    expect(isTextPreviewable('/upload/a/main.ts?x=1')).toBe(true);
    expect(isTextPreviewable('photo.png')).toBe(false);
    expect(isTextPreviewable('report.pdf')).toBe(false);
  });
  it('reads the text, cutting a long file, and rejects when the fetch fails (the dialog shows Load failed)', async () => {
    await expect(loadPreviewText('/a.txt', async () => ({ ok: true, text: async () => 'hello' }))).resolves.toEqual({ text: 'hello', cut: false });
    const long = await loadPreviewText('/b.log', async () => ({ ok: true, text: async () => 'x'.repeat(PREVIEW_MAX_CHARS + 5) }));
    expect(long.cut).toBe(true);
    expect(long.text).toHaveLength(PREVIEW_MAX_CHARS);
    await expect(loadPreviewText('/gone.txt', async () => ({ ok: false, text: async () => 'Not found' }))).rejects.toThrow();
    await expect(loadPreviewText('/down.txt', () => Promise.reject(new TypeError('network')))).rejects.toThrow();
  });
});
