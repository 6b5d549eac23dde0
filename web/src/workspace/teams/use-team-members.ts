/** A team's members (`groupMember/teamMember {groupId}`), listed owner first; reloaded when `version` changes. */
import { useCallback, useEffect, useState } from 'react';
import { calls } from '../../app/data';
import { roleOf, sortMembers, type TeamMember } from './team-model';

export function useTeamMembers(groupId: number, version: number) {
  const [members, setMembers] = useState<TeamMember[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [own, setOwn] = useState(0);
  const reload = useCallback(() => setOwn((v) => v + 1), []);

  useEffect(() => {
    let live = true;
    (calls.base.groupMember.teamMember({ groupId }, { silent: true }) as Promise<TeamMember[]>)
      .then((list) => {
        if (!live) return;
        setMembers(sortMembers((Array.isArray(list) ? list : []).map((m) => ({ ...m, userId: Number(m.userId), role: roleOf(m.role) }))));
        setFailed(false);
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [groupId, version, own]);

  return { members, failed, reload };
}
