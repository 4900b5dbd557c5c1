// The first page: cross-origin isolated with live worker threads; a plain fallback without.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { serve } from './server.mjs';
import { launch, DIST, ARTIFACTS } from './browser.mjs';

let browser, isolated, plain;
before(async () => {
  browser = await launch();
  isolated = await serve(DIST, { isolated: true });
  plain = await serve(DIST, { isolated: false });
});
after(async () => { await browser?.close(); await isolated?.close(); await plain?.close(); });

const counts = (page) => page.$$eval('output[data-m]', (els) => els.map((e) => Number(e.textContent)));

test('served with COOP/COEP: isolated, and every M worker advances shared state', async () => {
  const page = await browser.newPage();
  await page.goto(isolated.url);
  assert.equal(await page.evaluate(() => self.crossOriginIsolated), true);
  await page.waitForSelector('#status[data-state="live"]', { timeout: 20_000 });
  // Each M's count is written only by its worker thread; wait until all have moved.
  await page.waitForFunction(() => {
    const els = [...document.querySelectorAll('output[data-m]')];
    return els.length >= 2 && els.every((e) => Number(e.textContent) > 0);
  }, null, { timeout: 20_000 });
  const first = await counts(page);
  await page.waitForTimeout(600);
  const second = await counts(page);
  assert.equal(second.length, first.length);
  second.forEach((n, i) => assert.ok(n > first[i], `M${i} did not advance: ${first[i]} -> ${n}`));
  // The main thread stays responsive while workers spin: a rAF round trip completes fast.
  const rafMs = await page.evaluate(() => new Promise((r) => {
    const t = performance.now(); requestAnimationFrame(() => r(performance.now() - t));
  }));
  assert.ok(rafMs < 500, `main thread blocked for ${rafMs} ms`);
  await page.screenshot({ path: path.join(ARTIFACTS, 'foundation-live.png') });
  assert.deepEqual(page.errors, []);
});

test('served without COOP/COEP: says so plainly and still renders', async () => {
  const page = await browser.newPage();
  await page.goto(plain.url);
  assert.equal(await page.evaluate(() => self.crossOriginIsolated), false);
  const notice = await page.waitForSelector('#status[data-state="not-isolated"]', { timeout: 20_000 });
  const text = await notice.textContent();
  assert.match(text, /not cross-origin isolated/);
  assert.match(text, /deterministic driver/);
  assert.ok(await page.$('h1'), 'page heading rendered');
  await page.screenshot({ path: path.join(ARTIFACTS, 'foundation-not-isolated.png') });
  assert.deepEqual(page.errors, []);
});
