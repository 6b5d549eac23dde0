/**
 * The entry. It applies the theme, asks for the first screen's data (first-screen.ts) and draws the
 * page. A visitor who is not signed in and opens a sign-in page gets that page without Ant Design: the
 * page is a form (pages/auth), and antd's providers, styles and components are most of what the other
 * pages load. Every other page, and every page after the first that needs them, is drawn by the full
 * app (app/full-app.tsx: antd's providers and the router's pages), which then stays for the page's life.
 * History mode by default; VITE_ROUTER_MODE=hash switches to hash mode.
 */
import { Component, StrictMode, Suspense, lazy, useEffect, useState, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, HashRouter, useLocation } from 'react-router-dom';
import './styles.css';
import { applyCssVars, getTheme } from './app/theme';
import { startFirstScreen } from './app/first-screen';
import { pageAt } from './app/pages';
import { api } from './app/api';
import { expectMessageApi } from './app/notify';
import { SiteIdentity } from './app/use-site';
import { loadFullApp } from './app/full-app-loader';
import { ADMIN_LOGIN_PATH, LOGIN_PATH } from './lib/router-rules';
import { reloadForChunk } from './app/chunk-reload';
import { i18n, textsReady } from './i18n';

const FullApp = lazy(loadFullApp);

/** The pages a visitor gets without antd. */
const LIGHT_PATHS = [LOGIN_PATH, ADMIN_LOGIN_PATH];

/** A spinner while a page's code comes (antd's Spin is not here yet). */
function PageSpin() {
  return <div className="page-spin" role="progressbar" aria-busy="true" />;
}

/** The sign-in page alone, for a visitor (a signed-in one is sent on by the full app's router rules). */
function lightPage(path: string): ReturnType<typeof pageAt> {
  const at = path.replace(/\/+$/, '') || '/';
  return LIGHT_PATHS.includes(at) && !api.session.isSignedIn() ? pageAt(at) : undefined;
}

/** The full app's or the sign-in page's code failed to load: the page reloads (once a minute at most) or says so. */
class TopBoundary extends Component<{ children: ReactNode }, { error: string | null }> {
  state = { error: null as string | null };
  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
  componentDidCatch() {
    if (this.state.error !== null) reloadForChunk(this.state.error);
  }
  render() {
    if (this.state.error === null) return this.props.children;
    return (
      <p className="page-failed" role="alert">
        {i18n.t('common.pageError', { message: this.state.error })}
      </p>
    );
  }
}

function Top() {
  const { pathname } = useLocation();
  // Once the full app has been drawn it draws every page: its toasts and state stay.
  const [full, setFull] = useState(false);
  const light = full ? undefined : lightPage(pathname);
  const drawsFull = !light;
  useEffect(() => {
    if (drawsFull) setFull(true);
  }, [drawsFull]);
  if (!light) expectMessageApi();
  return (
    <Suspense fallback={<PageSpin />}>
      {light ? (
        <>
          <SiteIdentity />
          <light.Page {...light.props} />
        </>
      ) : (
        <FullApp />
      )}
    </Suspense>
  );
}

const Router = (import.meta.env as Record<string, string | undefined>).VITE_ROUTER_MODE === 'hash' ? HashRouter : BrowserRouter;

applyCssVars(getTheme());
// The first screen's data is asked for now, while the page's code is still on its way; so is the full
// app's code, unless the page is one drawn without it.
startFirstScreen(window.location.pathname);
if (!lightPage(window.location.pathname)) loadFullApp().catch(() => undefined);
// The texts every page needs, in the page's language, come first (a few hundred bytes; a page that
// cannot fetch them still draws, with the keys' fallbacks).
void textsReady()
  .catch(() => undefined)
  .then(() =>
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <Router>
          <TopBoundary>
            <Top />
          </TopBoundary>
        </Router>
      </StrictMode>,
    ),
  );
