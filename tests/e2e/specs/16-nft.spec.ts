/**
 * NFT staking in the browser (issue 22) against the fake chain of global-setup.ts (nft-chain.ts): a
 * test wallet holds three items, the third without metadata. With a fake Keplr (fake-keplr.ts: real
 * CosmJS wallets in Node, so the node checks real signatures) a member opens the screen from the
 * member menu, connects, links the wallet to the account (ADR-36), sees the items (the third as
 * 'NFT #3'), stakes one (it moves to the staked list, the node saw gas 300000 and fee 7500ustars,
 * and isNftStacked answers true), and unstakes it (gas 200000). A transaction the node refuses shows
 * '质押失败: ' / '解除质押失败: ' with the cause; without the extension the screen says '请安装Keplr钱包'.
 * Screenshots (desktop and 390 px) land in tests/e2e/artifacts/22-nft-*.png.
 */
import { test, expect, type Browser, type Page } from '@playwright/test';
import { Api, base, clickStill, shot, skipWithoutServer, submitLogin } from '../helpers';
import { installFakeKeplr, type FakeKeplr } from '../fake-keplr';
import { chainControl } from '../nft-chain';

skipWithoutServer();
test.describe.configure({ mode: 'serial' });

const PASSWORD = 'Member-Pass-1';
const run = Date.now().toString(36);
const holder = { username: `nft_holder_${run}`, nickName: `Nia ${run}` };
const plain = { username: `nft_plain_${run}`, nickName: `Noa ${run}` };
const env = (k: string) => process.env[k] ?? '';

test.beforeAll(async () => {
  const admin = await Api.admin();
  const roles = await admin.post<Array<{ id: number; label: string }>>('/admin/base/sys/role/list', {});
  const member = roles.find((r) => r.label === 'member')!;
  for (const u of [holder, plain]) {
    await admin.post('/admin/base/sys/user/add', { username: u.username, password: PASSWORD, nickName: u.nickName, roleIdList: [member.id] });
  }
});

async function signIn(browser: Browser, who: { username: string }, opts: { keplr: boolean; width?: number }): Promise<{ page: Page; keplr: FakeKeplr | null }> {
  const context = await browser.newContext({ viewport: { width: opts.width ?? 1400, height: 860 }, locale: 'en-US' });
  const keplr = opts.keplr
    ? await installFakeKeplr(context, { mnemonic: env('E2E_CHAIN_MNEMONIC'), prefix: env('E2E_CHAIN_PREFIX'), chainId: env('E2E_CHAIN_ID') })
    : null;
  const page = await context.newPage();
  await page.goto(`${base()}/login`);
  await submitLogin(page, who.username, PASSWORD);
  await expect(page).toHaveURL(/\/workbench/, { timeout: 20_000 });
  return { page, keplr };
}

const list = (page: Page, which: 'owned' | 'staked') => page.getByTestId(`nft-${which}`);
const card = (page: Page, which: 'owned' | 'staked', id: string) => list(page, which).locator(`[data-testid="nft-card"][data-token="${id}"]`);

async function connect(page: Page): Promise<void> {
  await page.getByTestId('nft-connect').click();
  await expect(page.getByTestId('nft-screen')).toHaveAttribute('data-phase', 'connected', { timeout: 20_000 });
  await expect(list(page, 'owned')).toBeVisible();
}

test('a member connects Keplr, links the wallet, sees the items, stakes one and unstakes it', async ({ browser }) => {
  const { page, keplr } = await signIn(browser, holder, { keplr: true });
  await page.getByTestId('user-name').click();
  await clickStill(page.getByTestId('ws-menu-nft'));
  await expect(page).toHaveURL(/\/nft$/);
  await expect(page.getByTestId('nft-connect')).toBeVisible();
  await shot(page, '22-nft-not-connected');

  await connect(page);
  await expect(page.getByTestId('nft-address')).toHaveAttribute('data-address', keplr!.address);
  expect(keplr!.calls.find((c) => c.kind === 'enable')?.args).toEqual({ chainId: env('E2E_CHAIN_ID') });

  // Linking: the wallet signed the server's challenge, the server checked it and stored the address.
  await expect(page.getByTestId('nft-linked')).toBeVisible({ timeout: 15_000 });
  expect(keplr!.calls.filter((c) => c.kind === 'signArbitrary')).toHaveLength(1);
  const api = await Api.login(holder.username, PASSWORD);
  expect((await api.get<{ starWalletAddress?: string | null }>('/admin/base/comm/person')).starWalletAddress).toBe(keplr!.address);

  // The owned list: two items with their metadata and pictures, the third as the placeholder.
  await expect(list(page, 'owned').getByTestId('nft-card')).toHaveCount(3, { timeout: 20_000 });
  await expect(card(page, 'owned', '1').getByTestId('nft-name')).toHaveText('Nebula Fox');
  await expect(card(page, 'owned', '2').getByTestId('nft-name')).toHaveText('Comet Owl');
  await expect(card(page, 'owned', '3').getByTestId('nft-name')).toHaveText('NFT #3');
  await expect(card(page, 'owned', '3')).toHaveAttribute('data-placeholder', '1');
  await expect(card(page, 'owned', '3').getByTestId('nft-image')).toHaveCount(0);
  const image = card(page, 'owned', '1').getByTestId('nft-image');
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(list(page, 'staked').getByTestId('nft-card')).toHaveCount(0);
  await shot(page, '22-nft-owned');

  // Stake #1: it moves to the staked list; the node saw the message, gas and fee docs/reference/calls/nft.md fixes.
  await card(page, 'owned', '1').getByTestId('nft-stake').click();
  await expect(card(page, 'staked', '1')).toBeVisible({ timeout: 30_000 });
  await expect(card(page, 'owned', '1')).toHaveCount(0);
  await expect(list(page, 'owned').getByTestId('nft-card')).toHaveCount(2);
  await expect(page.getByTestId('nft-error')).toHaveCount(0);
  await expect(page.getByTestId('nft-screen')).toHaveAttribute('data-loading', '0');
  let state = await chainControl.state();
  expect(state.staked).toEqual(['1']);
  const stake = state.txs.at(-1)!;
  expect(stake).toMatchObject({ ok: true, gasLimit: 300_000, fee: [{ denom: env('E2E_CHAIN_DENOM'), amount: '7500' }], signer: keplr!.address });
  expect(JSON.stringify(stake.msgs)).toContain('send_nft');
  expect(await api.post('/admin/base/sys/user/isNftStacked', {})).toEqual({ staked: true, tokenIds: ['1'], wallet: keplr!.address });
  await list(page, 'staked').scrollIntoViewIfNeeded();
  await shot(page, '22-nft-staked');

  // Unstake #1: back in the wallet.
  await card(page, 'staked', '1').getByTestId('nft-unstake').click();
  await expect(card(page, 'owned', '1')).toBeVisible({ timeout: 30_000 });
  await expect(list(page, 'staked').getByTestId('nft-card')).toHaveCount(0);
  state = await chainControl.state();
  expect(state.staked).toEqual([]);
  expect(state.owned).toEqual(['1', '2', '3']);
  expect(state.txs.at(-1)).toMatchObject({ ok: true, gasLimit: 200_000, fee: [{ denom: env('E2E_CHAIN_DENOM'), amount: '5000' }] });
  expect(keplr!.calls.filter((c) => c.kind === 'signDirect')).toHaveLength(2);
  await page.context().close();
});

test('transactions the node refuses show 质押失败 / 解除质押失败 with the cause (390 px)', async ({ browser }) => {
  const { page, keplr } = await signIn(browser, holder, { keplr: true, width: 390 });
  await page.goto(`${base()}/nft`);
  await connect(page);
  // Already linked: no second signature is asked for.
  await expect(page.getByTestId('nft-linked')).toBeVisible();
  expect(keplr!.calls.filter((c) => c.kind === 'signArbitrary')).toHaveLength(0);
  await expect(list(page, 'owned').getByTestId('nft-card')).toHaveCount(3, { timeout: 20_000 });
  await shot(page, '22-nft-owned-390');

  await chainControl.refuseNext('fake node: out of luck');
  await card(page, 'owned', '2').getByTestId('nft-stake').click();
  const error = page.getByTestId('nft-error');
  await expect(error).toContainText(/^质押失败: .*fake node: out of luck/, { timeout: 30_000 });
  await expect(card(page, 'owned', '2')).toBeVisible();
  await expect(list(page, 'staked').getByTestId('nft-card')).toHaveCount(0);
  expect((await chainControl.state()).staked).toEqual([]);
  await error.scrollIntoViewIfNeeded();
  await shot(page, '22-nft-stake-refused-390');

  // Staked for real, then the unstake is refused: the item stays staked.
  await card(page, 'owned', '2').getByTestId('nft-stake').click();
  await expect(card(page, 'staked', '2')).toBeVisible({ timeout: 30_000 });
  await expect(error).toHaveCount(0);
  await chainControl.refuseNext('fake node: not today');
  await card(page, 'staked', '2').getByTestId('nft-unstake').click();
  await expect(error).toContainText(/^解除质押失败: .*fake node: not today/, { timeout: 30_000 });
  await expect(card(page, 'staked', '2')).toBeVisible();
  await card(page, 'staked', '2').getByTestId('nft-unstake').click();
  await expect(card(page, 'owned', '2')).toBeVisible({ timeout: 30_000 });
  expect((await chainControl.state()).staked).toEqual([]);
  await page.context().close();
});

test("without the Keplr extension the personal centre's NFT tab says 请安装Keplr钱包", async ({ browser }) => {
  for (const width of [1400, 390]) {
    const { page } = await signIn(browser, plain, { keplr: false, width });
    await page.goto(`${base()}/my/info?tab=nft`);
    await expect(page.getByTestId('nft-screen')).toBeVisible();
    await page.getByTestId('nft-connect').click();
    await expect(page.getByTestId('nft-error')).toHaveText('请安装Keplr钱包');
    await expect(page.getByTestId('nft-screen')).toHaveAttribute('data-phase', 'idle');
    await shot(page, width === 390 ? '22-nft-no-keplr-390' : '22-nft-no-keplr');
    await page.context().close();
  }
});
