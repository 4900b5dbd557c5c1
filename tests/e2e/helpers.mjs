// Page helpers shared by the end-to-end tests.
import path from 'node:path';
import { ARTIFACTS } from './browser.mjs';

export const shot = (page, name) => page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage: true });

/** Sets a <select> and lets the page react. */
export async function choose(page, sel, value) {
  await page.selectOption(sel, value);
}

/** Types into a text field as a person does: click it, select what is there, type. */
export async function typeInto(page, sel, text) {
  await page.click(sel, { clickCount: 3 });
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(text, { delay: 40 });
}

/** Spawns `n` goroutines of a kind through the controls, typing N with the keyboard. */
export async function spawn(page, kind, n) {
  await typeInto(page, '#spawn-n', String(n));
  await page.click(`#spawn-${kind}`);
}

/** How many of the learner's goroutines are alive, and how many are CPU-bound. */
export const alive = (page) => page.$eval('#gcount', (e) => ({ user: Number(e.dataset.user), cpu: Number(e.dataset.cpu) }));

/** Every P card's schedtick. */
export const ticks = (page) => page.$$eval('.pcard .tick', (els) => els.map((e) => Number(e.textContent.replace(/\D/g, ''))));

/** The feed's text. */
export const feed = (page) => page.$eval('#feed', (e) => e.textContent);

/** Fails with the page's own errors if any were logged. */
export function noErrors(page, assert) {
  assert.deepEqual(page.errors, [], `page errors: ${page.errors.join('\n')}`);
}
