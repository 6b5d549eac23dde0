/**
 * The routes of 000 §2. Every page is its own chunk. History mode by default; VITE_ROUTER_MODE=hash
 * switches to hash mode.
 *
 * Declared as elements under a BrowserRouter rather than with createBrowserRouter: the data router
 * (loaders, actions, fetchers, revalidation) is about 16 KB of gzip JS every page would load and none
 * uses. Navigations run as transitions, so the page shown stays until the next one's code has come.
 */
import { Component, lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { BrowserRouter, HashRouter, Route, Routes, matchPath, useLocation } from 'react-router-dom';
import { Spin } from 'antd';
import Root, { RouteError } from './Root';

type Loader = () => Promise<{ default: ComponentType<never> }>;

interface PageRoute {
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
function pageOf(load: Loader): ComponentType<Record<string, unknown>> {
  let C = lazies.get(load);
  if (!C) {
    C = lazy(load as () => Promise<{ default: ComponentType<Record<string, unknown>> }>);
    lazies.set(load, C);
  }
  return C;
}

/**
 * A page that failed to render or whose chunk failed to load shows the route error (Root.tsx) until
 * the next navigation.
 */
class RouteBoundary extends Component<{ at: string; children: ReactNode }, { error: unknown; at: string }> {
  state = { error: undefined as unknown, at: this.props.at };
  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error('Unknown error') };
  }
  static getDerivedStateFromProps(props: { at: string }, state: { error: unknown; at: string }) {
    return props.at === state.at ? null : { error: undefined, at: props.at };
  }
  render() {
    return this.state.error !== undefined ? <RouteError error={this.state.error} /> : this.props.children;
  }
}

function Pages() {
  const location = useLocation();
  return (
    <RouteBoundary at={location.key}>
      <Suspense fallback={<Spin fullscreen />}>
        <Routes>
          <Route element={<Root />}>
            {PAGES.map(({ path, load, props }) => {
              const Page = pageOf(load);
              return <Route key={path} path={path} element={<Page {...props} />} />;
            })}
          </Route>
        </Routes>
      </Suspense>
    </RouteBoundary>
  );
}

const mode = (import.meta.env as Record<string, string | undefined>).VITE_ROUTER_MODE;
const Router = mode === 'hash' ? HashRouter : BrowserRouter;

export function AppRouter() {
  return (
    <Router>
      <Pages />
    </Router>
  );
}
