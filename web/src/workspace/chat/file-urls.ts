/**
 * Short-lived urls of chat files (space/info/fileUrl answers a signed url and when it stops
 * working), one per file, reused until RENEW_MS before it expires, so a list of images asks once per
 * image and a download of a file just shown asks nothing. Two asks for one file at once share one
 * request. A refusal (403: not a member any more; 404: the file is gone) is not cached: the next
 * look asks again.
 */
import { ApiError } from '../../lib/http';

/** Asked again this long before the url expires. */
export const RENEW_MS = 30_000;

export interface SignedUrl {
  url: string;
  expiresAt: string;
}

export interface FileUrls {
  /** A url that still works, if one is held. */
  cached(fileId: number): string | null;
  /** A url that works, held or asked for; rejects with the call's error. */
  get(fileId: number): Promise<string>;
  /** Drops a held url (an image that failed to load with it). */
  forget(fileId: number): void;
}

export function createFileUrls(ask: (fileId: number) => Promise<SignedUrl>, now: () => number = Date.now): FileUrls {
  const held = new Map<number, { url: string; until: number }>();
  const asking = new Map<number, Promise<string>>();
  const cached = (id: number) => {
    const h = held.get(id);
    return h && h.until > now() ? h.url : null;
  };
  return {
    cached,
    get(id) {
      const url = cached(id);
      if (url) return Promise.resolve(url);
      let p = asking.get(id);
      if (!p) {
        p = ask(id)
          .then(({ url: got, expiresAt }) => {
            const ms = Date.parse(expiresAt);
            held.set(id, { url: got, until: (Number.isFinite(ms) ? ms : now()) - RENEW_MS });
            return got;
          })
          .finally(() => asking.delete(id));
        asking.set(id, p);
      }
      return p;
    },
    forget: (id) => void held.delete(id),
  };
}

/** Whether an error of fileUrl says the file is not there for this member (refused or gone), not a failure to ask. */
export function isUnavailable(err: unknown): boolean {
  return err instanceof ApiError && (err.status === 403 || err.status === 404);
}
