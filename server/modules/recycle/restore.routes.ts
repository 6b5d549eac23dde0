/** recycle/data/restore: brings deleted rows back, flagged or removed alike. */
import { l } from '../../core/entity/define';
import type { Core } from '../../core/core';
import type { Route } from '../../core/http/route';

export function recycleRoutes(core: Core): Route[] {
  const recycle = core.model.byKey.get('recycle/data');
  if (!recycle) return [];
  return [{
    method: 'POST',
    path: '/admin/recycle/data/restore',
    guard: 'permission',
    permission: 'recycle:data:restore',
    summary: l('Restore deleted data', '恢复删除的数据', '復原刪除的資料'),
    entity: recycle,
    module: 'recycle',
    group: 'data',
    handler: (req) => core.ops.restore(req.body, req.user),
  }];
}
