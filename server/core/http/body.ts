/**
 * Reads a JSON request body with a size limit; malformed, oversized or too deeply nested bodies
 * become clear 4xx errors.
 */
import type { Context } from 'koa';
import { AppError, fail } from '../errors';
import { assertBodyDepth } from './json-depth';

export const DEFAULT_BODY_LIMIT = 2 * 1024 * 1024;

/**
 * The request body exactly as sent, at most `limit` bytes (413 beyond, the rest drained): for callers
 * that verify a signature over the bytes (payment webhooks) or parse another format.
 */
export async function readRawBody(ctx: Context, limit = DEFAULT_BODY_LIMIT): Promise<Buffer> {
  if (Number(ctx.get('content-length') || 0) > limit) {
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
  return Buffer.concat(chunks);
}

export async function readJsonBody(ctx: Context, limit = DEFAULT_BODY_LIMIT): Promise<unknown> {
  const raw = await readRawBody(ctx, limit);
  if (raw.length === 0) return undefined;
  const text = raw.toString('utf8');
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
