/**
 * The site currency prices are written in (the server's `currency` param, CNY unless set) and the
 * tokens a top-up gives per unit of it (`tokensPerUnit`), as the public site info answers them: read
 * once per page load; CNY until known or when the call fails, the rate unknown (null) until then.
 */
import { useEffect, useState } from 'react';
import { calls } from './data';
import { currencyCode, DEFAULT_CURRENCY } from './money';

interface Terms {
  currency: string;
  tokensPerUnit: number | null;
}

let asking: Promise<Terms> | null = null;
let known: Terms | null = null;

function siteTerms(): Promise<Terms> {
  asking ??= (calls.base.site.info({}, { silent: true, skipAuth: true }) as Promise<{ currency?: unknown; tokensPerUnit?: unknown }>).then(
    (info) => {
      const rate = Number(info?.tokensPerUnit);
      return (known = { currency: currencyCode(info?.currency), tokensPerUnit: Number.isFinite(rate) && rate > 0 ? rate : null });
    },
    () => {
      asking = null;
      return { currency: DEFAULT_CURRENCY, tokensPerUnit: null };
    },
  );
  return asking;
}

export function siteCurrency(): Promise<string> {
  return siteTerms().then((t) => t.currency);
}

function useTerms(): Terms {
  const [terms, setTerms] = useState<Terms>(known ?? { currency: DEFAULT_CURRENCY, tokensPerUnit: null });
  useEffect(() => {
    let live = true;
    if (!known) void siteTerms().then((t) => live && setTerms(t));
    return () => {
      live = false;
    };
  }, []);
  return terms;
}

/** The site currency (CNY until known). */
export function useSiteCurrency(): string {
  return useTerms().currency;
}

/** Tokens a top-up gives per unit of the site currency (null until known). */
export function useTokensPerUnit(): number | null {
  return useTerms().tokensPerUnit;
}
