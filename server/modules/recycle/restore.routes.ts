/** recycle/data/restore: brings deleted rows back, flagged or removed alike. */
import { l } from '../../core/entity/define';
import { call, defineRoutes } from '../../core/modules';

export default defineRoutes((core) => [
  call(core, 'recycle', 'data', 'restore', {
    method: 'POST',
    summary: l('Restore deleted data', '恢复删除的数据', '復原刪除的資料'),
    handler: (req) => core.ops.restore(req.body, req.user),
  }),
]);
