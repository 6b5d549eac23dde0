/**
 * The selected desktop: `&desktop=ID` in the address (so a link or a reload shows the same one),
 * remembered per member in localStorage for visits without it. An unknown id shows the default
 * desktop (999).
 */
import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import { DEFAULT_DESKTOP_ID, pickDesktop, type DesktopItem } from './desktop-order';

const storageKey = (userId: number | undefined) => `ws.board.desktop.${userId ?? 0}`;

function parseId(v: string | null): number | null {
  if (!v || !/^\d{1,15}$/.test(v)) return null;
  return Number(v);
}

function stored(userId: number | undefined): number | null {
  try {
    return parseId(localStorage.getItem(storageKey(userId)));
  } catch {
    return null;
  }
}

export function useSelectedDesktop(desktops: readonly DesktopItem[] | null, userId: number | undefined): [number, (id: number) => void] {
  const [search, setSearch] = useSearchParams();
  const wanted = parseId(search.get('desktop')) ?? stored(userId);
  const selected = desktops ? pickDesktop(desktops, wanted) : (wanted ?? DEFAULT_DESKTOP_ID);
  const select = useCallback(
    (id: number) => {
      try {
        localStorage.setItem(storageKey(userId), String(id));
      } catch {
        /* storage unavailable: the address still holds the choice */
      }
      setSearch(
        (prev) => {
          const next = new URLSearchParams(prev);
          next.set('desktop', String(id));
          return next;
        },
        { replace: true },
      );
    },
    [setSearch, userId],
  );
  return [selected, select];
}
