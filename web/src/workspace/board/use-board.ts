/**
 * The board's data: the member's desktops (`desktop/list`) and groups (`group/list2`), and the
 * changes to them. Reordering desktops, renaming one and moving a group are shown at once and put
 * back when the server refuses (the http client has shown its message by then); adding and deleting
 * reload, since the server decides the result (a new id, groups falling back to Default).
 *
 * `version` grows with every reload, so tiles know to read their member lists again.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { boardApi, type MyGroup } from './board-api';
import { moveGroup, nextSort, ownIds, type DesktopItem } from './desktop-order';
import { loadTurns } from './load-turns';

export interface Board {
  desktops: readonly DesktopItem[] | null;
  groups: MyGroup[] | null;
  failed: boolean;
  version: number;
  reload(): Promise<void>;
  /** Shows `next` (a reordered list) and stores its order. */
  reorder(next: readonly DesktopItem[]): Promise<void>;
  addDesktop(name: string): Promise<number>;
  renameDesktop(id: number, name: string): Promise<void>;
  deleteDesktop(id: number): Promise<void>;
  moveGroupTo(groupId: number, desktopId: number): Promise<void>;
}

export function useBoard(): Board {
  const [desktops, setDesktopsState] = useState<readonly DesktopItem[] | null>(null);
  const [groups, setGroups] = useState<MyGroup[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [version, setVersion] = useState(0);
  const current = useRef<readonly DesktopItem[] | null>(null);
  const live = useRef(true);
  const turns = useRef(loadTurns()).current;

  const setDesktops = useCallback((next: readonly DesktopItem[] | null) => {
    current.current = next;
    setDesktopsState(next);
  }, []);

  // An answer that a newer load or a change shown since has overtaken is dropped (load-turns.ts).
  const reload = useCallback(async () => {
    const turn = turns.begin();
    try {
      const [d, g] = await Promise.all([boardApi.desktops(), boardApi.groups()]);
      if (!live.current || !turn.current()) return;
      setDesktops(d);
      setGroups(g);
      setFailed(false);
      setVersion((v) => v + 1);
    } catch {
      if (live.current && turn.current()) setFailed(true);
    } finally {
      turn.end();
    }
  }, [setDesktops, turns]);

  useEffect(() => {
    live.current = true;
    void reload();
    return () => {
      live.current = false;
    };
  }, [reload]);

  /**
   * Shows `next` while `call` runs; puts the list before it back when the call fails, and rethrows.
   * A load in flight read the list before the change: it is dropped and made again afterwards.
   */
  const optimistic = useCallback(
    async (next: readonly DesktopItem[], call: () => Promise<unknown>) => {
      const before = current.current;
      const overtaken = turns.supersede();
      setDesktops(next);
      try {
        await call();
      } catch (e) {
        if (live.current && current.current === next) setDesktops(before);
        throw e;
      } finally {
        if (overtaken && live.current) void reload();
      }
    },
    [setDesktops, turns, reload],
  );

  const reorder = useCallback((next: readonly DesktopItem[]) => optimistic(next, () => boardApi.sortDesktops(ownIds(next))), [optimistic]);

  const addDesktop = useCallback(
    async (name: string) => {
      const { id } = await boardApi.addDesktop(name, nextSort(current.current ?? []));
      await reload();
      return id;
    },
    [reload],
  );

  const renameDesktop = useCallback(
    (id: number, name: string) =>
      optimistic(
        (current.current ?? []).map((d) => (d.id === id ? { ...d, name } : d)),
        () => boardApi.renameDesktop(id, name),
      ),
    [optimistic],
  );

  const deleteDesktop = useCallback(
    async (id: number) => {
      await boardApi.deleteDesktop(id);
      await reload();
    },
    [reload],
  );

  const moveGroupTo = useCallback(
    (groupId: number, desktopId: number) => optimistic(moveGroup(current.current ?? [], groupId, desktopId), () => boardApi.groupToDesktop(groupId, desktopId)),
    [optimistic],
  );

  return { desktops, groups, failed, version, reload, reorder, addDesktop, renameDesktop, deleteDesktop, moveGroupTo };
}
