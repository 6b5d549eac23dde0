/**
 * What the friends screen and the person page do to a friend row: ask, answer, block, remove,
 * rename. Removing and blocking ask first. Each reloads the lists afterwards (also after a refusal
 * by the server, whose message the http client has shown, since the rows may have moved meanwhile).
 */
import { useCallback, useState } from 'react';
import { useI18n } from '../../i18n';
import { FRIEND } from './friend-rows';
import { friendCalls } from './social-calls';
import { useAppApi } from '../../app/app-api';

/** The confirm dialogs' OK button (a variable: data-* attributes pass only outside an object literal). */
const DANGER_OK = { danger: true, 'data-testid': 'friends-confirm-ok' };

export interface FriendActions {
  /** The row or person id an action is running for (its button shows a spinner). */
  busy: number | null;
  request(personId: number): Promise<void>;
  answer(rowId: number, status: 1 | 2): Promise<void>;
  block(rowId: number, name: string): void;
  remove(rowId: number, name: string): void;
  withdraw(rowId: number): Promise<void>;
  unblock(rowId: number): Promise<void>;
  rename(rowId: number, remark: string): Promise<void>;
}

export function useFriendActions(reload: () => Promise<void>): FriendActions {
  const { t } = useI18n();
  const { modal, message } = useAppApi();
  const [busy, setBusy] = useState<number | null>(null);

  const run = useCallback(
    async (key: number, work: () => Promise<unknown>, done?: string) => {
      setBusy(key);
      try {
        await work();
        if (done) void message.success(done);
      } catch {
        // The http client showed why.
      } finally {
        setBusy(null);
        await reload();
      }
    },
    [message, reload],
  );

  const request = useCallback(
    (personId: number) =>
      run(personId, async () => {
        const r = await friendCalls.add(personId);
        void message.success(Number(r.status) === FRIEND.accepted ? t('wsSocial.friends.nowFriends') : t('wsSocial.friends.requestSent'));
      }),
    [run, message, t],
  );

  const answer = useCallback(
    (rowId: number, status: 1 | 2) => run(rowId, () => friendCalls.update({ id: rowId, status }), status === 1 ? t('wsSocial.friends.nowFriends') : undefined),
    [run, t],
  );

  const block = useCallback(
    (rowId: number, name: string) => {
      modal.confirm({
        title: t('wsSocial.friends.confirmBlock.title', { name }),
        content: t('wsSocial.friends.confirmBlock.content'),
        okText: t('wsSocial.friends.block'),
        okButtonProps: DANGER_OK,
        cancelText: t('wsSocial.cancel'),
        onOk: () => run(rowId, () => friendCalls.update({ id: rowId, status: FRIEND.blocked })),
      });
    },
    [modal, run, t],
  );

  const remove = useCallback(
    (rowId: number, name: string) => {
      modal.confirm({
        title: t('wsSocial.friends.confirmRemove.title', { name }),
        content: t('wsSocial.friends.confirmRemove.content'),
        okText: t('wsSocial.friends.remove'),
        okButtonProps: DANGER_OK,
        cancelText: t('wsSocial.cancel'),
        onOk: () => run(rowId, () => friendCalls.remove([rowId])),
      });
    },
    [modal, run, t],
  );

  const withdraw = useCallback((rowId: number) => run(rowId, () => friendCalls.remove([rowId])), [run]);
  const unblock = useCallback((rowId: number) => run(rowId, () => friendCalls.remove([rowId]), t('wsSocial.friends.unblocked')), [run, t]);
  const rename = useCallback((rowId: number, remark: string) => run(rowId, () => friendCalls.update({ id: rowId, remark: remark.trim() || null })), [run]);

  return { busy, request, answer, block, remove, withdraw, unblock, rename };
}
