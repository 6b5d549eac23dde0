/** Image captcha: an SVG picture whose answer waits in the cache store for five minutes, good once. */
import { randomBytes } from 'node:crypto';
import type { CacheStore } from '../cache/store';

const TTL = 300;
/**
 * Capitals and digits that no font confuses with another: no 0/O/Q/D, 1/I/L, 2/Z, 5/S, 6/G, 8/B,
 * U/V, J/I, and no W (too wide at this size). The answer is compared without case, so lower case
 * letters (l, o) never appear in the picture.
 */
export const CAPTCHA_CHARS = 'ACEFHKMNPRTXY3479';

export async function createCaptcha(cache: CacheStore, opts: { width?: number; height?: number }): Promise<{ captchaId: string; data: string }> {
  const width = Math.min(Math.max(Number(opts.width) || 150, 60), 400);
  const height = Math.min(Math.max(Number(opts.height) || 50, 30), 200);
  // Loaded on first use: it parses a font file when it loads.
  const { default: svgCaptcha } = await import('svg-captcha');
  // Glyphs nearly as tall as the picture and one thin noise line: legible, still not plain text.
  const fontSize = Math.round(Math.min(height * 1.3, width / 2.55));
  // Without `background` the library draws dark grey glyphs (its colours on white are pale); the
  // white ground is added here so the picture reads the same on a dark theme.
  const c = svgCaptcha.create({ size: 4, noise: 1, width, height, fontSize, charPreset: CAPTCHA_CHARS, color: false });
  const svg = c.data.replace(/^(<svg[^>]*>)/, '$1<rect width="100%" height="100%" fill="#ffffff"/>');
  const captchaId = randomBytes(12).toString('base64url');
  await cache.set(`captcha:${captchaId}`, c.text.toLowerCase(), TTL);
  return { captchaId, data: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

/** True when the answer matches; the captcha is spent either way. */
export async function checkCaptcha(cache: CacheStore, captchaId: unknown, answer: unknown): Promise<boolean> {
  if (typeof captchaId !== 'string' || typeof answer !== 'string' || !captchaId || !answer) return false;
  const expected = await cache.take(`captcha:${captchaId}`);
  return expected !== null && expected === answer.trim().toLowerCase();
}
