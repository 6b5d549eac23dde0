/**
 * `/admin/user/info/*`: cool-admin's app users, which are our members (member-view.ts), for
 * cool-admin's own admin client. They exist only with COOL_COMPAT on (core/cool-compat.ts): our
 * console shows members on its users screen, and nothing else calls these.
 */
import type { Core } from '../../core/core';
import type { Route } from '../../core/http/route';
import { defineRoutes } from '../../core/modules';
import { coolCompat } from '../../core/cool-compat';
import { memberView } from './member-view';
import { MemberService } from './member.service';

export default defineRoutes((core: Core): Route[] => {
  if (!coolCompat(core.config.env)) return [];
  const view = memberView(core.model.system('users').table);
  const members = new MemberService(core, view);
  const handlers: Record<string, Route['handler']> = {
    page: (req) => members.page(req.user, req.body),
    list: (req) => members.list(req.user, req.body),
    info: (req) => members.info(req.user, req.query.id),
    update: (req) => members.update(req.user, req.body),
    delete: (req) => members.delete(req.user, req.body),
  };
  // The view's actions as routes: their paths, methods, keys and summaries, with the view as their rows' shape.
  return view.actions.map((a) => ({
    method: a.method,
    path: a.path,
    guard: 'permission',
    permission: a.permission,
    summary: a.summary,
    entity: view,
    module: view.module,
    group: view.name,
    handler: handlers[a.name],
  }));
});
