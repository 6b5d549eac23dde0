/**
 * Reads a JSON request body with a size limit; malformed, oversized or too deeply nested bodies
 * become clear 4xx errors.
 */
import type { Context } from 'koa';
import { AppError, fail } from './errors';
import { assertBodyDepth } from './json-depth';

export const DEFAULT_BODY_LIMIT = 2 * 1024 * 1024;

export async function readJsonBody(ctx: Context, limit = DEFAULT_BODY_LIMIT): Promise<unknown> {
  const declared = Number(ctx.get('content-length') || 0);
  if (declared > limit) {
    ctx.req.resume();
    throw new AppError('too_large', 'body_too_large');
  }
  const chunks: Buffer[] = [];
  let size = 0;
  await new Promise<void>((resolve, reject) => {
    const req = ctx.req;
    const onData = (c: Buffer) => {
      size += c.length;
      if (size > limit) {
        req.off('data', onData);
        req.resume();
        reject(new AppError('too_large', 'body_too_large'));
        return;
      }
      chunks.push(c);
    };
    req.on('data', onData);
    req.once('end', () => resolve());
    req.once('error', reject);
  });
  if (size === 0) return undefined;
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text.trim()) return undefined;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw fail.bad('body_malformed');
  }
  assertBodyDepth(body);
  return body;
}

/** The parsed body as an object, or a 400 `body_not_object`. With `orEmpty`, no body at all reads as `{}`. */
export function objectBody(body: unknown, orEmpty = false): Record<string, unknown> {
  const b = body === undefined && orEmpty ? {} : body;
  if (typeof b !== 'object' || b === null || Array.isArray(b)) throw fail.bad('body_not_object');
  return b as Record<string, unknown>;
}
