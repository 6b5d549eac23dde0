/**
 * The one place a provider's API key is read from its row: the row holds it as written (a hidden,
 * write-only column that no answer, page or /eps shows). When keys are sealed at rest, this is
 * where one is opened; every caller (the adapters, the key test) asks here.
 */
import type { Core, Row } from '../../../core/api';

export function providerKey(_core: Core, row: Row): string {
  return typeof row.apiKey === 'string' ? row.apiKey.trim() : '';
}
