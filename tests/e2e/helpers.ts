/**
 * Shared by the specs: where the server runs, the captcha answer from Redis, API calls as a
 * signed-in user, signing in through the UI, paying at the fake providers, and screenshots into
 * tests/e2e/artifacts/.
 */
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import Redis from 'ioredis';

// This worker's own server (global-setup.ts starts one per worker and names their variables E2E_*__i).
const stack = process.env.TEST_PARALLEL_INDEX;
if (stack !== undefined) {
  for (const [k, v] of Object.entries(process.env))
    if (v !== undefined && k.startsWith('E2E_') && k.endsWith(`__${stack}`)) process.env[k.slice(0, -`__${stack}`.length)] = v;
}

export const ARTIFACTS = resolve(__dirname, 'artifacts');
mkdirSync(ARTIFACTS, { recursive: true });

/** Call at the top of every spec file: skips everything when global setup found no Redis. */
export function skipWithoutServer(): void {
  test.skip(!!process.env.E2E_SKIP, process.env.E2E_SKIP ?? '');
}

export const base = (): string => process.env.E2E_BASE_URL ?? 'http://127.0.0.1:1';
export const url = (path: string): string => base() + path;
export const adminPassword = (): string => process.env.E2E_ADMIN_PASSWORD ?? '';

/** The answer of a captcha, read from the server's cache store (key `captcha:<id>` under the prefix). */
export async function captchaAnswer(captchaId: string): Promise<string> {
  const key = `${process.env.E2E_REDIS_PREFIX ?? ''}captcha:${captchaId}`;
  const redis = new Redis(process.env.E2E_REDIS_URL ?? 'redis://127.0.0.1:6379/14', { maxRetriesPerRequest: 2 });
  try {
    for (let i = 0; i < 20; i++) {
      const v = await redis.get(key);
      if (v) return v;
      await new Promise((r) => setTimeout(r, 100));
    }
  } finally {
    redis.disconnect();
  }
  throw new Error(`no captcha answer in Redis under ${key}`);
}

export interface Envelope<T> {
  code: number;
  message: string;
  data: T;
}

/** A minimal API client for arranging and checking data (signs in with the captcha too). */
export class Api {
  constructor(readonly token: string) {}

  static async login(username: string, password: string): Promise<Api> {
    const cap = (await (await fetch(url('/api/admin/base/open/captcha'))).json()) as Envelope<{ captchaId: string }>;
    const verifyCode = await captchaAnswer(cap.data.captchaId);
    const res = (await (
      await fetch(url('/api/admin/base/open/login'), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username, password, captchaId: cap.data.captchaId, verifyCode }),
      })
    ).json()) as Envelope<{ token: string }>;
    if (res.code !== 1000) throw new Error(`API login of ${username} failed: ${res.message}`);
    return new Api(res.data.token);
  }

  static admin(): Promise<Api> {
    return Api.login('admin', adminPassword());
  }

  async call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Envelope<T>> {
    const res = await fetch(url('/api' + path), {
      method,
      headers: { authorization: this.token, 'content-type': 'application/json' },
      body: method === 'POST' ? JSON.stringify(body ?? {}) : undefined,
    });
    return (await res.json()) as Envelope<T>;
  }

  /** POST that must succeed; returns data. */
  async post<T>(path: string, body?: unknown): Promise<T> {
    const r = await this.call<T>('POST', path, body);
    if (r.code !== 1000) throw new Error(`${path} -> ${r.code} ${r.message} ${JSON.stringify(r.data)}`);
    return r.data;
  }

  async get<T>(path: string): Promise<T> {
    const r = await this.call<T>('GET', path);
    if (r.code !== 1000) throw new Error(`${path} -> ${r.code} ${r.message}`);
    return r.data;
  }

  async page<T = Record<string, unknown>>(prefix: string, query: Record<string, unknown>): Promise<{ list: T[]; pagination: { total: number } }> {
    return this.post(`${prefix}/page`, { page: 1, size: 100, ...query });
  }
}

/**
 * Screenshot of the viewport into tests/e2e/artifacts/<name>.png, once skeletons, spinners and a
 * leaving page are gone and nothing moves (motionDone: dialogs, route fades, antd motions), however
 * long that takes on a busy machine (it was a fixed half second, which a quiet one mostly idled).
 */
export async function shot(page: Page, name: string): Promise<void> {
  await settled(page);
  if (process.env.E2E_SHOTS === '0') return;
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: false });
}

/** Waits (5 s at most) until no skeleton, spinner or leaving page shows, then until nothing moves. */
export async function settled(page: Page): Promise<void> {
  await page
    .locator('.ant-skeleton, .ant-spin-spinning, .route-fade-out')
    .first()
    .waitFor({ state: 'detached', timeout: 5000 })
    .catch(() => undefined);
  await motionDone(page).catch(() => undefined);
}

/**
 * Counts the page's calls to the API as they go out and come back; `idle()` resolves once none is
 * in flight (seen twice, 50 ms apart, so a call sent on another's answer is caught). Where a test
 * needs "every call this screen made has answered", this replaces the load state "networkidle",
 * which waits half a second of silence after the last request of any kind.
 */
export function watchCalls(page: Page): { idle(): Promise<void> } {
  const open = new Set<object>();
  const isCall = (u: string): boolean => u.includes('/api/');
  page.on('request', (r) => {
    if (isCall(r.url())) open.add(r);
  });
  const done = (r: object): void => void open.delete(r);
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return {
    async idle() {
      let quiet = 0;
      await expect
        .poll(() => (quiet = open.size === 0 ? quiet + 1 : 0), { intervals: [50], timeout: 20_000, message: 'calls still in flight' })
        .toBeGreaterThanOrEqual(2);
    },
  };
}

/**
 * Resolves once the page has been still for three frames: no finite CSS animation or transition
 * running (antd zooms a popover or a modal in, slides a drawer). Playwright calls an element stable
 * when two frames show it in one place, which a popup that has not started its zoom yet also
 * passes; on a loaded machine the click then lands where the item was before the zoom moved it.
 * Endless animations (a spinner, a skeleton's shimmer) do not count.
 */
export async function motionDone(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const w = window as unknown as { __stillFrames?: number };
      const moving = document.getAnimations().some((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity);
      w.__stillFrames = moving ? 0 : (w.__stillFrames ?? 0) + 1;
      return w.__stillFrames >= 3;
    },
    undefined,
    { polling: 'raf', timeout: 10_000 },
  );
}

/** Clicks `target` once nothing on the page moves (see motionDone): an item of a menu or a dialog just opened. */
export async function clickStill(target: Locator): Promise<void> {
  await target.waitFor({ state: 'visible' });
  await motionDone(target.page());
  await target.click();
}

/** Fills the sign-in form (username, password, captcha answer from Redis) and submits it. */
export async function submitLogin(page: Page, username: string, password: string, answer?: string): Promise<void> {
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(password);
  const img = page.getByTestId('login-captcha-img');
  await expect(img).toHaveAttribute('data-captcha-id', /.+/);
  const id = (await img.getAttribute('data-captcha-id')) ?? '';
  await page.getByTestId('login-captcha').fill(answer ?? (await captchaAnswer(id)));
  await page.getByTestId('login-submit').click();
}

/**
 * A browser with no language chosen takes the account's at sign-in (web/src/app/member-language.ts),
 * which an earlier spec may have left Chinese (the administrator's is shared): a spec that says no
 * language means English, so such a browser chooses English first (the page already shows it).
 */
export async function keepEnglishUnlessChosen(page: Page): Promise<void> {
  await page.evaluate(() => localStorage.getItem('lang') ?? localStorage.setItem('lang', 'en'));
}

/** Signs in through the console sign-in page and waits until the console (or `expectPath`) shows. */
export async function uiLogin(page: Page, username = 'admin', password = adminPassword(), expectPath: RegExp = /\/admin(\/(?!login).*)?$/): Promise<void> {
  await page.goto(url('/admin/login'));
  await keepEnglishUnlessChosen(page);
  await submitLogin(page, username, password);
  await expect(page).toHaveURL(expectPath, { timeout: 20_000 });
}

/**
 * A member's own browser: a new context `width` px wide (1400 by default) in `lang` (en by default;
 * zh-cn sets the browser's locale and the app's stored choice), signed in on /login (of `origin`,
 * the server by default) until the workbench shows.
 */
export async function memberBrowser(
  browser: Browser,
  username: string,
  password: string,
  o: { width?: number; lang?: string; origin?: string } = {},
): Promise<Page> {
  const page = await signInPage(browser, o);
  // A browser with no choice yet stays English (an account's language must not turn later specs' browsers).
  if (!o.lang) await keepEnglishUnlessChosen(page);
  await signInToWorkspace(page, username, password);
  return page;
}

/** The side menu of the console shell. */
export function sideMenu(page: Page): Locator {
  return page.locator('.ant-pro-sider .ant-menu-root, .ant-layout-sider .ant-menu-root').first();
}

/** The antd confirm dialog's OK button (English OK, Chinese 确定 which antd spaces as 确 定). */
export function confirmOk(page: Page): Locator {
  return page.locator('.ant-modal-confirm .ant-modal-confirm-btns .ant-btn-primary, .ant-popconfirm .ant-btn-primary').first();
}

/** A unique marker for records this run creates. */
export function marker(what: string): string {
  return `E2E ${what} ${Date.now().toString(36)}`;
}

/** Opens a path of the app under test in `page`. */
export const go = (page: Page, path: string) => page.goto(base() + path);

/** The visible one of the workspace's two navigations (top on a wide screen, bottom on a phone). */
export const nav = (page: Page, tab: string): Locator => page.getByTestId(`ws-nav-${tab}`).filter({ visible: true });

/** The page's scroll width in px (a 390 px screen must not scroll sideways). */
export const pageWidth = (page: Page): Promise<number> => page.evaluate(() => document.documentElement.scrollWidth);

/** A new browser context as memberBrowser makes it (width, lang, origin), on the sign-in page, not yet signed in. */
export async function signInPage(browser: Browser, o: { width?: number; lang?: string; origin?: string } = {}): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: o.width ?? 1400, height: 860 }, locale: o.lang === 'zh-cn' ? 'zh-CN' : 'en-US' });
  const page = await context.newPage();
  await page.goto(`${o.origin ?? base()}/login`);
  if (o.lang) {
    await page.evaluate((l) => localStorage.setItem('lang', l), o.lang);
    await page.reload();
  }
  return page;
}

/** Signs in on the sign-in page `page` shows and waits until the workbench does. */
export async function signInToWorkspace(page: Page, username: string, password: string): Promise<void> {
  await submitLogin(page, username, password);
  await expect(page).toHaveURL(/\/workbench/, { timeout: 20_000 });
}

/** A member the administrator makes: `id` is filled in once made. */
export interface NewMember {
  username: string;
  nickName: string;
  id: number;
}

/** The administrator makes `members` (role member, `password`) through the API and fills in their ids. */
export async function makeMembers(members: NewMember[], password: string, admin?: Api): Promise<Api> {
  const api = admin ?? (await Api.admin());
  const roles = await api.post<Array<{ id: number; label: string }>>('/admin/base/sys/role/list', {});
  const member = roles.find((r) => r.label === 'member')!;
  for (const u of members) {
    const made = await api.post<{ id: number }>('/admin/base/sys/user/add', { username: u.username, password, nickName: u.nickName, roleIdList: [member.id] });
    u.id = Number(made.id);
  }
  return api;
}

/** Leaves /payment for the fake provider's page, presses Pay there and waits until /payment shows the order paid. */
export async function payAt(page: Page, provider: 'stripe' | 'alipay'): Promise<string> {
  await expect(page).toHaveURL(/\/payment\?orderNo=/);
  const orderNo = new URL(page.url()).searchParams.get('orderNo') ?? '';
  await clickStill(page.getByTestId(`pay-option-${provider}`));
  await page.getByTestId('pay-go').click();
  await page.waitForURL((u) => !u.href.startsWith(base()), { timeout: 20_000 });
  await page.getByRole('button', { name: /pay/i }).click();
  await expect(page).toHaveURL(/\/payment\?orderNo=/, { timeout: 20_000 });
  await expect(page.getByTestId('pay-result')).toHaveAttribute('data-shown', 'paid', { timeout: 20_000 });
  return orderNo;
}
