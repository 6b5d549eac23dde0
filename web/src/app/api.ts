/**
 * The one http client of the app: the session rules of web/src/lib/http.ts with the browser's
 * localStorage, the current language, toasts for messages, the progress bar and logout.
 */
import { createHttp, type Http, type LogoutReason, type Method, type RequestOptions } from '../lib/http';
import { createProgress, underProgress } from '../lib/progress';
import { currentLang } from '../i18n';
import { notify } from './notify';

export const progress = createProgress();

const logoutListeners = new Set<(reason: LogoutReason) => void>();
export function onLogout(fn: (reason: LogoutReason) => void): () => void {
  logoutListeners.add(fn);
  return () => void logoutListeners.delete(fn);
}

const tokenListeners = new Set<() => void>();
/** After an HTTP refresh stored a new token pair. */
export function onTokens(fn: () => void): () => void {
  tokenListeners.add(fn);
  return () => void tokenListeners.delete(fn);
}

const base: Http = createHttp({
  baseUrl: '/api',
  storage: window.localStorage,
  lang: currentLang,
  onMessage: (kind, text) => notify(kind, text),
  onLogout: (reason) => {
    for (const fn of logoutListeners) fn(reason);
  },
  onTokens: () => {
    for (const fn of [...tokenListeners]) fn();
  },
});

function request<T>(method: Method, path: string, options?: RequestOptions): Promise<T> {
  return underProgress(progress, window.location.pathname, () => base.request<T>(method, path, options));
}

/** The one client under the data layer: screens call `calls.base.comm.person()` or `data('base/sys/user').page(...)` (app/data). */
export const api = {
  request,
  get: <T = unknown>(path: string, options?: RequestOptions) => request<T>('GET', path, options),
  post: <T = unknown>(path: string, body?: unknown, options?: RequestOptions) => request<T>('POST', path, { ...options, body }),
  end: base.end,
  session: base.session,
};

export type { RequestOptions };
export { ApiError } from '../lib/http';
