/**
 * The Content-Disposition header naming a file (server/core/http/content-disposition.ts), which the
 * local file routes send and the S3 plugin signs into a private file's url: a safe ASCII fallback,
 * the exact name in `filename*` when it differs, and nothing in a name that can break the header.
 */
import { describe, expect, it } from 'vitest';
import { contentDisposition } from '../../server/core/api';

/** The `filename*` value decoded back, as a browser reads it. */
function exactName(header: string): string | null {
  const m = /; filename\*=UTF-8''([^;]*)$/.exec(header);
  return m ? decodeURIComponent(m[1]) : null;
}

describe('contentDisposition', () => {
  it('names a plain ASCII file with filename alone, as an attachment unless inline is asked for', () => {
    expect(contentDisposition('Guide.pdf')).toBe('attachment; filename="Guide.pdf"');
    expect(contentDisposition('0123abcd.png', 'inline')).toBe('inline; filename="0123abcd.png"');
  });

  it('keeps a Chinese name exact in filename* beside an ASCII fallback', () => {
    const header = contentDisposition('季度报告 2026.pdf');
    expect(header).toBe(`attachment; filename="____ 2026.pdf"; filename*=UTF-8''%E5%AD%A3%E5%BA%A6%E6%8A%A5%E5%91%8A%202026.pdf`);
    expect(exactName(header)).toBe('季度报告 2026.pdf');
  });

  it('makes quotes and backslashes safe in the fallback, and encodes what RFC 5987 does not allow bare', () => {
    const header = contentDisposition(`say "hi" \\ it's (1)*.txt`);
    expect(header).toBe(`attachment; filename="say _hi_ _ it's (1)*.txt"; filename*=UTF-8''say%20%22hi%22%20%5C%20it%27s%20%281%29%2A.txt`);
    expect(exactName(header)).toBe(`say "hi" \\ it's (1)*.txt`);
  });

  it('lets no slash, CR, LF or other control character through to the header', () => {
    const name = '../../etc/passwd\r\nSet-Cookie: sid=x; filename="evil.exe"\u0000.txt';
    const header = contentDisposition(name);
    expect(header).not.toMatch(/[\x00-\x1f\x7f]/);
    expect(header).toBe(
      `attachment; filename=".._.._etc_passwd__Set-Cookie: sid=x; filename=_evil.exe__.txt"; filename*=UTF-8''${encodeURIComponent(name).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`,
    );
    // The quoted fallback holds no quote, so the `;` inside it starts no parameter.
    expect(header.match(/"/g)).toHaveLength(2);
    expect(exactName(header)).toBe(name);
  });
});
