/**
 * The routes of 000 §2 as code loaders: every page is its own chunk. Kept apart from the router
 * (router.tsx, which renders them under Ant Design's providers) so the entry can fetch a page's code
 * ahead (first-screen.ts) and draw the sign-in page without loading antd at all (main.tsx).
 */
import { lazy, type ComponentType } from 'react';
import { matchPath } from 'react-router-dom';

export type Loader = () => Promise<{ default: ComponentType<never> }>;

export interface PageRoute {
  path: string;
  load: Loader;
  props?: Record<string, unknown>;
}

const errorPage: Loader = () => import('../pages/errors/ErrorPage');

export const PAGES: PageRoute[] = [
  { path: '/', load: () => import('../pages/Home') },
  { path: '/login', load: () => import('../pages/auth/Login') },
  { path: '/admin/login', load: () => import('../pages/auth/Login'), props: { console: true } },
  { path: '/register', load: () => import('../pages/auth/Register') },
  { path: '/reset-password', load: () => import('../pages/auth/ResetPassword') },
  { path: '/my/info', load: () => import('../pages/PersonalCenter') },
  { path: '/space/list', load: () => import('../pages/SpaceList') },
  { path: '/workbench', load: () => import('../workspace/pages/Workbench') },
  { path: '/person/:name', load: () => import('../workspace/pages/Person') },
  { path: '/apply_profile', load: () => import('../workspace/pages/ApplyProfile') },
  { path: '/join_team', load: () => import('../workspace/pages/JoinTeam') },
  { path: '/discord', load: () => import('../workspace/pages/Discord') },
  { path: '/test', load: () => import('../workspace/pages/TestPage') },
  { path: '/demo/test/route/:id/:name?', load: () => import('../workspace/pages/DemoRoute') },
  { path: '/workflow_store', load: () => import('../workspace/store/StorePage') },
  { path: '/goods/:id', load: () => import('../workspace/store/GoodsPage') },
  { path: '/payment', load: () => import('../workspace/pay/PaymentPage') },
  { path: '/nft', load: () => import('../workspace/nft/NftPage') },
  { path: '/helper/ai-code', load: () => import('../helper/AiCodePage') },
  ...([401, 403, 404, 500, 502] as const).map((code) => ({ path: `/${code}`, load: errorPage, props: { code } })),
  { path: '/admin/*', load: () => import('../console/Shell') },
  { path: '*', load: () => import('../pages/MenuPage') },
];

/** Fetches the code of the page at `path` ahead of its first render (first-screen.ts); the router's own load then finds it. */
export function preloadPage(path: string): void {
  const route = PAGES.find((r) => matchPath({ path: r.path, end: true }, path));
  route?.load().catch(() => undefined);
}

/** One lazy component per module loader, so two routes of one page (the two sign-ins) share it. */
const lazies = new Map<Loader, ComponentType<Record<string, unknown>>>();
export function pageOf(load: Loader): ComponentType<Record<string, unknown>> {
  let C = lazies.get(load);
  if (!C) {
    C = lazy(load as () => Promise<{ default: ComponentType<Record<string, unknown>> }>);
    lazies.set(load, C);
  }
  return C;
}

/** The page component of the route that matches `path` (the first of PAGES, as the router picks). */
export function pageAt(path: string): { Page: ComponentType<Record<string, unknown>>; props?: Record<string, unknown> } | undefined {
  const route = PAGES.find((r) => matchPath({ path: r.path, end: true }, path));
  return route && { Page: pageOf(route.load), props: route.props };
}
