/**
 * Keeps the realtime socket in step with the session (000 §4), whichever screen is open, the
 * console's included: it connects whenever a usable token exists, is handed each new access token
 * (sign-in, HTTP refresh) and closes at sign-out. When the server ends the session the socket held
 * (logout elsewhere, a new password, a disabled account), the session ends here too, unless this tab
 * holds a newer session already (its own password change). A handshake refused because the access
 * token expired while the refresh token is good refreshes once (any authenticated call does) and
 * connects again.
 */
import type { TokenState } from './session';

/** The parts of the socket (web/src/app/socket.ts) this binding drives. */
export interface SessionSocket {
  readonly status: { state: string; reason?: string };
  tokenChanged(): void;
  subscribe(fn: (status: { state: string; reason?: string }) => void): () => void;
  onSessionEnd(fn: (end: { reason: string; token: string | null }) => void): () => void;
}

export interface SessionSocketDeps {
  realtime: SessionSocket;
  /** The access token while the session is usable, else null. */
  getToken(): string | null;
  tokenState(): TokenState;
  /** An authenticated call: waits for (or starts) the refresh of an expired access token. */
  refresh(): Promise<unknown>;
  /** Ends the session here: message, tokens and user info cleared, the sign-in page. */
  end(): void;
  /** Subscriptions to every change of the session (sign-in, refresh, sign-out). */
  changes: Array<(fn: () => void) => () => void>;
}

/** Binds once; returns the unbinding. */
export function bindSocketToSession(d: SessionSocketDeps): () => void {
  let refreshTried = false;
  const offs = d.changes.map((subscribe) => subscribe(() => d.realtime.tokenChanged()));
  offs.push(
    d.realtime.onSessionEnd((end) => {
      const token = d.getToken();
      if (!token) return;
      if (token !== end.token) d.realtime.tokenChanged();
      else d.end();
    }),
    d.realtime.subscribe((s) => {
      if (s.state === 'online') refreshTried = false;
      if (s.state === 'offline' && s.reason === 'refused' && !refreshTried && d.tokenState() === 'refreshable') {
        refreshTried = true;
        void d.refresh().then(
          () => d.realtime.tokenChanged(),
          () => undefined,
        );
      }
    }),
  );
  d.realtime.tokenChanged();
  return () => offs.forEach((off) => off());
}
