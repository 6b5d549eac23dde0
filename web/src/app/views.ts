/**
 * Hand-made screens. A key is either an entity key (`base/sys/menu`: replaces the generic screen of a
 * `crud:base/sys/menu` view path) or a view name (`dashboard`: the view paths `view:dashboard` in the
 * console and `page:dashboard` at top level). Every entry is loaded on first use, so neither the
 * console shell nor a top-level page pulls in the screens it does not show.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export type ViewComponent = LazyExoticComponent<ComponentType<{ entityKey?: string }>>;

export const VIEWS: Record<string, ViewComponent> = {
  dashboard: lazy(() => import('../console/views/Dashboard')),
  'base/sys/menu': lazy(() => import('../console/views/MenuView')),
  'base/sys/department': lazy(() => import('../console/views/DepartmentView')),
  'base/sys/user': lazy(() => import('../console/views/UserView')),
  'base/sys/role': lazy(() => import('../console/views/RoleView')),
  'base/sys/log': lazy(() => import('../console/views/RequestLogView')),
  'base/sys/param': lazy(() => import('../console/views/ParamView')),
  'dict/info': lazy(() => import('../console/views/DictView')),
  'task/info': lazy(() => import('../console/views/TaskView')),
  'plugin/info': lazy(() => import('../console/views/PluginView')),
  'recycle/data': lazy(() => import('../console/views/RecycleView')),
  'space/info': lazy(() => import('../console/views/SpaceView')),
  'goods/order': lazy(() => import('../console/commerce/OrderView')),
  'base/coupon': lazy(() => import('../console/commerce/CouponView')),
  'base/tokenLog': lazy(() => import('../console/commerce/TokenLogView')),
  'base/paidLog': lazy(() => import('../console/commerce/PaidLogView')),
  'base/payout': lazy(() => import('../console/commerce/PayoutView')),
  'base/vip': lazy(() => import('../console/commerce/VipView')),
  'ai/provider': lazy(() => import('../console/views/ai/ProviderView')),
  'ai/model': lazy(() => import('../console/views/ai/ModelView')),
  'base/app': lazy(() => import('../console/views/ai/AppView')),
  'base/run': lazy(() => import('../console/views/ai/RunView')),
};
