/** Image captcha: an SVG picture whose answer waits in the cache store for five minutes, good once. */
import { randomBytes } from 'node:crypto';
import type { CacheStore } from '../cache/store';

const TTL = 300;

export async function createCaptcha(cache: CacheStore, opts: { width?: number; height?: number }): Promise<{ captchaId: string; data: string }> {
  const width = Math.min(Math.max(Number(opts.width) || 150, 60), 400);
  const height = Math.min(Math.max(Number(opts.height) || 50, 30), 200);
  // Loaded on first use: it parses a font file when it loads.
  const { default: svgCaptcha } = await import('svg-captcha');
  const c = svgCaptcha.create({ size: 4, noise: 2, width, height, ignoreChars: '0oO1ilI', color: true, background: '#ffffff' });
  const captchaId = randomBytes(12).toString('base64url');
  await cache.set(`captcha:${captchaId}`, c.text.toLowerCase(), TTL);
  return { captchaId, data: `data:image/svg+xml;base64,${Buffer.from(c.data).toString('base64')}` };
}

/** True when the answer matches; the captcha is spent either way. */
export async function checkCaptcha(cache: CacheStore, captchaId: unknown, answer: unknown): Promise<boolean> {
  if (typeof captchaId !== 'string' || typeof answer !== 'string' || !captchaId || !answer) return false;
  const expected = await cache.take(`captcha:${captchaId}`);
  return expected !== null && expected === answer.trim().toLowerCase();
}
