import { describe, expect, it } from 'vitest';
import { THEME_COLORS, THEME_NAMES, breakpoint, mix, shades } from '../../web/src/app/theme';
import { readFileSync } from 'node:fs';
import { displayName, faviconFor, siteIdentity } from '../../web/src/app/site';

describe('themes (000 §9)', () => {
  it('has the eight themes with the default primary colour #FA9819', () => {
    expect([...THEME_NAMES]).toEqual(['default', 'cuilv', 'zitan', 'jincheng', 'yingtao', 'bohe', 'qinghui', 'shanhu']);
    expect(THEME_COLORS.default).toBe('#FA9819');
    expect(new Set(Object.values(THEME_COLORS)).size).toBe(8);
  });

  it('mixes colours and computes nine shade steps each way', () => {
    expect(mix('#000000', '#FFFFFF', 0.5)).toBe('#808080');
    expect(mix('#FA9819', '#FFFFFF', 0)).toBe('#FA9819');
    const light = shades('#FA9819', false);
    expect(light.light).toHaveLength(9);
    expect(light.dark).toHaveLength(9);
    expect(light.light[8]).toBe(mix('#FA9819', '#FFFFFF', 0.9));
    expect(light.dark[0]).toBe(mix('#FA9819', '#000000', 0.1));
  });

  it('recomputes the light shades towards the dark background in dark mode', () => {
    const inLight = shades('#FA9819', false).light[4];
    const inDark = shades('#FA9819', true).light[4];
    expect(inDark).not.toBe(inLight);
    expect(inDark).toBe(mix('#FA9819', '#141414', 0.5));
  });

  it('has the breakpoints of 000 §9', () => {
    expect([0, 767, 768, 991, 992, 1199, 1200, 1919, 1920, 3000].map(breakpoint)).toEqual(['xs', 'xs', 'sm', 'sm', 'md', 'md', 'xl', 'xl', 'full', 'full']);
  });
});

describe('display name and favicon by host (000 §1)', () => {
  const cfg = { osHost: 'os.example.org', osProduct: 'Acme', brandDomain: 'brand.io' };
  it('shows "{product} OS" on the configured host and the product name elsewhere', () => {
    expect(displayName('OS.example.org', cfg)).toEqual({ key: 'common.appNameOs', product: 'Acme' });
    expect(displayName('localhost', cfg).key).toBe('common.appName');
  });
  it('uses the alternate icon when the host contains the brand domain', () => {
    expect(faviconFor('app.brand.io', cfg)).toBe('/favicon-alt.svg');
    expect(faviconFor('localhost', cfg)).toBe('/favicon.svg');
    expect(faviconFor('x.brand.io', { ...cfg, brandDomain: '' })).toBe('/favicon.svg');
  });
  it('gives the title and favicon of the host rule, applied above the router so error and top-level pages have them too', () => {
    expect(siteIdentity('app.brand.io', 'Acme OS', cfg)).toEqual({ title: 'Acme OS', favicon: '/favicon-alt.svg' });
    expect(siteIdentity('localhost', 'COSMAC AI', cfg)).toEqual({ title: 'COSMAC AI', favicon: '/favicon.svg' });
    // Mounted once in the providers that wrap the router, not per page (error pages never mounted it),
    // and beside the sign-in page the entry draws without those providers.
    const full = readFileSync(new URL('../../web/src/app/full-app.tsx', import.meta.url), 'utf8');
    expect(full).toMatch(/<SiteIdentity \/>[\s\S]*\{children\}/);
    const main = readFileSync(new URL('../../web/src/main.tsx', import.meta.url), 'utf8');
    expect(main).toMatch(/<SiteIdentity \/>\s*<light\.Page/);
  });
});
