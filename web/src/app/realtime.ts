/**
 * The app's one realtime socket (socket.ts), bound to the session from the app's start
 * (lib/session-socket.ts), so a console-only session is connected too and every sign-out closes it.
 */
import { bindSocketToSession } from '../lib/session-socket';
import { currentLang } from '../i18n';
import { api, onTokens } from './api';
import { isSigningOut, subscribeAuth } from './auth';
import { calls } from './data';
import { createRealtime } from './socket';

export const realtime = createRealtime({
  getToken: () => (api.session.isSignedIn() ? api.session.getToken() : null),
  getLanguage: currentLang,
});

let bound = false;

/** Called once by the app's root. */
export function startRealtime(): void {
  if (bound) return;
  bound = true;
  bindSocketToSession({
    realtime,
    getToken: () => (api.session.isSignedIn() ? api.session.getToken() : null),
    tokenState: () => api.session.tokenState(),
    refresh: () => calls.base.comm.person({}, { silent: true }),
    // This tab's own sign-out ends the session without a message.
    end: () => (isSigningOut() ? undefined : api.end('sessionEnded')),
    changes: [subscribeAuth, onTokens],
  });
}
