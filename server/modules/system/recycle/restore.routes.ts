/** recycle/data/restore: brings deleted rows back, flagged or removed alike. */
import { l, call, defineRoutes, raw, COUNT } from '../../../core/api';

/** Recycle records' ids: a list, one id, or ids separated by commas (read by the restore). */
const IDS = {
  anyOf: [
    { type: 'array', items: { type: 'integer', minimum: 1 }, minItems: 1 },
    { type: 'integer', minimum: 1 },
    { type: 'string', description: 'ids separated by commas' },
  ],
};

export default defineRoutes((core) => [
  call(core, 'recycle', 'data', 'restore', {
    method: 'POST',
    summary: l('Restore deleted data', '恢复删除的数据', '復原刪除的資料'),
    input: { ids: raw(IDS) },
    effect: 'write',
    answer: COUNT,
    handler: (req, { ids }) => core.ops.restore({ ids }, req.user),
  }),
]);
