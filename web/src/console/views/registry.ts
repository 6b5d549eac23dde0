/**
 * Hand-made console screens. A key is either an entity key (`base/sys/menu`: replaces the generic
 * screen of a `crud:base/sys/menu` view path) or a view name (`dashboard`: the view path `view:dashboard`).
 * Every entry is loaded on first use.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export type ViewComponent = LazyExoticComponent<ComponentType<{ entityKey?: string }>>;

export const VIEWS: Record<string, ViewComponent> = {
  dashboard: lazy(() => import('./Dashboard')),
  'base/sys/menu': lazy(() => import('./MenuView')),
  'base/sys/department': lazy(() => import('./DepartmentView')),
  'base/sys/user': lazy(() => import('./UserView')),
  'base/sys/role': lazy(() => import('./RoleView')),
  'base/sys/log': lazy(() => import('./RequestLogView')),
  'base/sys/param': lazy(() => import('./ParamView')),
  'dict/info': lazy(() => import('./DictView')),
  'task/info': lazy(() => import('./TaskView')),
  'plugin/info': lazy(() => import('./PluginView')),
  'recycle/data': lazy(() => import('./RecycleView')),
  'space/info': lazy(() => import('./SpaceView')),
};
