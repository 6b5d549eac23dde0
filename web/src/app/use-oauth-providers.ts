/**
 * The OAuth providers this server has credentials for, as the public site info answers them: the
 * member sign-in page offers only those. Read once per page load; none until known or when the call fails.
 */
import { useEffect, useState } from 'react';
import { calls } from './data';

export type SignInProvider = 'google' | 'discord';

/** Keeps the names the page knows how to show, in the server's order. */
export function signInProviders(v: unknown): SignInProvider[] {
  if (!Array.isArray(v)) return [];
  return v.filter((p): p is SignInProvider => p === 'google' || p === 'discord');
}

let asking: Promise<SignInProvider[]> | null = null;

function providers(): Promise<SignInProvider[]> {
  asking ??= (calls.base.site.info({}, { silent: true, skipAuth: true }) as Promise<{ oauthProviders?: unknown }>).then(
    (info) => signInProviders(info?.oauthProviders),
    () => {
      asking = null;
      return [];
    },
  );
  return asking;
}

/** The configured providers (empty until known). */
export function useOAuthProviders(): SignInProvider[] {
  const [list, setList] = useState<SignInProvider[]>([]);
  useEffect(() => {
    let live = true;
    void providers().then((p) => live && setList(p));
    return () => {
      live = false;
    };
  }, []);
  return list;
}
