/**
 * Options of dictionary-typed fields (a column whose `dict` is a dictionary type key), loaded with
 * one dict/info/data call per screen and language. A type with no entries gives an empty list.
 */
import { useEffect, useState } from 'react';
import { calls } from '../../app/data';
import { currentLang } from '../../i18n';
import type { EpsDictOption } from '../eps';
import { flattenOptions } from './values';

export type DictOptions = Record<string, EpsDictOption[]>;

const cache = new Map<string, Promise<DictOptions>>();

export function loadDicts(keys: string[]): Promise<DictOptions> {
  const id = `${currentLang()}|${[...keys].sort().join(',')}`;
  let p = cache.get(id);
  if (!p) {
    p = (calls.dict.info.data({ types: keys }, { silent: true }) as Promise<Record<string, Array<EpsDictOption & { children?: unknown }>>>)
      .then((data) => {
        const out: DictOptions = {};
        for (const k of keys) out[k] = flattenOptions(data?.[k] ?? []);
        return out;
      })
      .catch(() => {
        cache.delete(id);
        return Object.fromEntries(keys.map((k) => [k, []])) as DictOptions;
      });
    cache.set(id, p);
  }
  return p;
}

export function useDicts(keys: string[]): DictOptions {
  const [opts, setOpts] = useState<DictOptions>({});
  const id = keys.join(',');
  useEffect(() => {
    if (!keys.length) return;
    let live = true;
    void loadDicts(keys).then((o) => live && setOpts(o));
    return () => {
      live = false;
    };
    // keys is derived from the eps entry: its joined text is the dependency.
  }, [id, currentLang()]);
  return opts;
}
