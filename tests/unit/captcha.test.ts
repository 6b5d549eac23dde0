import { describe, expect, it } from 'vitest';
import { MemoryStore } from '../../server/core/cache/store';
import { CAPTCHA_CHARS, checkCaptcha, createCaptcha } from '../../server/core/auth/captcha';

const svgOf = (data: string) => Buffer.from(data.replace(/^data:image\/svg\+xml;base64,/, ''), 'base64').toString('utf8');

describe('the image captcha', () => {
  it('draws only characters no font confuses, and keeps the answer in the cache', async () => {
    const cache = new MemoryStore();
    const seen = new Set<string>();
    for (let i = 0; i < 40; i++) {
      const { captchaId, data } = await createCaptcha(cache, {});
      expect(data.startsWith('data:image/svg+xml;base64,')).toBe(true);
      const answer = (await cache.get(`captcha:${captchaId}`)) as string;
      expect(answer).toMatch(/^[a-z0-9]{4}$/);
      for (const ch of answer) seen.add(ch);
    }
    for (const ch of seen) expect(CAPTCHA_CHARS.toLowerCase()).toContain(ch);
    for (const ambiguous of ['0', 'o', '1', 'l', 'i', '2', 'z', '5', 's', '8', 'b']) expect(seen.has(ambiguous)).toBe(false);
  });

  it('draws dark glyphs well over half the picture tall on white, with one noise line', async () => {
    const cache = new MemoryStore();
    for (let i = 0; i < 10; i++) {
      const { data } = await createCaptcha(cache, { width: 150, height: 50 });
      const svg = svgOf(data);
      expect(svg).toContain('<rect width="100%" height="100%" fill="#ffffff"/>');
      expect(svg.match(/fill="none"/g)?.length ?? 0).toBe(1);
      const glyphs = [...svg.matchAll(/<path fill="#([0-9a-f]{3,6})" d="([^"]+)"/g)];
      expect(glyphs).toHaveLength(4);
      for (const [, colour, d] of glyphs) {
        expect(parseInt(colour[0], 16)).toBeLessThan(6);
        const ys = [...d.matchAll(/[\d.]+ ([\d.]+)/g)].map((m) => Number(m[1]));
        expect(Math.max(...ys) - Math.min(...ys)).toBeGreaterThanOrEqual(0.55 * 50);
      }
    }
  });

  it('accepts the answer once, in any case', async () => {
    const cache = new MemoryStore();
    const { captchaId } = await createCaptcha(cache, {});
    const answer = (await cache.get(`captcha:${captchaId}`)) as string;
    expect(await checkCaptcha(cache, captchaId, ` ${answer.toUpperCase()} `)).toBe(true);
    expect(await checkCaptcha(cache, captchaId, answer)).toBe(false);
  });
});
