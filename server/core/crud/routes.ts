/** The generic routes of every entity, from its declared actions. */
import type { Entity, Model } from '../entity/model';
import type { Route } from '../http/route';
import type { Operations } from './operations';
import { crudDescription } from '../calls/crud-description';

export function genericRoutes(model: Model, ops: Operations): Route[] {
  const out: Route[] = [];
  for (const e of model.entities) {
    for (const a of e.actions) {
      out.push({
        method: a.method,
        path: a.path,
        guard: a.public ? 'public' : 'permission',
        permission: a.permission,
        member: e.access.members.includes(a.name),
        summary: a.summary,
        entity: e,
        module: e.module,
        group: e.name,
        call: crudDescription(e, a.name, !!a.public),
        handler: handlerFor(e, a.name, a.method, ops),
        // The handlers below use the request's body, query, caller and path only.
        ctxFree: true,
      });
    }
  }
  return out;
}

function handlerFor(e: Entity, action: string, method: string, ops: Operations): Route['handler'] {
  // A GET carries its parameters in the query string, a POST in the body.
  const input = (req: Parameters<Route['handler']>[0]) => (method === 'GET' ? req.query : req.body);
  switch (action) {
    case 'add':
      return (req) => ops.add(e, req.body, req.user, { url: req.path });
    case 'update':
      return (req) => ops.update(e, req.body, req.user);
    case 'delete':
      return (req) => ops.delete(e, req.body, req.user, { url: req.path });
    case 'info':
      return (req) => {
        const src = input(req) as Record<string, unknown> | undefined;
        return ops.info(e, src?.id, req.user);
      };
    case 'list':
      return (req) => ops.list(e, input(req), req.user);
    case 'page':
      return (req) => ops.page(e, input(req), req.user);
    default:
      throw new Error(`no generic handler for ${action}`);
  }
}
