/**
 * The limit of the search form built from /eps (000 §9: the search auto-builder makes at most 999
 * items): at most SEARCH_MAX_ITEMS search fields, and a dictionary or select field offers at most
 * SEARCH_MAX_ITEMS options, so a huge dictionary cannot stall the form.
 */
import type { EpsDictOption } from '../eps';

export const SEARCH_MAX_ITEMS = 999;

/** The names of the searchable fields, in the order shown, at most SEARCH_MAX_ITEMS. */
export function searchFieldNames(fieldEq: readonly string[], shown: readonly string[]): Set<string> {
  const eq = new Set(fieldEq);
  return new Set(shown.filter((n) => eq.has(n)).slice(0, SEARCH_MAX_ITEMS));
}

/** The options a search select offers, at most SEARCH_MAX_ITEMS. */
export function searchOptions(options: readonly EpsDictOption[]): Array<{ value: EpsDictOption['value']; label: string }> {
  return options.slice(0, SEARCH_MAX_ITEMS).map((o) => ({ value: o.value, label: o.label }));
}
