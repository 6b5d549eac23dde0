/**
 * A person page's profile by the name in its address (the username, or an id in digits): loading,
 * found, not found (404, or a name the server refuses), or failed (anything else; retry).
 */
import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '../../../app/api';
import { peopleCalls, type PublicProfile } from '../social-calls';

export type PersonState = { state: 'loading' } | { state: 'found'; profile: PublicProfile } | { state: 'notFound' } | { state: 'failed'; message: string };

export function usePerson(name: string): PersonState & { reload(): void } {
  const [s, setS] = useState<PersonState>({ state: 'loading' });
  const [round, setRound] = useState(0);
  const reload = useCallback(() => setRound((r) => r + 1), []);

  useEffect(() => {
    let live = true;
    setS({ state: 'loading' });
    peopleCalls.detail(name).then(
      (profile) => live && setS({ state: 'found', profile }),
      (err: unknown) => {
        if (!live) return;
        const e = err instanceof ApiError ? err : null;
        if (e && (e.status === 404 || e.status === 400)) setS({ state: 'notFound' });
        else setS({ state: 'failed', message: e?.message ?? String(err) });
      },
    );
    return () => {
      live = false;
    };
  }, [name, round]);

  return { ...s, reload };
}
