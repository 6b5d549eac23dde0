/**
 * One CRUD call over the app's http client: the path from the entity's prefix and the action, the
 * payload as JSON for POST and as the query string for GET (some entities declare `list` or `info` GET).
 */
import { api, type RequestOptions } from '../api';
import type { CrudMethod } from './crud-calls';
import { toQuery } from './to-query';

export type { CrudMethod };

export function entityRequest<T>(prefix: string, action: string, method: CrudMethod, payload: object = {}, options: RequestOptions = {}): Promise<T> {
  const path = `${prefix}/${action}`;
  if (method === 'GET') return api.get<T>(path, { ...options, query: toQuery(payload as Record<string, unknown>) });
  return api.post<T>(path, payload, options);
}
