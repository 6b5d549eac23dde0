/**
 * Desktops (base/desktop): a member's ordered lists of GROUP ids.
 * - desktop/add: the generic add (owner from the token, object or array), except that no real
 *   desktop is ever left at id 999, the virtual default's id: a row that gets it is purged and
 *   added again in the same transaction, so it takes the next id.
 * - desktop/list: the virtual default desktop first, `{id: 999, name: 'Default', member: [the
 *   caller's groups that none of their desktops holds, in joining order], sort: -1}`, then the
 *   caller's desktops by sort. Each desktop's member list shows only the groups the caller is still
 *   in (a group left or deleted drops out of view; the stored list is not rewritten).
 *   page and info stay generic, for the console.
 * - desktop/updateSortByIds `{ids}`: sort = the position in `ids` for each of the caller's desktops
 *   (999 may be in the list and is skipped); an unknown or foreign id is 404 and nothing is written.
 * - groupMember/groupToDesktop `{groupId, desktopId}`: the caller must be a member of the group; it
 *   goes to the end of that desktop (one of the caller's) and off the caller's other desktops;
 *   desktopId 999 just takes it off them all (it shows on the default desktop then).
 */
import { l, call, defineRoutes, AppError, fail, and, eq, isIn, id, ids, INT, listOf, obj } from '../../../core/api';
import type { Core, Row } from '../../../core/api';
import { DEFAULT_DESKTOP_ID } from '../../../../entities/base/desktop.entity';
import { memberOfGroup } from './group.access';
import { GROUP } from './group.messages';
import { asSystem, entities, lockGroup, lockMember } from './membership.service';
import { groupIdsOf } from './group.queries';

function groupIds(v: unknown): number[] {
  return Array.isArray(v) ? [...new Set(v.map(Number).filter((n) => Number.isSafeInteger(n)))] : [];
}

export default defineRoutes((core: Core) => {
  const { desktops } = entities(core);
  return [
    call(core, 'base', 'desktop', 'add', {
      method: 'POST',
      member: true,
      summary: l('Add Desktop', '新增桌面', '新增桌面'),
      body: { oneOf: [desktops.schema.add, { type: 'array', items: desktops.schema.add, maxItems: 1000 }] },
      input: {},
      effect: 'write',
      answer: { oneOf: [obj({ id: INT }), obj({ ids: listOf(INT) })] },
      async handler(req) {
        return core.ops.transaction(req.user, async (t) => {
          const added = await t.add(desktops, req.body, { url: req.path });
          const ids = 'id' in added ? [added.id] : added.ids;
          const at = ids.indexOf(DEFAULT_DESKTOP_ID);
          if (at >= 0) {
            await asSystem(core, (s) => s.purge(desktops, eq('id', DEFAULT_DESKTOP_ID)));
            ids[at] = await t.addOne(desktops, (Array.isArray(req.body) ? req.body[at] : req.body) as Row, { url: req.path });
          }
          return 'id' in added ? { id: ids[0] } : { ids };
        });
      },
    }),
    call(core, 'base', 'desktop', 'list', {
      method: 'POST',
      member: true,
      summary: l('My desktops, the default one first', '我的桌面（默认桌面在前）', '我的桌面（預設桌面在前）'),
      input: {},
      effect: 'read',
      answer: listOf(obj({ id: INT, name: { type: ['string', 'null'] }, sort: INT, userId: INT, member: listOf(INT) }, [])),
      async handler(req) {
        const me = req.user!.id;
        const [own, mine] = await Promise.all([core.ops.list(desktops, { userId: me }, req.user), groupIdsOf(core, me)]);
        const live = new Set(mine);
        const shown = own.map((d) => ({ ...d, member: groupIds(d.member).filter((id) => live.has(id)) }));
        const held = new Set(shown.flatMap((d) => d.member));
        const virtual = {
          id: DEFAULT_DESKTOP_ID,
          name: 'Default',
          remark: null,
          avatar: null,
          sort: -1,
          userId: me,
          member: mine.filter((id) => !held.has(id)),
        };
        return [virtual, ...shown];
      },
    }),
    call(core, 'base', 'desktop', 'updateSortByIds', {
      method: 'POST',
      member: true,
      summary: l('Order my desktops', '排序我的桌面', '排序我的桌面'),
      input: { ids: ids() },
      effect: 'write',
      answer: { type: 'null' },
      async handler(req, { ids }) {
        const real = ids.filter((id) => id !== DEFAULT_DESKTOP_ID);
        return core.ops.transaction(req.user, async (t) => {
          const rows = real.length ? await t.lock(desktops, and(isIn('id', real), eq('userId', req.user!.id))) : [];
          const missing = real.filter((id) => !rows.some((r) => r.id === id));
          if (missing.length) throw new AppError('not_found', 'records_not_found_unchanged', { ids: missing.join(', ') }, { missing });
          for (const [sort, id] of ids.entries()) {
            if (id !== DEFAULT_DESKTOP_ID) await t.update(desktops, { id, sort }, { url: req.path });
          }
          return null;
        });
      },
    }),
    call(core, 'base', 'groupMember', 'groupToDesktop', {
      method: 'POST',
      member: true,
      summary: l('Put a group on one of my desktops', '将群组放到我的桌面', '將群組放到我的桌面'),
      input: { groupId: id(), desktopId: id() },
      access: memberOfGroup,
      effect: 'write',
      answer: obj({ groupId: INT, desktopId: INT }),
      async handler(req, { groupId, desktopId }) {
        const me = req.user!.id;
        return core.ops.transaction(req.user, async (t) => {
          await lockGroup(core, groupId);
          if (!(await lockMember(core, groupId, me))) throw fail.forbidden(GROUP.group_not_member);
          const desks = await t.lock(desktops, eq('userId', me));
          if (desktopId !== DEFAULT_DESKTOP_ID && !desks.some((d) => d.id === desktopId)) throw fail.notFound('record_not_found');
          for (const d of desks) {
            const before = groupIds(d.member);
            const next = before.filter((id) => id !== groupId);
            if (d.id === desktopId) next.push(groupId);
            if (next.length !== before.length || next.some((id, i) => id !== before[i])) {
              await t.update(desktops, { id: d.id, member: next }, { url: req.path });
            }
          }
          return { groupId, desktopId };
        });
      },
    }),
  ];
});
