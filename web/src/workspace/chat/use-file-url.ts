/**
 * The signed url of a chat file for a component, asked only once `active` (the attachment scrolled
 * into view) and reused across components through one cache (file-urls.ts). `reload` asks again:
 * after an image failed to load with a url, or after a failure to ask.
 */
import { useCallback, useEffect, useState, type RefObject } from 'react';
import { calls } from '../../app/data';
import { createFileUrls, isUnavailable } from './file-urls';

/** The chat's urls, asked quietly: a refusal shows as a placeholder, not as an error message. */
export const chatFileUrls = createFileUrls((id) => calls.space.info.fileUrl({ id }, { silent: true }));

export type FileUrlStatus = 'idle' | 'loading' | 'ready' | 'unavailable' | 'failed';

export interface FileUrl {
  status: FileUrlStatus;
  url: string | null;
  reload(): void;
}

export function useFileUrl(fileId: number, active: boolean): FileUrl {
  const [state, setState] = useState<{ status: FileUrlStatus; url: string | null }>(() => {
    const url = chatFileUrls.cached(fileId);
    return url ? { status: 'ready', url } : { status: 'idle', url: null };
  });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!active) return;
    const held = chatFileUrls.cached(fileId);
    if (held) {
      setState({ status: 'ready', url: held });
      return;
    }
    let live = true;
    setState((s) => ({ status: 'loading', url: s.url }));
    chatFileUrls.get(fileId).then(
      (url) => live && setState({ status: 'ready', url }),
      (err: unknown) => live && setState({ status: isUnavailable(err) ? 'unavailable' : 'failed', url: null }),
    );
    return () => {
      live = false;
    };
  }, [fileId, active, attempt]);

  const reload = useCallback(() => {
    chatFileUrls.forget(fileId);
    setAttempt((n) => n + 1);
  }, [fileId]);

  return { ...state, reload };
}

/** Whether `el` has come within a screen's reach of the viewport (once true, stays true). */
export function useSeen(el: RefObject<Element>): boolean {
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    const node = el.current;
    if (seen || !node) return;
    if (typeof IntersectionObserver === 'undefined') {
      setSeen(true);
      return;
    }
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setSeen(true), { rootMargin: '300px 0px' });
    io.observe(node);
    return () => io.disconnect();
  }, [el, seen]);
  return seen;
}
