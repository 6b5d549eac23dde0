/** HS256 JSON Web Tokens with node:crypto: small, constant-time checked, no per-call key parsing. */
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

const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

export class JwtCodec {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = Buffer.from(secret, 'utf8');
  }

  private mac(data: string): Buffer {
    return createHmac('sha256', this.key).update(data).digest();
  }

  sign(claims: Omit<TokenClaims, 'iat' | 'exp' | 'jti'>, ttlSeconds: number, now = Date.now()): { token: string; exp: number } {
    const iat = Math.floor(now / 1000);
    const full: TokenClaims = { ...claims, iat, exp: iat + ttlSeconds, jti: randomBytes(9).toString('base64url') };
    const body = `${HEADER}.${Buffer.from(JSON.stringify(full)).toString('base64url')}`;
    return { token: `${body}.${this.mac(body).toString('base64url')}`, exp: full.exp };
  }

  /** The claims of a well-signed, unexpired token of the given type, or null. */
  verify(token: string, typ: TokenClaims['typ'], now = Date.now()): TokenClaims | null {
    const parts = token.split('.');
    if (parts.length !== 3 || parts[0] !== HEADER) return null;
    const sig = Buffer.from(parts[2], 'base64url');
    const good = this.mac(`${parts[0]}.${parts[1]}`);
    if (sig.length !== good.length || !timingSafeEqual(sig, good)) return null;
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
}
