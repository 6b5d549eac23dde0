/**
 * `groupMember/canJoin {key}` for the join page: `{canJoin, reason?, team?}`, asked again when the
 * key or the signed-in user changes (the answer says `member` only to a member). A failed call (the
 * 60-a-minute limit, say) keeps the server's message for the page to show. `refresh()` asks again
 * keeping the answer on screen meanwhile (the card's member count after a join).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { calls } from '../../app/data';
import type { PublicTeam } from './JoinTeamCard';

export interface JoinCheck {
  canJoin: boolean;
  reason?: string;
  /** Any text the server adds beside a reason code. */
  message?: string;
  team?: PublicTeam;
}

export type JoinCheckState = { status: 'idle' | 'loading' } | { status: 'done'; result: JoinCheck } | { status: 'failed'; message: string };

export function useJoinCheck(key: string | null, userId: number | null) {
  const [state, setState] = useState<JoinCheckState>({ status: 'idle' });
  const [again, setAgain] = useState(0);
  const quiet = useRef(false);
  const retry = useCallback(() => setAgain((v) => v + 1), []);
  const refresh = useCallback(() => {
    quiet.current = true;
    setAgain((v) => v + 1);
  }, []);

  useEffect(() => {
    if (!key) {
      setState({ status: 'idle' });
      return;
    }
    let live = true;
    if (!quiet.current) setState({ status: 'loading' });
    quiet.current = false;
    (calls.base.groupMember.canJoin({ key }, { silent: true }) as Promise<JoinCheck>)
      .then((result) => live && setState({ status: 'done', result: result ?? { canJoin: false } }))
      .catch((e: unknown) => live && setState({ status: 'failed', message: e instanceof Error ? e.message : String(e) }));
    return () => {
      live = false;
    };
  }, [key, userId, again]);

  return { state, retry, refresh };
}
