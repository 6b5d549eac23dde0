/**
 * Browser view state the chat follows: a phone-wide window (the Chats section shows the list or
 * the panel, not both) and whether the page is visible (a hidden tab marks nothing read).
 */
import { useSyncExternalStore } from 'react';

/** Phones: at most this wide, the workspace's own phone breakpoint. */
export const NARROW_QUERY = '(max-width: 640px)';

function media(query: string): MediaQueryList | null {
  return typeof window !== 'undefined' && window.matchMedia ? window.matchMedia(query) : null;
}

export function useNarrow(): boolean {
  return useSyncExternalStore(
    (fn) => {
      const m = media(NARROW_QUERY);
      m?.addEventListener('change', fn);
      return () => m?.removeEventListener('change', fn);
    },
    () => media(NARROW_QUERY)?.matches ?? false,
  );
}

export function usePageVisible(): boolean {
  return useSyncExternalStore(
    (fn) => {
      document.addEventListener('visibilitychange', fn);
      window.addEventListener('focus', fn);
      return () => {
        document.removeEventListener('visibilitychange', fn);
        window.removeEventListener('focus', fn);
      };
    },
    () => document.visibilityState === 'visible',
  );
}
