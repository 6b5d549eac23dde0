/**
 * The signed-in member's directory (see directory.ts) over the data layer, and the hook that
 * re-renders a screen when it learns something. A new directory starts when another user signs
 * in (groups are per member). Presence and member-change notices reach it whether or not a chat
 * screen is open.
 */
import { useEffect, useSyncExternalStore } from 'react';
import { calls, shaped } from '../../app/data';
import { useAuth } from '../../app/auth';
import type { Target } from '../../app/socket';
import { onMembershipChange, realtime } from '../realtime';
import { createDirectory, type Directory, type GroupRow, type MemberRow, type ProfileRow } from './directory';

/** How old group names and member lists may be before a screen that opens asks again. */
export const REFRESH_MS = 30_000;

const silent = { silent: true };
let current: { userId: number; dir: Directory } | null = null;

function directoryFor(userId: number): Directory {
  if (current?.userId !== userId) {
    current = {
      userId,
      dir: createDirectory({
        groups: () => calls.base.group.list2({}, silent) as Promise<GroupRow[]>,
        user: (id) => shaped<ProfileRow>(calls.base.sys.user.openDetail({ id }, silent)),
        members: (groupId) =>
          calls.base.groupMember.memberList({ groupId, page: 1, size: 1000 }, silent) as Promise<{ list: MemberRow[]; pagination?: { total?: number } }>,
      }),
    };
  }
  return current.dir;
}

realtime.onNotice('presence', (p) => {
  if (current && p && typeof p.userId === 'number') current.dir.setOnline(p.userId, !!p.online);
});

onMembershipChange(() => void current?.dir.ensureGroups(0));

// Someone joined, was added, left or was renamed in one of the member's groups: an open chat's
// member list (names, the @ picker, the member count) follows at once.
realtime.onNotice('members', (d) => {
  if (current && d && typeof d.groupId === 'number') void current.dir.membersChanged(d.groupId);
});

const noop = () => () => undefined;
const zero = () => 0;

/** The member's directory; the component re-renders when it changes. */
export function useDirectory(): Directory | null {
  const userId = useAuth().user?.id ?? null;
  const dir = userId ? directoryFor(userId) : null;
  useSyncExternalStore(dir ? dir.subscribe : noop, dir ? dir.version : zero);
  return dir;
}

/** Asks for what names a conversation: its group (and members), or the other user's profile. */
export function useTargetInfo(dir: Directory | null, target: Target | null, withMembers: boolean): void {
  const key = target ? `${target.toType}-${target.toId}` : '';
  useEffect(() => {
    if (!dir || !target) return;
    if (target.toType === 1) {
      void dir.ensureGroups(dir.group(target.toId) ? Infinity : REFRESH_MS);
      if (withMembers) void dir.ensureMembers(target.toId, REFRESH_MS);
    } else {
      void dir.ensureUser(target.toId);
    }
  }, [dir, key, withMembers]); // the key names the target
}
