/**
 * The private side of an upload (`base/comm/upload`): the form fields `private` ("1"/"true") and
 * `scope`/`scopeId` (who else may fetch the files, file-access.ts) make the files private. They must
 * come before the files, since they decide the key: `app/private/{yyyymmdd}/{32 hex}.{ext}`, which no
 * public route serves. A scope implies private. The row's url is the placeholder `private:<key>`:
 * stable, not secret, and not fetchable; space/info/fileUrl answers a short-lived one.
 */
import { KEY_PREFIX, PRIVATE_PREFIX, type StorageAdapter } from '../../adapters/storage.adapter';
import { fail } from '../../core/api';
import type { AuthUser, Core, InvalidField } from '../../core/api';
import { fileScopes, shareRefusal } from './file-access';
import { PRIVATE_FILES } from './private-files.messages';
import type { KeyPlacement } from './upload.service';

/** What an upload's rows say of their privacy (nothing for a public upload). */
export type Privacy = { isPrivate: true; scope: string | null; scopeId: number | null } | Record<string, never>;

const YES = ['1', 'true'];
const NO = ['', '0', 'false'];

const wantsPrivate = (fields: Record<string, string>): boolean => YES.includes(fields.private ?? '') || !!fields.scope;

/** Private files under app/private, public ones under the spec's prefix. */
export const UPLOAD_PLACEMENT: KeyPlacement = {
  fields: ['private', 'scope', 'scopeId'],
  prefix: (fields) => (wantsPrivate(fields) ? PRIVATE_PREFIX : KEY_PREFIX),
};

/** The url a private file's row holds: a name for it, never an address that serves it. */
export function privateUrl(key: string): string {
  return `private:${key}`;
}

/** The fields' privacy, checked: 1002 for a bad value or an unknown scope. */
function readPrivacy(fields: Record<string, string>): Privacy {
  const errors: InvalidField[] = [];
  const flag = fields.private ?? '';
  if (![...YES, ...NO].includes(flag)) errors.push({ field: 'private', rule: 'enum', params: { values: [...YES, ...NO.slice(1)].join(', ') } });
  const scope = fields.scope || null;
  const scopeId = fields.scopeId ? Number(fields.scopeId) : null;
  if (scope !== null && !fileScopes().includes(scope)) errors.push({ field: 'scope', rule: 'enum', params: { values: fileScopes().join(', ') } });
  if (scope !== null && scopeId === null) errors.push({ field: 'scopeId', rule: 'required', params: {} });
  if (scopeId !== null && !(Number.isSafeInteger(scopeId) && scopeId > 0 && /^\d+$/.test(fields.scopeId)))
    errors.push({ field: 'scopeId', rule: 'type', params: { type: 'integer' } });
  if (scope === null && fields.scopeId) errors.push({ field: 'scope', rule: 'required', params: {} });
  if (errors.length) throw fail.invalid(errors);
  return wantsPrivate(fields) ? { isPrivate: true, scope, scopeId } : {};
}

/**
 * What the upload's rows say of their privacy: 1002 for a bad field or an unknown scope, 403 when
 * the uploader may not share with the scope (its share rule: by default, holding its grant; an
 * administrator always may), 1001 when the store cannot sign urls.
 */
export async function privacyOf(core: Core, user: AuthUser, storage: StorageAdapter, fields: Record<string, string>): Promise<Privacy> {
  const privacy = readPrivacy(fields);
  if (!('isPrivate' in privacy)) return privacy;
  if (typeof storage.signedUrl !== 'function') throw fail.bad(PRIVATE_FILES.private_unsupported);
  const { scope, scopeId } = privacy;
  const refused = scope !== null && scopeId !== null && !user.isAdmin ? await shareRefusal(core, user, scope, scopeId) : null;
  if (refused) throw fail.forbidden(refused);
  return privacy;
}
