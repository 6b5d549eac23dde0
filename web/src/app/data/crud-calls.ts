/** The six CRUD calls of one entity prefix, whatever tells the methods (the generated map or /eps). */
import type { RequestOptions } from '../../lib/http';
import type { CrudAction, PageResult } from './types';

export type CrudMethod = 'GET' | 'POST';

/** Sends one call: `entityRequest` in the app, a fake in tests. */
export type Send = <T>(prefix: string, action: string, method: CrudMethod, payload: object, options?: RequestOptions) => Promise<T>;

export interface CrudCalls<R, Q extends object, A, U> {
  page(query?: Q & { page?: number; size?: number }, options?: RequestOptions): Promise<PageResult<R>>;
  list(query?: Q, options?: RequestOptions): Promise<R[]>;
  info(id: number | string, options?: RequestOptions): Promise<R>;
  /** One row gives `{id}`; an array of rows gives their ids. */
  add(body: A | A[], options?: RequestOptions): Promise<{ id?: number } | number[] | null>;
  update(body: U, options?: RequestOptions): Promise<unknown>;
  delete(ids: ReadonlyArray<number | string>, options?: RequestOptions): Promise<unknown>;
}

export function crudCalls<R, Q extends object, A, U>(prefix: string, methodOf: (action: CrudAction) => CrudMethod, send: Send): CrudCalls<R, Q, A, U> {
  const call = <T>(action: CrudAction, payload: object, options?: RequestOptions) => send<T>(prefix, action, methodOf(action), payload, options);
  return {
    page: (query = {} as Q, options) => call('page', query, options),
    list: (query = {} as Q, options) => call('list', query, options),
    info: (id, options) => call('info', { id }, options),
    add: (body, options) => call('add', body as object, options),
    update: (body, options) => call('update', body as object, options),
    delete: (ids, options) => call('delete', { ids }, options),
  };
}
