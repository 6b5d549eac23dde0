/**
 * How the fake S3 server (fake-s3.ts) authenticates a request and reads its body, as S3 does:
 * AWS Signature Version 4 in the Authorization header or in the query (a presigned URL), recomputed
 * from the request as received (canonical request, string to sign, signing key derived from the
 * secret), then the payload checked against `x-amz-content-sha256`, aws-chunked bodies decoded and
 * `x-amz-checksum-*` values (header or trailer) and Content-MD5 verified.
 *
 * What @aws-sdk/client-s3 sends (checked against 3.117x): a Buffer body is signed with its SHA-256 in
 * hex; a stream of known length, with the SDK's default checksum setting, goes as `aws-chunked` with
 * `STREAMING-UNSIGNED-PAYLOAD-TRAILER` and an `x-amz-checksum-crc32` trailer; with `WHEN_REQUIRED`, as
 * `UNSIGNED-PAYLOAD`. The SDK never sends per-chunk signatures (`STREAMING-AWS4-HMAC-SHA256-PAYLOAD`),
 * so this fake answers those with 501 NotImplemented rather than guess.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { crc32 } from 'node:zlib';

/** An S3 error answer: HTTP status, S3's code, its message, and extra elements of the XML body. */
export class S3Error extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, string> = {},
  ) {
    super(message);
  }
}

export interface SigningIdentity {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
}

/** The parts of a request a signature covers, as they came over the wire. */
export interface WireRequest {
  method: string;
  /** The path before `?`, still percent-encoded. */
  rawPath: string;
  /** The text after `?`, still percent-encoded. */
  rawQuery: string;
  headers: IncomingHttpHeaders;
}

/** Who signed, and with what payload hash (undefined for an anonymous request). */
export interface Authenticated {
  payloadHash: string;
}

const ALGORITHM = 'AWS4-HMAC-SHA256';
/** S3 refuses a request signed more than 15 minutes away from its clock. */
const MAX_SKEW_MS = 15 * 60 * 1000;

export const sha256Hex = (data: string | Buffer): string => createHash('sha256').update(data).digest('hex');
const hmac = (key: Buffer | string, data: string): Buffer => createHmac('sha256', key).update(data, 'utf8').digest();

/** RFC 3986 encoding as SigV4 canonicalizes: unreserved characters kept, all else %XX upper case. */
export function uriEncode(s: string): string {
  return encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** Percent-decoding that refuses malformed input with S3's error instead of throwing a URIError. */
export function uriDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    throw new S3Error(400, 'InvalidURI', "Couldn't parse the specified URI.");
  }
}

/** The query's pairs, decoded (`+` is not a space in S3 queries). */
export function parseQuery(rawQuery: string): Array<[string, string]> {
  return rawQuery
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const i = pair.indexOf('=');
      return [uriDecode(i < 0 ? pair : pair.slice(0, i)), uriDecode(i < 0 ? '' : pair.slice(i + 1))];
    });
}

function canonicalRequest(req: WireRequest, signedHeaders: string[], payloadHash: string, dropQuery?: string): string {
  // S3 encodes each path segment once (no double encoding, no dot-segment normalization).
  const uri =
    req.rawPath
      .split('/')
      .map((seg) => uriEncode(uriDecode(seg)))
      .join('/') || '/';
  const query = parseQuery(req.rawQuery)
    .filter(([k]) => k !== dropQuery)
    .map(([k, v]) => [uriEncode(k), uriEncode(v)])
    .sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const headers = signedHeaders.map((h) => {
    const v = req.headers[h];
    const value = (Array.isArray(v) ? v.join(',') : (v ?? '')).trim().replace(/\s+/g, ' ');
    return `${h}:${value}\n`;
  });
  return [req.method, uri, query, headers.join(''), signedHeaders.join(';'), payloadHash].join('\n');
}

function parseAmzDate(value: string): number {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  if (!m) throw new S3Error(403, 'AccessDenied', 'AWS authentication requires a valid Date or x-amz-date header');
  return Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6]);
}

interface Claim {
  credential: string;
  signedHeaders: string[];
  signature: string;
  amzDate: string;
  payloadHash: string;
  /** The query parameter left out of the canonical query (the signature itself, when presigned). */
  dropQuery?: string;
  expiresSeconds?: number;
}

/** What the request claims: from the Authorization header, the presigned query, or null (anonymous). */
function readClaim(req: WireRequest): Claim | null {
  const auth = req.headers.authorization;
  if (auth) {
    if (!auth.startsWith(`${ALGORITHM} `)) throw new S3Error(400, 'InvalidArgument', 'Unsupported Authorization Type');
    const field = (name: string) => new RegExp(`${name}=([^,\\s]+)`).exec(auth)?.[1];
    const credential = field('Credential');
    const signed = field('SignedHeaders');
    const signature = field('Signature');
    if (!credential || !signed || !signature)
      throw new S3Error(400, 'AuthorizationHeaderMalformed', 'The authorization header is malformed; it needs Credential, SignedHeaders and Signature.');
    const payloadHash = req.headers['x-amz-content-sha256'];
    if (typeof payloadHash !== 'string') throw new S3Error(400, 'InvalidRequest', 'Missing required header for this request: x-amz-content-sha256');
    return { credential, signedHeaders: signed.split(';'), signature, amzDate: String(req.headers['x-amz-date'] ?? ''), payloadHash };
  }
  const q = new Map(parseQuery(req.rawQuery));
  if (!q.has('X-Amz-Algorithm')) return null;
  if (q.get('X-Amz-Algorithm') !== ALGORITHM) throw new S3Error(400, 'AuthorizationQueryParametersError', `X-Amz-Algorithm only supports "${ALGORITHM}"`);
  const need = ['X-Amz-Credential', 'X-Amz-Date', 'X-Amz-Expires', 'X-Amz-SignedHeaders', 'X-Amz-Signature'];
  const absent = need.filter((k) => !q.get(k));
  if (absent.length) throw new S3Error(400, 'AuthorizationQueryParametersError', `Query-string authentication requires ${absent.join(', ')}`);
  return {
    credential: q.get('X-Amz-Credential')!,
    signedHeaders: q.get('X-Amz-SignedHeaders')!.split(';'),
    signature: q.get('X-Amz-Signature')!,
    amzDate: q.get('X-Amz-Date')!,
    payloadHash: String(req.headers['x-amz-content-sha256'] ?? 'UNSIGNED-PAYLOAD'),
    dropQuery: 'X-Amz-Signature',
    expiresSeconds: Number(q.get('X-Amz-Expires')),
  };
}

/**
 * Checks the request's signature; answers null for an unsigned request (the caller decides whether
 * anonymous access is allowed) and throws the S3Error S3 would answer for a bad one.
 */
export function authenticate(req: WireRequest, id: SigningIdentity, now = Date.now()): Authenticated | null {
  const claim = readClaim(req);
  if (!claim) return null;
  const [keyId, day, region, service, terminal, ...rest] = claim.credential.split('/');
  if (rest.length || !terminal || service !== 's3' || terminal !== 'aws4_request') {
    throw new S3Error(400, 'AuthorizationHeaderMalformed', `The credential is malformed: ${claim.credential}`);
  }
  if (keyId !== id.accessKeyId)
    throw new S3Error(403, 'InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.', { AWSAccessKeyId: keyId });
  if (region !== id.region)
    throw new S3Error(400, 'AuthorizationHeaderMalformed', `The authorization header is malformed; the region '${region}' is wrong; expecting '${id.region}'`, {
      Region: id.region,
    });
  const signedAt = parseAmzDate(claim.amzDate);
  if (claim.amzDate.slice(0, 8) !== day)
    throw new S3Error(
      400,
      'AuthorizationHeaderMalformed',
      `Invalid credential date "${day}". This date is not the same as X-Amz-Date: "${claim.amzDate.slice(0, 8)}".`,
    );
  if (claim.expiresSeconds === undefined && Math.abs(now - signedAt) > MAX_SKEW_MS) {
    throw new S3Error(403, 'RequestTimeTooSkewed', 'The difference between the request time and the current time is too large.');
  }
  if (claim.expiresSeconds !== undefined && !(now <= signedAt + claim.expiresSeconds * 1000)) throw new S3Error(403, 'AccessDenied', 'Request has expired');
  if (!claim.signedHeaders.includes('host')) throw new S3Error(403, 'AccessDenied', 'The host header must be signed.');
  const unsigned = Object.keys(req.headers).filter((h) => h.startsWith('x-amz-') && !claim.signedHeaders.includes(h));
  if (unsigned.length)
    throw new S3Error(403, 'AccessDenied', 'There were headers present in the request which were not signed', { HeadersNotSigned: unsigned.join(', ') });

  const canonical = canonicalRequest(req, claim.signedHeaders, claim.payloadHash, claim.dropQuery);
  const scope = `${day}/${region}/s3/aws4_request`;
  const stringToSign = [ALGORITHM, claim.amzDate, scope, sha256Hex(canonical)].join('\n');
  const signingKey = ['s3', 'aws4_request'].reduce<Buffer>((k, part) => hmac(k, part), hmac(hmac(`AWS4${id.secretAccessKey}`, day), region));
  const expected = createHmac('sha256', signingKey).update(stringToSign, 'utf8').digest('hex');
  const given = Buffer.from(claim.signature);
  if (given.length !== expected.length || !timingSafeEqual(given, Buffer.from(expected))) {
    throw new S3Error(
      403,
      'SignatureDoesNotMatch',
      'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
      {
        AWSAccessKeyId: keyId,
        StringToSign: stringToSign,
        SignatureProvided: claim.signature,
        CanonicalRequest: canonical,
      },
    );
  }
  return { payloadHash: claim.payloadHash };
}

/** `x-amz-checksum-<algorithm>` values this fake can check (crc32c and crc64nvme are taken unchecked). */
const CHECKSUMS: Record<string, (b: Buffer) => string> = {
  crc32: (b) => {
    const out = Buffer.alloc(4);
    out.writeUInt32BE(crc32(b) >>> 0);
    return out.toString('base64');
  },
  sha1: (b) => createHash('sha1').update(b).digest('base64'),
  sha256: (b) => createHash('sha256').update(b).digest('base64'),
};

function checkDigests(body: Buffer, values: Record<string, string | string[] | undefined>): void {
  for (const [name, value] of Object.entries(values)) {
    const alg = /^x-amz-checksum-([a-z0-9]+)$/.exec(name)?.[1];
    const compute = alg ? CHECKSUMS[alg] : undefined;
    if (compute && value !== compute(body))
      throw new S3Error(400, 'BadDigest', `The ${alg!.toUpperCase()} you specified did not match the calculated checksum.`);
  }
  const md5 = values['content-md5'];
  if (typeof md5 === 'string' && md5 !== createHash('md5').update(body).digest('base64')) {
    throw new S3Error(400, 'BadDigest', 'The Content-MD5 you specified did not match what we received.');
  }
}

/** An `aws-chunked` body: `<hex size>[;ext]\r\n<bytes>\r\n` ... `0\r\n`, then trailer lines, then an empty line. */
function decodeAwsChunked(raw: Buffer): { body: Buffer; trailers: Record<string, string> } {
  const malformed = () => new S3Error(400, 'IncompleteBody', 'The aws-chunked body is malformed or cut short.');
  const parts: Buffer[] = [];
  let pos = 0;
  for (;;) {
    const eol = raw.indexOf('\r\n', pos);
    const sizeText = eol < 0 ? '' : raw.toString('latin1', pos, eol).split(';')[0];
    if (!/^[0-9a-f]+$/i.test(sizeText)) throw malformed();
    const size = parseInt(sizeText, 16);
    const start = eol + 2;
    if (size === 0) {
      pos = start;
      break;
    }
    if (start + size + 2 > raw.length || raw.toString('latin1', start + size, start + size + 2) !== '\r\n') throw malformed();
    parts.push(raw.subarray(start, start + size));
    pos = start + size + 2;
  }
  const trailers: Record<string, string> = {};
  for (;;) {
    const eol = raw.indexOf('\r\n', pos);
    if (eol < 0) {
      // The last CRLF may be missing after the final chunk when there are no trailers.
      if (pos >= raw.length) break;
      throw malformed();
    }
    const line = raw.toString('latin1', pos, eol);
    pos = eol + 2;
    if (line === '') break;
    const i = line.indexOf(':');
    if (i < 1) throw malformed();
    trailers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  return { body: Buffer.concat(parts), trailers };
}

/** The object bytes of an authenticated (or anonymous) request, every declared digest checked. */
export function readPayload(raw: Buffer, headers: IncomingHttpHeaders, auth: Authenticated | null): Buffer {
  const hash = auth?.payloadHash ?? 'UNSIGNED-PAYLOAD';
  let body = raw;
  let trailers: Record<string, string> = {};
  if (/^[0-9a-f]{64}$/.test(hash)) {
    if (sha256Hex(raw) !== hash)
      throw new S3Error(400, 'XAmzContentSHA256Mismatch', "The provided 'x-amz-content-sha256' header does not match what was computed.");
  } else if (hash === 'STREAMING-UNSIGNED-PAYLOAD-TRAILER') {
    ({ body, trailers } = decodeAwsChunked(raw));
    const declared = String(headers['x-amz-trailer'] ?? '')
      .split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean);
    const lost = declared.filter((t) => !(t in trailers));
    if (lost.length) throw new S3Error(400, 'MalformedTrailerError', `The request body lacks the trailer(s) it announced: ${lost.join(', ')}`);
    const decodedLength = headers['x-amz-decoded-content-length'];
    if (decodedLength !== undefined && Number(decodedLength) !== body.length)
      throw new S3Error(400, 'IncompleteBody', 'You did not provide the number of bytes specified by the x-amz-decoded-content-length header.');
  } else if (hash.startsWith('STREAMING-')) {
    throw new S3Error(
      501,
      'NotImplemented',
      `This fake does not implement the ${hash} payload (the AWS SDK for JavaScript sends STREAMING-UNSIGNED-PAYLOAD-TRAILER).`,
    );
  } else if (hash !== 'UNSIGNED-PAYLOAD') {
    throw new S3Error(400, 'InvalidArgument', `x-amz-content-sha256 must be UNSIGNED-PAYLOAD, a STREAMING- value or a SHA-256 in hex, not ${hash}`);
  }
  checkDigests(body, { ...headers, ...trailers });
  return body;
}
