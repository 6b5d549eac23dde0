/**
 * The bell's notifications: the newest page and the unread total on mount, each live `notify`
 * notice on top (with a short toast), reads and "mark all read", and the reads the server made
 * (`notifyRead`: a friend request answered, here or elsewhere). A mark is shown at once and
 * taken back when the server refuses it.
 */
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { useNotice } from '../realtime';
import { EMPTY_NOTIFY, notifyFromNotice, notifyReducer, notifyToastKey, readNoticeIds, type NotifyRow, type NotifyState } from './notify-model';
import { notifyCalls } from './social-calls';
import { useAppApi } from '../../app/app-api';

export const NOTIFY_PAGE_SIZE = 20;

export interface Notifications extends NotifyState {
  loading: boolean;
  failed: boolean;
  reload(): Promise<void>;
  more(): Promise<void>;
  markRead(row: NotifyRow): void;
  markAll(): Promise<void>;
}

/** `onToastClick`: what clicking a live notification's toast does (the bell opens it). */
export function useNotifications(onToastClick?: (row: NotifyRow) => void): Notifications {
  const { notification } = useAppApi();
  const [state, dispatch] = useReducer(notifyReducer, EMPTY_NOTIFY);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  const page = useRef(1);
  const toastClick = useRef(onToastClick);
  toastClick.current = onToastClick;

  const reload = useCallback(async () => {
    setLoading(true);
    try {
      const [first, unread] = await Promise.all([notifyCalls.page(1, NOTIFY_PAGE_SIZE), notifyCalls.unread()]);
      page.current = 1;
      dispatch({ type: 'loaded', list: first.list, unread, total: Number(first.pagination.total) || 0 });
      setFailed(false);
    } catch {
      setFailed(true);
    } finally {
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    void reload();
  }, [reload]);

  const more = useCallback(async () => {
    try {
      const next = await notifyCalls.page(page.current + 1, NOTIFY_PAGE_SIZE);
      page.current += 1;
      dispatch({ type: 'more', list: next.list });
    } catch {
      // Kept as it was; the button stays.
    }
  }, []);

  const onNotify = useCallback(
    (data: Record<string, unknown>) => {
      const row = notifyFromNotice(data);
      if (!row) return;
      dispatch({ type: 'arrived', row });
      const key = notifyToastKey(row.id);
      notification.open({
        key,
        message: row.title ?? '',
        description: row.content ?? undefined,
        placement: 'topRight',
        duration: 4,
        className: 'soc-toast',
        onClick: () => {
          notification.destroy(key);
          toastClick.current?.(row);
        },
      });
    },
    [notification],
  );
  useNotice('notify', onNotify);
  // A notice read (a request answered, here or elsewhere) takes its toast with it.
  const onRead = useCallback(
    (data: { ids?: unknown }) => {
      const ids = readNoticeIds(data);
      for (const id of ids) notification.destroy(notifyToastKey(id));
      if (ids.length) dispatch({ type: 'readOnServer', ids });
    },
    [notification],
  );
  useNotice('notifyRead', onRead);

  const markRead = useCallback(
    (row: NotifyRow) => {
      notification.destroy(notifyToastKey(row.id));
      if (Number(row.status ?? 0) !== 0) return;
      dispatch({ type: 'read', id: row.id });
      notifyCalls.markRead(row.id).catch(() => dispatch({ type: 'unread', id: row.id }));
    },
    [notification],
  );

  const markAll = useCallback(async () => {
    try {
      await notifyCalls.readAll();
      dispatch({ type: 'allRead' });
    } catch {
      // The http client showed why; nothing changed.
    }
  }, []);

  return { ...state, loading, failed, reload, more, markRead, markAll };
}
