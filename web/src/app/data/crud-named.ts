/** The calls written by hand under an entity's CRUD name, which neither `data(key)` nor the generated table reaches. Pure. */
import type { Call } from '../../generated/calls';

type Open = Call<object, unknown, false>;

/**
 * Calls a module writes by hand under one of the six CRUD names of an entity whose declaration does
 * not serve that action (the site's `info`, a group's `add`, a member's `delete`, ...). The generator
 * leaves every CRUD-named path of an entity to `data(key)`, and `data(key)` offers only the actions the
 * entity declares, so these are listed here until the generated table carries them.
 */
export const CRUD_NAMED = {
  base: {
    desktop: { add: ['POST', '/admin/base/desktop/add'], list: ['POST', '/admin/base/desktop/list'] },
    friend: { add: ['POST', '/admin/base/friend/add'], update: ['POST', '/admin/base/friend/update'], delete: ['POST', '/admin/base/friend/delete'] },
    group: { add: ['POST', '/admin/base/group/add'], delete: ['POST', '/admin/base/group/delete'] },
    groupMember: { add: ['POST', '/admin/base/groupMember/add'], delete: ['POST', '/admin/base/groupMember/delete'] },
    message: { add: ['POST', '/admin/base/message/add'] },
    notify: { add: ['POST', '/admin/base/notify/add'] },
    shortLink: { add: ['POST', '/admin/base/shortLink/add'], delete: ['POST', '/admin/base/shortLink/delete'] },
    site: { info: ['POST', '/admin/base/site/info'] },
  },
  plugin: {
    info: { add: ['POST', '/admin/plugin/info/add'], update: ['POST', '/admin/plugin/info/update'], delete: ['POST', '/admin/plugin/info/delete'] },
  },
} as const;

/** The table's leaves as open calls (they take any object and answer `unknown`, as an undeclared call does). */
export type OpenCalls<T> = { [K in keyof T]: T[K] extends readonly [string, string] ? Open : OpenCalls<T[K]> };
