/** base/vip/all: the VIP plans on offer, for the public pricing page. */
import { entity, l, call, defineRoutes, listOf } from '../../core/api';

export default defineRoutes((core) => {
  const vip = entity(core.model, 'base/vip');
  return [
    call(core, 'base', 'vip', 'all', {
      method: 'POST',
      access: 'public',
      summary: l('All VIP plans', '全部会员方案', '全部會員方案'),
      input: {},
      effect: 'read',
      answer: listOf(vip.schema.row),
      handler: (req) => core.ops.list(vip, { order: 'sort', sort: 'asc' }, req.user),
    }),
  ];
});
