/**
 * The `Content-Disposition` header of a file answer (RFC 6266), one rule for every store: the local
 * file routes set it themselves, the S3 plugin signs it into a presigned url (it gets this function
 * from its host, a package never requiring the product's files).
 */

/**
 * The header value naming a file `name`: `filename="..."`, an ASCII fallback where anything outside
 * printable ASCII (control characters, CR and LF included), quotes, backslashes and slashes become
 * `_`; and, when that fallback is not the name itself, the exact name as `filename*=UTF-8''...`
 * (RFC 5987, percent-encoded), which browsers prefer. Nothing in `name` can end the header or add a
 * parameter.
 *
 * @example
 * ```ts
 * contentDisposition('Guide.pdf'); // attachment; filename="Guide.pdf"
 * contentDisposition('提示.pdf'); // attachment; filename="__.pdf"; filename*=UTF-8''%E6%8F%90%E7%A4%BA.pdf
 * contentDisposition(file, 'inline'); // inline; filename="..."
 * ```
 */
export function contentDisposition(name: string, type: 'attachment' | 'inline' = 'attachment'): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\/]/g, '_');
  const exact = ascii === name ? '' : `; filename*=UTF-8''${rfc5987(name)}`;
  return `${type}; filename="${ascii}"${exact}`;
}

/** Percent-encodes all but RFC 5987's attr-chars that encodeURIComponent also keeps (it keeps `'()*` too). */
function rfc5987(s: string): string {
  return encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}
