/** The web's data layer: CRUD calls by entity, GET payloads as queries, and 1002 answers on form fields. */
import { describe, expect, it } from 'vitest';
import { crudCalls, type CrudMethod } from '../../web/src/app/data/crud-calls';
import { fieldErrors, fieldProblems } from '../../web/src/app/data/field-errors';
import { toQuery } from '../../web/src/app/data/to-query';
import { ENTITY_ACTIONS } from '../../web/src/generated/entities';
import { ApiError } from '../../web/src/lib/http';

function recorder(methods: Partial<Record<string, CrudMethod>> = {}) {
  const sent: Array<{ path: string; method: CrudMethod; payload: object }> = [];
  const calls = crudCalls<Record<string, unknown>, Record<string, unknown>, object, object>(
    '/admin/base/sys/role',
    (action) => methods[action] ?? (action === 'info' ? 'GET' : 'POST'),
    async <T>(prefix: string, action: string, method: CrudMethod, payload: object) => {
      sent.push({ path: `${prefix}/${action}`, method, payload });
      return undefined as T;
    },
  );
  return { sent, calls };
}

const refusal = (data: unknown) => new ApiError({ code: 1002, status: 400, message: 'Validation failed', data });

describe('data layer', () => {
  it('sends the six calls to the entity prefix with the spec shapes', async () => {
    const { sent, calls } = recorder();
    await calls.page({ page: 2, keyWord: 'x' });
    await calls.list({ label: 'admin' });
    await calls.info(3);
    await calls.add({ name: 'n', label: 'l' });
    await calls.update({ id: 3, name: 'm' });
    await calls.delete([3, 4]);
    expect(sent).toEqual([
      { path: '/admin/base/sys/role/page', method: 'POST', payload: { page: 2, keyWord: 'x' } },
      { path: '/admin/base/sys/role/list', method: 'POST', payload: { label: 'admin' } },
      { path: '/admin/base/sys/role/info', method: 'GET', payload: { id: 3 } },
      { path: '/admin/base/sys/role/add', method: 'POST', payload: { name: 'n', label: 'l' } },
      { path: '/admin/base/sys/role/update', method: 'POST', payload: { id: 3, name: 'm' } },
      { path: '/admin/base/sys/role/delete', method: 'POST', payload: { ids: [3, 4] } },
    ]);
  });

  it('uses the method an entity declares (auth info is POST, paidLog list is GET)', async () => {
    expect(ENTITY_ACTIONS['base/auth'].info).toBe('POST');
    expect(ENTITY_ACTIONS['base/paidLog'].list).toBe('GET');
    expect('page' in ENTITY_ACTIONS['base/site']).toBe(false);
    const { sent, calls } = recorder({ info: 'POST' });
    await calls.info(7);
    expect(sent[0]).toEqual({ path: '/admin/base/sys/role/info', method: 'POST', payload: { id: 7 } });
  });

  it('puts a GET payload in the query: scalars and scalar arrays as they are, objects as JSON', () => {
    expect(toQuery({ id: 3, ids: [1, 2], on: true, where: { a: 1 }, none: null, gone: undefined })).toEqual({
      id: 3,
      ids: [1, 2],
      on: true,
      where: '{"a":1}',
    });
  });

  it('maps a 1002 answer to form field errors, grouped by field and limited to the form', () => {
    const e = refusal([
      { field: 'name', rule: 'required', message: 'Name is required' },
      { field: 'name', rule: 'maxLength' },
      { field: 'label', rule: 'unique', message: 'Taken' },
      { rule: 'nested' },
    ]);
    expect(fieldProblems(e)).toHaveLength(3);
    expect(fieldErrors(e)).toEqual([
      { name: 'name', errors: ['Name is required', 'maxLength'] },
      { name: 'label', errors: ['Taken'] },
    ]);
    expect(fieldErrors(e, (f) => f === 'label')).toEqual([{ name: 'label', errors: ['Taken'] }]);
  });

  it('gives no field errors for other refusals', () => {
    expect(fieldErrors(new Error('network'))).toEqual([]);
    expect(fieldErrors(new ApiError({ code: 1001, status: 409, message: 'Conflict' }))).toEqual([]);
  });
});
