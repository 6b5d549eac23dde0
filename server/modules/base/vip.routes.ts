/** base/vip/all: the VIP plans on offer, for the public pricing page. */
import { l } from '../../core/entity/define';
import { call, defineRoutes } from '../../core/modules';

export default defineRoutes((core) => {
  const vip = core.model.byKey.get('base/vip')!;
  return [
    call(core, 'base', 'vip', 'all', {
      method: 'POST',
      guard: 'public',
      summary: l('All VIP plans', '全部会员方案', '全部會員方案'),
      handler: (req) => core.ops.list(vip, { order: 'sort', sort: 'asc' }, req.user),
    }),
  ];
});
