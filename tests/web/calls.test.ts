/** The typed calls (web/src/app/data/calls.ts): each generated entry sends its input to its path, a GET's as the query. */
import { describe, expect, it } from 'vitest';
import { callsFrom } from '../../web/src/app/data/calls-from';
import { CALL_ROUTES, type Calls } from '../../web/src/generated/calls';

describe('typed calls', () => {
  it('send the input to the call path with its method', async () => {
    const sent: Array<{ path: string; method: string; payload: object }> = [];
    const calls = callsFrom(CALL_ROUTES, async (prefix, action, method, payload) => {
      sent.push({ path: `${prefix}/${action}`, method, payload });
      return { ok: true };
    }) as unknown as Calls;
    expect(await calls.base.groupMember.teamMember({ groupId: 7 })).toEqual({ ok: true });
    await calls.task.info.log({ id: 3, page: 1, size: 20 });
    await calls.base.comm.person();
    expect(sent).toEqual([
      { path: '/admin/base/groupMember/teamMember', method: 'POST', payload: { groupId: 7 } },
      { path: '/admin/task/info/log', method: CALL_ROUTES.task.info.log[0], payload: { id: 3, page: 1, size: 20 } },
      { path: '/admin/base/comm/person', method: 'GET', payload: {} },
    ]);
  });

  it('list no CRUD action of an entity, which data(key) calls', () => {
    expect('page' in CALL_ROUTES.base.groupMember).toBe(false);
    expect(CALL_ROUTES.base.sys.user.move).toEqual(['POST', '/admin/base/sys/user/move']);
  });

  it('reach the calls written by hand under a CRUD name the entity does not declare, beside the others of the group', async () => {
    const sent: string[] = [];
    const calls = callsFrom(CALL_ROUTES, async (prefix, action, method, _payload, options) => {
      sent.push(`${method} ${prefix}/${action} ${JSON.stringify(options)}`);
      return null;
    }) as unknown as Calls;
    await calls.base.site.info({}, { silent: true, skipAuth: true });
    await calls.base.site.save({ name: 'x' } as never);
    await calls.base.group.add({ name: 'g' } as never);
    expect(sent).toEqual(['POST /admin/base/site/info {"silent":true,"skipAuth":true}', 'POST /admin/base/site/save {}', 'POST /admin/base/group/add {}']);
    expect('page' in CALL_ROUTES.base.group).toBe(false);
  });
});
