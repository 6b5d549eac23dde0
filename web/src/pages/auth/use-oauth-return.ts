/**
 * The return of a Google or Discord sign-in to /login:
 * - Discord (callback flow): `?oauth=discord&ticket=…` → open/oauth2 {ticket}; or `?oauth=discord&error=…&message=…`.
 * - Google (web flow): `?code=…&state=…` → sys/user/googleLogin {code, state}.
 * Each ticket or code is used once, even when React runs the effect twice.
 */
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { notify } from '../../app/notify';
import type { TokenPair } from '../../lib/session';
import { calls } from './session-calls';

const handled = new Set<string>();

type Return = { kind: 'ticket'; ticket: string } | { kind: 'google'; code: string; state: string } | { kind: 'error'; message: string };

function readReturn(q: URLSearchParams): Return | null {
  const oauth = q.get('oauth');
  if (oauth === 'discord') {
    const ticket = q.get('ticket');
    if (ticket) return { kind: 'ticket', ticket };
    if (q.get('error')) return { kind: 'error', message: q.get('message') || q.get('error') || '' };
    return null;
  }
  const code = q.get('code');
  const state = q.get('state');
  if (code && state) return { kind: 'google', code, state };
  if (q.get('error') && (q.get('state') || oauth)) return { kind: 'error', message: q.get('error_description') || q.get('error') || '' };
  return null;
}

/** Handles a provider's return; `working` is true while the tokens are being fetched. */
export function useOAuthReturn(onSignedIn: (pair: TokenPair) => Promise<void>): boolean {
  const [params, setParams] = useSearchParams();
  const ret = readReturn(params);
  const [working, setWorking] = useState(ret !== null && ret.kind !== 'error');
  const key = params.toString();

  useEffect(() => {
    if (!ret || handled.has(key)) return;
    handled.add(key);
    const clear = () => setParams({}, { replace: true });
    if (ret.kind === 'error') {
      notify('error', ret.message);
      clear();
      return;
    }
    setWorking(true);
    const call = ret.kind === 'ticket' ? calls.oauthTicket(ret.ticket) : calls.googleLogin(ret.code, ret.state);
    call
      .then((pair) => onSignedIn(pair))
      .catch(() => clear())
      .finally(() => setWorking(false));
  }, [key, ret, onSignedIn, setParams]);

  return working;
}
