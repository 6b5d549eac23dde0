/** sealSecret and openSecret: a core's sealer, as modules and entity hooks reach it (api/auth.ts). */
import type { Core } from '../core';

/**
 * `plain` sealed with the installation's secrets key (SECRETS_KEY, else the data folder's
 * secrets.key): `sealed:v1:<iv>.<tag>.<ciphertext>`, AES-256-GCM, a new IV each time.
 */
export function sealSecret(core: Pick<Core, 'ops'>, plain: string): string {
  return core.ops.sealer.seal(plain);
}

/**
 * The plain text of a value `sealSecret` (or a sealed field) stored; a value without the
 * `sealed:v1:` prefix (written before sealing) as it is. A value sealed with another key is a 503
 * (`secret_unreadable`), never the cipher's error.
 */
export function openSecret(core: Pick<Core, 'ops'>, sealed: string): string {
  return core.ops.sealer.open(sealed);
}
