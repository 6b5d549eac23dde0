import { describe, expect, it, vi } from 'vitest';
import { bindSocketToSession, type SessionSocket, type SessionSocketDeps } from '../../web/src/lib/session-socket';
import type { TokenState } from '../../web/src/lib/session';

/** A socket stand-in that records tokenChanged calls and lets the test play the server's events. */
function fakeSocket() {
  const statusFns = new Set<(s: { state: string; reason?: string }) => void>();
  const endFns = new Set<(e: { reason: string; token: string | null }) => void>();
  const socket: SessionSocket & {
    changed: number;
    setStatus(s: { state: string; reason?: string }): void;
    end(e: { reason: string; token: string | null }): void;
  } = {
    status: { state: 'offline', reason: 'noToken' },
    changed: 0,
    tokenChanged() {
      socket.changed++;
    },
    subscribe(fn) {
      statusFns.add(fn);
      return () => void statusFns.delete(fn);
    },
    onSessionEnd(fn) {
      endFns.add(fn);
      return () => void endFns.delete(fn);
    },
    setStatus(s) {
      for (const fn of statusFns) fn(s);
    },
    end(e) {
      for (const fn of endFns) fn(e);
    },
  };
  return socket;
}

function setup(token: string | null, state: TokenState = 'valid') {
  const socket = fakeSocket();
  const session = { token, state };
  const changes: Array<() => void> = [];
  const deps: SessionSocketDeps = {
    realtime: socket,
    getToken: () => session.token,
    tokenState: () => session.state,
    refresh: vi.fn(async () => undefined),
    end: vi.fn(),
    changes: [
      (fn) => {
        changes.push(fn);
        return () => undefined;
      },
    ],
  };
  const unbind = bindSocketToSession(deps);
  return { socket, session, deps, unbind, change: () => changes.forEach((fn) => fn()) };
}

describe('the socket bound to the session', () => {
  it('connects at once when a token exists and follows every session change (sign-in, refresh, sign-out)', () => {
    const { socket, change } = setup('t1');
    expect(socket.changed).toBe(1);
    change();
    change();
    expect(socket.changed).toBe(3);
  });

  it('ends the session here when the server ended the session of the token this tab holds', () => {
    const { socket, deps } = setup('t1');
    socket.end({ reason: 'logout', token: 't1' });
    expect(deps.end).toHaveBeenCalledTimes(1);
  });

  it('connects with the newer token instead when this tab holds another session already', () => {
    const { socket, deps, session } = setup('t1');
    session.token = 't2';
    socket.end({ reason: 'password', token: 't1' });
    expect(deps.end).not.toHaveBeenCalled();
    expect(socket.changed).toBe(2);
  });

  it('does nothing more when the session is gone here already', () => {
    const { socket, deps, session } = setup('t1');
    session.token = null;
    socket.end({ reason: 'logout', token: 't1' });
    expect(deps.end).not.toHaveBeenCalled();
    expect(socket.changed).toBe(1);
  });

  it('refreshes once after a refused handshake while the refresh token is good, then connects again', async () => {
    const { socket, deps } = setup('t1', 'refreshable');
    socket.setStatus({ state: 'offline', reason: 'refused' });
    socket.setStatus({ state: 'offline', reason: 'refused' });
    expect(deps.refresh).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(socket.changed).toBe(2), { timeout: 30_000 });
  });

  it('unbinds', () => {
    const { socket, deps, unbind } = setup('t1');
    unbind();
    socket.end({ reason: 'logout', token: 't1' });
    expect(deps.end).not.toHaveBeenCalled();
  });
});
