/**
 * HS256 JSON Web Tokens with node:crypto: small, constant-time checked, no per-call key parsing.
 *
 * Keys come from a key ring (signing-keys.ts): tokens are signed with its current key and name it
 * in the header (`kid`), and verified with the key they name, so a rotated-out key keeps its tokens
 * valid until they expire. A token without `kid` (issued before key ids, or by a plain secret) is
 * tried against every key of the ring. A token naming a key the ring does not know makes the ring
 * read its keys again once (another instance may have rotated) before it is refused.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export interface TokenClaims {
  /** User id. */
  uid: number;
  /** The user's passwordV when the token was issued; a bump invalidates the token. */
  pv: number;
  typ: 'access' | 'refresh';
  /** The session both tokens of a pair belong to; logout revokes it. */
  sid: string;
  iat: number;
  exp: number;
  jti: string;
}

export interface SigningKey {
  /** The key's id, written into the tokens it signs; null: the header carries none. */
  kid: string | null;
  key: Buffer;
}

export interface KeyRing {
  /** The key new tokens are signed with. */
  signing(): SigningKey;
  /** The keys a token may be signed with: the one named `kid`, or every key for a token without one. */
  candidates(kid: string | null): SigningKey[];
  /** Reads the keys again (a rotation made elsewhere); answers whether they changed. */
  refresh?(): Promise<boolean>;
  /** Grows whenever the keys change (what was verified before may no longer be). */
  readonly version?: number;
}

/** A ring of one plain secret, tokens without `kid` (tests, tools). */
export function plainRing(secret: string): KeyRing {
  const k: SigningKey = { kid: null, key: Buffer.from(secret, 'utf8') };
  return { signing: () => k, candidates: () => [k] };
}

const PLAIN_HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

function headerOf(kid: string | null): string {
  return kid === null ? PLAIN_HEADER : Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT', kid })).toString('base64url');
}

/** The `kid` of a header (null: none), or undefined for a header that is not ours. */
function kidOf(header: string): string | null | undefined {
  if (header === PLAIN_HEADER) return null;
  try {
    const h = JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as Record<string, unknown>;
    if (h.alg !== 'HS256' || h.typ !== 'JWT' || typeof h.kid !== 'string' || Object.keys(h).length !== 3) return undefined;
    return h.kid;
  } catch {
    return undefined;
  }
}

export class JwtCodec {
  private readonly ring: KeyRing;
  /** Headers seen, by text: their kid, so a repeat skips the parse. Only headers of known keys are kept. */
  private readonly kids = new Map<string, string | null>();

  constructor(secret: string | KeyRing) {
    this.ring = typeof secret === 'string' ? plainRing(secret) : secret;
  }

  /** The ring's version (see KeyRing.version). */
  get keysVersion(): number {
    return this.ring.version ?? 0;
  }

  private static mac(key: Buffer, data: string): Buffer {
    return createHmac('sha256', key).update(data).digest();
  }

  sign(claims: Omit<TokenClaims, 'iat' | 'exp' | 'jti'>, ttlSeconds: number, now = Date.now()): { token: string; exp: number } {
    const k = this.ring.signing();
    const iat = Math.floor(now / 1000);
    const full: TokenClaims = { ...claims, iat, exp: iat + ttlSeconds, jti: randomBytes(9).toString('base64url') };
    const body = `${headerOf(k.kid)}.${Buffer.from(JSON.stringify(full)).toString('base64url')}`;
    return { token: `${body}.${JwtCodec.mac(k.key, body).toString('base64url')}`, exp: full.exp };
  }

  private headerKid(header: string): string | null | undefined {
    if (this.kids.has(header)) return this.kids.get(header);
    return kidOf(header);
  }

  /** The claims of a well-signed, unexpired token of the given type, or null. */
  verify(token: string, typ: TokenClaims['typ'], now = Date.now()): TokenClaims | null {
    const parts = token.split('.');
    if (parts.length !== 3) return null;
    const kid = this.headerKid(parts[0]);
    if (kid === undefined) return null;
    const keys = this.ring.candidates(kid);
    const sig = Buffer.from(parts[2], 'base64url');
    const data = `${parts[0]}.${parts[1]}`;
    const signed = keys.some((k) => {
      const good = JwtCodec.mac(k.key, data);
      return sig.length === good.length && timingSafeEqual(sig, good);
    });
    if (!signed) return null;
    if (!this.kids.has(parts[0]) && this.kids.size < 100) this.kids.set(parts[0], kid);
    let c: TokenClaims;
    try {
      c = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8')) as TokenClaims;
    } catch {
      return null;
    }
    if (c.typ !== typ || typeof c.uid !== 'number' || typeof c.exp !== 'number') return null;
    if (c.exp * 1000 <= now) return null;
    return c;
  }

  /** verify(), reading the ring again first when the token names a key it does not hold. */
  async verifyFresh(token: string, typ: TokenClaims['typ']): Promise<TokenClaims | null> {
    const claims = this.verify(token, typ);
    if (claims || !this.ring.refresh) return claims;
    const kid = this.headerKid(token.split('.', 1)[0]);
    if (typeof kid !== 'string' || this.ring.candidates(kid).length > 0) return null;
    return (await this.ring.refresh()) ? this.verify(token, typ) : null;
  }
}
