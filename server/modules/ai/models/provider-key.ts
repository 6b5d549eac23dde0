/**
 * The one place a provider's API key is read from its row: the column holds it sealed (a sealed
 * field, docs/decisions/sealed-secrets.md) and no answer, page or /eps shows it; here it is opened.
 * Every caller (the adapters, the key test) asks here, reading the row with `apiKey` named in its fields.
 */
import { openSecret, type Core, type Row } from '../../../core/api';

export function providerKey(core: Core, row: Row): string {
  return typeof row.apiKey === 'string' && row.apiKey !== '' ? openSecret(core, row.apiKey).trim() : '';
}
