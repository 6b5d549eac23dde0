/**
 * Display name and favicon by host (000 §1). Configured at build time:
 * VITE_OS_HOST (the host that shows '{product} OS'), VITE_OS_PRODUCT (its product name, default COSMAC),
 * VITE_BRAND_DOMAIN (hosts containing it get the alternate favicon).
 */
const env = import.meta.env as Record<string, string | undefined>;

export interface SiteConfig {
  osHost: string;
  osProduct: string;
  brandDomain: string;
}

export const SITE: SiteConfig = {
  osHost: env.VITE_OS_HOST ?? 'os.cosmac.ai',
  osProduct: env.VITE_OS_PRODUCT ?? 'COSMAC',
  brandDomain: env.VITE_BRAND_DOMAIN ?? 'cosmac.io',
};

export function displayName(host: string, cfg: SiteConfig = SITE): { key: 'common.appName' | 'common.appNameOs'; product: string } {
  return host.toLowerCase() === cfg.osHost.toLowerCase()
    ? { key: 'common.appNameOs', product: cfg.osProduct }
    : { key: 'common.appName', product: cfg.osProduct };
}

export function faviconFor(host: string, cfg: SiteConfig = SITE): string {
  return cfg.brandDomain && host.toLowerCase().includes(cfg.brandDomain.toLowerCase()) ? '/favicon-alt.svg' : '/favicon.svg';
}

/** The document title and favicon for this host; applied once for the whole app (use-site.ts), so every page, error pages included, carries them. */
export function siteIdentity(host: string, name: string, cfg: SiteConfig = SITE): { title: string; favicon: string } {
  return { title: name, favicon: faviconFor(host, cfg) };
}
