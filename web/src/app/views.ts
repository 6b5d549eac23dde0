/**
 * Hand-made screens. A key is either an entity key (`base/sys/menu`: replaces the generic screen of a
 * `crud:base/sys/menu` view path) or a view name (`dashboard`: the view paths `view:dashboard` in the
 * console and `page:dashboard` at top level). Every entry is loaded on first use, so neither the
 * console shell nor a top-level page pulls in the screens it does not show.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export type ViewComponent = LazyExoticComponent<ComponentType<{ entityKey?: string }>>;

/** Each view's code, to fetch it ahead of its first render (first-screen.ts). */
export const VIEW_LOADERS: Record<string, () => Promise<{ default: ComponentType<{ entityKey?: string }> }>> = {
  dashboard: () => import('../console/views/Dashboard'),
  'base/sys/menu': () => import('../console/views/MenuView'),
  'base/sys/department': () => import('../console/views/DepartmentView'),
  'base/sys/user': () => import('../console/views/UserView'),
  'base/sys/role': () => import('../console/views/RoleView'),
  'base/sys/log': () => import('../console/views/RequestLogView'),
  'base/sys/param': () => import('../console/views/ParamView'),
  'dict/info': () => import('../console/views/DictView'),
  'task/info': () => import('../console/views/TaskView'),
  'plugin/info': () => import('../console/views/PluginView'),
  'recycle/data': () => import('../console/views/RecycleView'),
  'space/info': () => import('../console/views/SpaceView'),
  'goods/order': () => import('../console/commerce/OrderView'),
  'base/coupon': () => import('../console/commerce/CouponView'),
  'base/tokenLog': () => import('../console/commerce/TokenLogView'),
  'base/paidLog': () => import('../console/commerce/PaidLogView'),
  'base/payout': () => import('../console/commerce/PayoutView'),
  'base/vip': () => import('../console/commerce/VipView'),
  'ai/provider': () => import('../console/views/ai/ProviderView'),
  'ai/model': () => import('../console/views/ai/ModelView'),
  'base/app': () => import('../console/views/ai/AppView'),
  'base/run': () => import('../console/views/ai/RunView'),
};

export const VIEWS: Record<string, ViewComponent> = Object.fromEntries(Object.entries(VIEW_LOADERS).map(([k, load]) => [k, lazy(load)]));
