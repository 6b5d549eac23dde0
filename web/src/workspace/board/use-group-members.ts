/**
 * A group's member list (`groupMember/memberList`, page 1 of 1000), read again whenever `version`
 * changes (the board bumps it on every reload, the settings after each change) and whenever a
 * `members {groupId}` notice says this group's members changed (someone joined, was added, left or
 * was renamed elsewhere: the same notice the chat directory follows). A failed read shows an empty
 * grid rather than a toast per tile.
 */
import { useCallback, useEffect, useState } from 'react';
import { useNotice } from '../realtime';
import { boardApi, type GroupMember } from './board-api';
import { isNoticeFor } from './members-notice';

export function useGroupMembers(groupId: number | null, version: number): { members: GroupMember[] | null; reload(): void } {
  const [members, setMembers] = useState<GroupMember[] | null>(null);
  const [own, setOwn] = useState(0);
  useEffect(() => {
    if (groupId === null) return;
    let live = true;
    boardApi
      .members(groupId)
      .then((list) => live && setMembers(list))
      .catch(() => live && setMembers([]));
    return () => {
      live = false;
    };
  }, [groupId, version, own]);
  const reload = useCallback(() => setOwn((n) => n + 1), []);
  const onMembers = useCallback(
    (d: { groupId: number }) => {
      if (isNoticeFor(d, groupId)) reload();
    },
    [groupId, reload],
  );
  useNotice('members', onMembers);
  return { members, reload };
}
