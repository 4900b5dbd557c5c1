// Page helpers shared by the end-to-end tests.
import path from 'node:path';
import { ARTIFACTS } from './browser.mjs';

export const shot = (page, name) => page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage: true });

/** Sets a <select> and lets the page react. */
export async function choose(page, sel, value) {
  await page.selectOption(sel, value);
}

/** Spawns `n` goroutines of a kind through the controls. */
export async function spawn(page, kind, n) {
  await page.fill('#spawn-n', String(n));
  await page.dispatchEvent('#spawn-n', 'change');
  await page.click(`#spawn-${kind}`);
}

/** Every P card's schedtick. */
export const ticks = (page) => page.$$eval('.pcard .tick', (els) => els.map((e) => Number(e.textContent.replace(/\D/g, ''))));

/** The feed's text. */
export const feed = (page) => page.$eval('#feed', (e) => e.textContent);

/** Fails with the page's own errors if any were logged. */
export function noErrors(page, assert) {
  assert.deepEqual(page.errors, [], `page errors: ${page.errors.join('\n')}`);
}
