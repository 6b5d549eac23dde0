/**
 * The pictures of the user guide (docs/user/): a spec calls `docShot(page, name)` at the moment its
 * step shows a screen the guide describes. Every run of the suite takes them (in
 * tests/e2e/artifacts/doc-screens/, so a run leaves the tree clean); `npm run docs:screens` runs the
 * journeys that take them with DOC_SHOTS=1, which writes them to docs/user/screens/<name>.jpg. A JPEG of the viewport as the step has it (quality 60:
 * a wide screen stays well under 120 KB). The name is a string literal: tests/unit/doc-shots.test.ts
 * reads the calls and checks that docs/user links every picture and links no picture that is missing.
 *
 * @example
 * await expect(card).toContainText(title);
 * await docShot(page, 'store'); // docs/user/store-and-selling.md: ![The store](screens/store.jpg)
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { settled } from './helpers';

/** Where the guide's pictures are: the guide itself with DOC_SHOTS=1, else the run's artifacts. */
export const DOC_SHOTS = resolve(__dirname, process.env.DOC_SHOTS === '1' ? '../../docs/user/screens' : './artifacts/doc-screens');

/** Toasts come and go with the timing of a run: the guide's pictures leave them out. */
const TRANSIENT_HIDDEN = '.ant-message, .ant-notification { visibility: hidden !important; }';

/** Writes the viewport of `page` to <DOC_SHOTS>/<name>.jpg once it is still; `mask` covers what must not show. */
export async function docShot(page: Page, name: string, o: { mask?: Locator[] } = {}): Promise<void> {
  if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(name)) throw new Error(`doc shot name ${name}: lower-case words joined by dashes`);
  mkdirSync(DOC_SHOTS, { recursive: true });
  await settled(page);
  await page.screenshot({ path: join(DOC_SHOTS, `${name}.jpg`), type: 'jpeg', quality: 60, mask: o.mask, maskColor: '#d9d9d9', style: TRANSIENT_HIDDEN });
}
