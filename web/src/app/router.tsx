/**
 * The routes of 000 §2 (the list is pages.ts), rendered under the app's providers (full-app.tsx).
 *
 * Declared as elements under a BrowserRouter rather than with createBrowserRouter: the data router
 * (loaders, actions, fetchers, revalidation) is about 16 KB of gzip JS every page would load and none
 * uses. Navigations run as transitions, so the page shown stays until the next one's code has come.
 */
import { Component, Suspense, type ReactNode } from 'react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { Spin } from 'antd';
import Root, { RouteError } from './Root';
import { PAGES, pageOf } from './pages';

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

export function Pages() {
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

export default Pages;
