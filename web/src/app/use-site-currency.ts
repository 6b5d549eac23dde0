/**
 * The site currency prices are written in (the server's `currency` param, CNY unless set), as the
 * public site info answers it: read once per page load, CNY until known or when the call fails.
 */
import { useEffect, useState } from 'react';
import { entityAction } from './data';
import { currencyCode, DEFAULT_CURRENCY } from './money';

let asking: Promise<string> | null = null;
let known: string | null = null;

export function siteCurrency(): Promise<string> {
  asking ??= entityAction<{ currency?: unknown }>('base/site', 'info', {}, { silent: true, skipAuth: true }).then(
    (info) => (known = currencyCode(info?.currency)),
    () => {
      asking = null;
      return DEFAULT_CURRENCY;
    },
  );
  return asking;
}

/** The site currency (CNY until known). */
export function useSiteCurrency(): string {
  const [currency, setCurrency] = useState(known ?? DEFAULT_CURRENCY);
  useEffect(() => {
    let live = true;
    if (!known) void siteCurrency().then((c) => live && setCurrency(c));
    return () => {
      live = false;
    };
  }, []);
  return currency;
}
