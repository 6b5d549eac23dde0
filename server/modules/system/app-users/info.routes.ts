/**
 * `/admin/user/info/*`: cool-admin's app users, which are our members (member-view.ts), for
 * cool-admin's own admin client. They exist only with COOL_COMPAT on (core/cool-compat.ts): our
 * console shows members on its users screen, and nothing else calls these.
 */
import { defineRoutes, l, coolCompat, crudDescription } from '../../../core/api';
import type { Core, Route } from '../../../core/api';
import { memberView } from './member-view';
import { MemberService } from './member.service';

const ADMIN_ONLY = l(
  'the administrator (every member is shown, whatever a role’s data scope)',
  '管理员（显示全部会员，不受角色数据范围限制）',
  '管理員（顯示全部會員，不受角色資料範圍限制）',
);

export default defineRoutes((core: Core): Route[] => {
  if (!coolCompat(core.config.env)) return [];
  const view = memberView(core.model.system('users').table);
  const members = new MemberService(core, view);
  const handlers: Record<string, Route['handler']> = {
    page: (req) => members.page(req.user!, req.body),
    list: (req) => members.list(req.user!, req.body),
    info: (req) => members.info(req.user!, req.query.id),
    update: (req) => members.update(req.user!, req.body),
    delete: (req) => members.delete(req.user!, req.body),
  };
  // The view's actions as routes: their paths, methods, keys and summaries, with the view as their rows' shape,
  // each described as the generic action it is (MemberService reads and checks the input as the generic one does).
  // Only the administrator may call them: the view shows every member, whatever a role's data scope. The
  // permission keys stay, for cool-admin's client, which shows its buttons by them.
  return view.actions.map((a) => ({
    method: a.method,
    path: a.path,
    guard: 'admin',
    permission: a.permission,
    summary: a.summary,
    entity: view,
    module: view.module,
    group: view.name,
    call: { ...crudDescription(view, a.name, false), access: ADMIN_ONLY },
    handler: handlers[a.name],
  }));
});
