/**
 * The /my/info picture field takes what its own upload button fills in (issue 35's journeys walk:
 * Hal uploaded a picture and the form refused its `/upload/…` address as "not a valid http(s)
 * address", so he could not save), besides http(s) addresses.
 */
import { describe, expect, it } from 'vitest';
import { isPictureAddress } from '../../web/src/pages/auth/rules';

describe('a picture address', () => {
  it('may be the site path an upload answers, or an http(s) address, or empty', () => {
    for (const v of ['/upload/app/base/20261206/c3fa.png', 'https://cdn.example.com/a.png', 'http://127.0.0.1:8001/x.jpg', '', undefined, null]) {
      expect(isPictureAddress(v), String(v)).toBe(true);
    }
  });

  it('is not another scheme, another host without a scheme, or text with spaces', () => {
    for (const v of [
      'javascript:alert(1)',
      'data:image/png;base64,AAAA',
      '//evil.example/a.png',
      '/\\evil.example',
      'ftp://x.example/a.png',
      'not a url',
      'https://',
      42,
    ]) {
      expect(isPictureAddress(v), String(v)).toBe(false);
    }
  });
});
