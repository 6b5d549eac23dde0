/**
 * The API paths the web reaches without a typed call (`calls`, `data(key)`): answers that are not a
 * JSON envelope, or requests the http client makes by itself. Only the data layer and the http client
 * (web/src/lib/http.ts, the bottom layer, which holds its own refresh path) hold API paths (scripts/lint-web-calls.mjs); screens import these.
 */

/** The refresh-token call the http client sends by itself when the access token ran out. */
export { REFRESH_PATH } from '../../lib/http';

/** Multipart upload of one file, sent by XMLHttpRequest for its progress events (components/space/upload.ts). */
export const UPLOAD_URL = '/api/admin/base/comm/upload';

/** A parameter's text opened as a page (an HTML answer, not JSON): `/api/admin/base/open/html?key=<keyName>`. */
export const openHtmlUrl = (keyName: string): string => `/api/admin/base/open/html?key=${encodeURIComponent(keyName)}`;
