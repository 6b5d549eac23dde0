/**
 * The signed-in member's friend rows, sorted into sections, reloaded when a friend notification
 * arrives (a request to them, an acceptance of theirs), when a request to them was answered on
 * another device (its notice read there), and after every change they make.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useAuth } from '../../app/auth';
import { useNotice } from '../realtime';
import { friendSections, type FriendRow, type FriendSections } from './friend-rows';
import { friendCalls } from './social-calls';
import { NOTIFY_TYPE } from './notify-model';

export interface Friends {
  me: number;
  sections: FriendSections;
  loading: boolean;
  failed: boolean;
  reload(): Promise<void>;
}

const FRIEND_NOTICES: number[] = [NOTIFY_TYPE.friendRequest, NOTIFY_TYPE.friendAccepted];

export function useFriends(): Friends {
  const me = useAuth().user?.id ?? 0;
  const [rows, setRows] = useState<FriendRow[]>([]);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  const latest = useRef(0);

  const reload = useCallback(async () => {
    if (!me) return;
    const call = ++latest.current;
    setLoading(true);
    try {
      const [mine, toMe] = await Promise.all([friendCalls.mine(me), friendCalls.toMe(me)]);
      if (call !== latest.current) return;
      setRows([...mine, ...toMe]);
      setFailed(false);
    } catch {
      if (call === latest.current) setFailed(true);
    } finally {
      if (call === latest.current) setLoading(false);
    }
  }, [me]);

  useEffect(() => {
    void reload();
  }, [reload]);

  const onNotify = useCallback(
    (n: Record<string, unknown>) => {
      if (FRIEND_NOTICES.includes(Number(n.type))) void reload();
    },
    [reload],
  );
  useNotice('notify', onNotify);
  // A request answered on another device: its notice was read there, and the lists here moved.
  const onRead = useCallback(
    (d: { type?: number }) => {
      if (Number(d?.type) === NOTIFY_TYPE.friendRequest) void reload();
    },
    [reload],
  );
  useNotice('notifyRead', onRead);

  const sections = useMemo(() => friendSections(rows, me), [rows, me]);
  return { me, sections, loading, failed, reload };
}
