/**
 * The root of every route: applies router rules 1–4 of 000 §2 before a page renders, loads the
 * profile of a stored session, finishes the progress bar on route changes, errors and rejections,
 * and fades between pages.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { Spin } from 'antd';
import { api, onLogout, progress } from './api';
import { loadProfileAtStart, signedOut, useAuth } from './auth';
import { canEnterConsole, decideRoute, isConsolePath, ADMIN_LOGIN_PATH, hasLeadingSegments } from '../lib/router-rules';
import ProgressBar from '../components/ProgressBar';
import { RootWidgets } from './widgets';
import RouteFade from './RouteFade';
import { notify } from './notify';
import { reloadForChunk } from './chunk-reload';
import { currentLang, i18n } from '../i18n';
import { t as sessionText } from '../lib/messages';
// The error page (antd's Result and its pictures) loads only when a route fails.
const ErrorPage = lazy(() => import('../pages/errors/ErrorPage'));

export default function Root() {
  const location = useLocation();
  const navigate = useNavigate();
  const auth = useAuth();
  const token = api.session.isSignedIn() ? api.session.getToken() : null;
  const [booting, setBooting] = useState(!!token && !auth.loaded);

  useEffect(() => {
    if (token && !auth.loaded) {
      setBooting(true);
      void loadProfileAtStart().finally(() => setBooting(false));
    }
  }, [token, auth.loaded]);

  // The socket follows the session from the first usable token on, whichever screen is open (000 §4).
  // Its code (socket.io's client) loads then: a visitor on the sign-in page does not download it.
  useEffect(() => {
    if (token) void import('./realtime').then((m) => m.startRealtime());
  }, [token]);

  // Both tokens expired: a navigation or reload ends the session as a request would (message,
  // tokens and user info cleared); the router rules then pick the sign-in page or an exempt one.
  useEffect(() => {
    if (api.session.tokenState() !== 'expired') return;
    notify('error', sessionText(currentLang(), 'sessionExpired'));
    signedOut();
  }, [location.pathname, location.search]);

  useEffect(
    () =>
      onLogout(() => {
        signedOut();
        const path = window.location.pathname;
        navigate(isConsolePath(path) ? ADMIN_LOGIN_PATH : '/login', { replace: true });
      }),
    [navigate],
  );

  useEffect(() => {
    progress.mounted();
    const finish = () => progress.finish();
    window.addEventListener('error', finish);
    window.addEventListener('unhandledrejection', finish);
    return () => {
      window.removeEventListener('error', finish);
      window.removeEventListener('unhandledrejection', finish);
    };
  }, []);
  useEffect(() => progress.finish(), [location.pathname]);

  if (booting) return <Spin fullscreen />;

  const path = location.pathname;
  const session = { token: api.session.isSignedIn() ? api.session.getToken() : null };
  let redirect = decideRoute({ path, search: location.search, session, user: auth.user, consoleRoleIds: auth.consoleRoleIds }).redirect;
  // Rule 4 for the console sign-in: a signed-in console user goes to the console instead.
  if (redirect === '/workbench' && hasLeadingSegments(path, ADMIN_LOGIN_PATH) && canEnterConsole(auth.user, auth.consoleRoleIds)) redirect = '/admin';
  // Keyed by the location: a Navigate kept mounted with the same target does not navigate again, so a
  // page that moves on by itself meanwhile (the sign-in page's own move to /workbench, racing the
  // redirect of a first e-mail sign-in to the registration step) would stay blank.
  if (redirect && redirect !== path + location.search) return <Navigate key={location.key} to={redirect} replace />;

  const fadeKey = hasLeadingSegments(path, '/admin') && !hasLeadingSegments(path, ADMIN_LOGIN_PATH) ? 'admin' : path;
  return (
    <>
      <ProgressBar />
      <RouteFade fadeKey={fadeKey} />
      <RootWidgets />
    </>
  );
}

/** Rule 6: a failed dynamic import reloads the page (once a minute at most); other errors show 'Page error: ...' once. */
export function RouteError({ error }: { error: unknown }) {
  const text = error instanceof Error ? error.message : String(error);
  useEffect(() => {
    progress.finish();
    if (reloadForChunk(text)) return;
    notify('error', i18n.t('common.pageError', { message: text }));
  }, [text]);
  return (
    <Suspense fallback={null}>
      <ErrorPage code={500} />
    </Suspense>
  );
}
