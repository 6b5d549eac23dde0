/**
 * The signed-in member's teams (`groupMember/teams`), reloaded when a team notification arrives
 * (joined, left, role, notice: the notification carries no team id, so every team is reloaded),
 * and when one of these teams' members change (`members` notice to the team's room): only the owner
 * is notified of a join or a leave, and every member's card counts the members.
 * `version` grows on every reload, so a team page can reload its members and notices with it.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { calls } from '../../app/data';
import { useNotice } from '../realtime';
import { isTeamNotify, roleOf, type MyTeam } from './team-model';

export interface TeamsState {
  teams: MyTeam[];
  loading: boolean;
  failed: boolean;
  /** Loaded at least once. */
  ready: boolean;
}

export function useMyTeams(): TeamsState & { version: number; reload: () => void } {
  const [state, setState] = useState<TeamsState>({ teams: [], loading: true, failed: false, ready: false });
  const [version, setVersion] = useState(0);
  const reload = useCallback(() => setVersion((v) => v + 1), []);

  useEffect(() => {
    let live = true;
    setState((s) => ({ ...s, loading: true }));
    (calls.base.groupMember.teams({}, { silent: true }) as Promise<MyTeam[]>)
      .then((list) => {
        if (!live) return;
        const teams = (Array.isArray(list) ? list : []).map((t) => ({ ...t, id: Number(t.id), role: roleOf(t.role), memberCount: Number(t.memberCount ?? 0) }));
        setState({ teams, loading: false, failed: false, ready: true });
      })
      .catch(() => live && setState((s) => ({ ...s, loading: false, failed: true })));
    return () => {
      live = false;
    };
  }, [version]);

  const onNotify = useCallback(
    (n: Record<string, unknown>) => {
      if (isTeamNotify(n)) reload();
    },
    [reload],
  );
  useNotice('notify', onNotify);

  const shown = useRef<MyTeam[]>([]);
  shown.current = state.teams;
  const onMembers = useCallback(
    (d: { groupId: number }) => {
      if (shown.current.some((team) => team.id === Number(d?.groupId))) reload();
    },
    [reload],
  );
  useNotice('members', onMembers);

  return { ...state, version, reload };
}
