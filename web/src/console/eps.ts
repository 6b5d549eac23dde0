/**
 * The /eps metadata the console renders its screens from, loaded once per language and token.
 * `useEps()` gives every entity the caller may use, keyed `module/name` (e.g. `base/sys/user`).
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import { api } from '../app/api';
import { calls, callsFor, type CrudAction, type CrudCalls, type CrudMethod } from '../app/data';
import { currentLang, type Lang } from '../i18n';
import { notify } from '../app/notify';
import { i18n } from '../i18n';
import type { EpsApi } from '../generated/shared';

export type { EpsApi };

export interface EpsDictOption {
  value: string | number;
  label: string;
  labels?: Record<Lang, string>;
}

export interface EpsColumn {
  propertyName: string;
  type: 'string' | 'text' | 'int' | 'bigint' | 'decimal' | 'float' | 'boolean' | 'datetime' | 'date' | 'json' | string;
  length?: number;
  nullable?: boolean;
  defaultValue: unknown;
  comment: string;
  label: Record<Lang, string>;
  dict?: EpsDictOption[] | string | null;
  required?: boolean;
  readOnly?: boolean;
  writeOnly?: boolean;
  /** A secret stored sealed: never answered; rows carry `<name>Set` instead. */
  sealed?: boolean;
  virtual?: boolean;
  unique?: boolean;
}

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  maxLength?: number;
  minLength?: number;
  enum?: unknown[];
  format?: string;
  items?: JsonSchema;
  [k: string]: unknown;
}

export interface EpsEntry {
  module: string;
  name: string;
  prefix: string;
  label: string;
  labels: Record<Lang, string> | null;
  api: EpsApi[];
  columns: EpsColumn[];
  search: { keyWordLikeFields: string[]; fieldEq: string[] };
  order: { field: string; sort: 'asc' | 'desc' } | null;
  softDelete: string | null;
  owner: string | null;
  schema: { row?: JsonSchema; add?: JsonSchema; update?: JsonSchema; [k: string]: JsonSchema | undefined } | null;
}

export type EpsMap = Record<string, EpsEntry>;

let cache: { key: string; promise: Promise<EpsMap> } | null = null;

/**
 * Bumped when a forced reload lands (the code helper changed an entity): screens mounted now,
 * such as a kept-alive generic screen, render from the new metadata without a page reload.
 */
let reloads = 0;
const reloadListeners = new Set<() => void>();

function subscribeReloads(fn: () => void): () => void {
  reloadListeners.add(fn);
  return () => void reloadListeners.delete(fn);
}

export function loadEps(force = false): Promise<EpsMap> {
  const key = `${currentLang()}|${api.session.getToken() ?? ''}`;
  if (!cache || cache.key !== key || force) {
    const promise = (calls.base.open.eps({}, { silent: true }) as Promise<Record<string, EpsEntry[]>>)
      .then((byModule) => {
        const out: EpsMap = {};
        for (const list of Object.values(byModule)) for (const e of list) out[`${e.module}/${e.name}`] = e;
        if (force) {
          reloads += 1;
          for (const l of reloadListeners) l();
        }
        return out;
      })
      .catch((e: unknown) => {
        cache = null;
        notify('error', i18n.t('common.epsError'));
        throw e;
      });
    cache = { key, promise };
  }
  return cache.promise;
}

/** The method /eps gives an action of the entity (some entities declare `list` or `info` GET, others `info` POST). */
function methodOf(entry: EpsEntry, action: string): CrudMethod {
  return entry.api.find((a) => a.path === `/${action}`)?.method.toUpperCase() === 'GET' ? 'GET' : 'POST';
}

type Loose = Record<string, unknown>;

/** The data layer's CRUD calls for an entity known only from /eps (the generic screens). */
export function epsData(entry: EpsEntry): CrudCalls<Loose, Loose, Loose, Loose> {
  return callsFor(entry.prefix, (action: CrudAction) => methodOf(entry, action));
}

/** `has(entry, 'add')`: the caller may use the entity's action. */
export function hasAction(entry: EpsEntry, action: string): boolean {
  return entry.api.some((a) => a.path === `/${action}`);
}

export function useEps(): { eps: EpsMap | null; error: boolean } {
  const [eps, setEps] = useState<EpsMap | null>(null);
  const [error, setError] = useState(false);
  const lang = currentLang();
  const reloaded = useSyncExternalStore(subscribeReloads, () => reloads);
  useEffect(() => {
    let live = true;
    loadEps().then(
      (m) => live && setEps(m),
      () => live && setError(true),
    );
    return () => {
      live = false;
    };
  }, [lang, reloaded]);
  return { eps, error };
}
