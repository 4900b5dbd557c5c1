// The page: cross-origin isolated with live worker threads; a plain fallback without.
import { test, before, after, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { serve } from './server.mjs';
import { launch, DIST } from './browser.mjs';
import { shot, spawn, ticks, noErrors } from './helpers.mjs';

let browser, isolated, plain;
before(async () => {
  browser = await launch();
  isolated = await serve(DIST, { isolated: true });
  plain = await serve(DIST, { isolated: false });
});
after(async () => { await browser?.close(); await isolated?.close(); await plain?.close(); });
// A live page left open would keep its Ms computing while the next test runs.
afterEach(async () => { await browser?.closePages(); });

test('served with COOP/COEP: isolated, Ms on workers advance the shared scheduler', async () => {
  const page = await browser.newPage();
  // CPU-bound goroutines that compute for 10 s from their start (a live run takes wall
  // time): the Ps stay busy long enough to watch their schedticks rise even when the
  // page is slow to show two running Ms.
  await page.goto(`${isolated.url}?p.work=10s`);
  assert.equal(await page.evaluate(() => self.crossOriginIsolated), true);
  await page.waitForSelector('#status[data-state="live-ready"]', { state: 'attached', timeout: 30_000 });
  await page.waitForSelector('#driver-badge.live');
  await page.selectOption('#speed', '1');
  await spawn(page, 'cpu', 40);
  // Several Ms run goroutines at once, each on its own worker.
  await page.waitForFunction(() => document.querySelectorAll('#ms li[data-state="running"]').length >= 2,
    null, { timeout: 20_000 });
  // Schedticks are written by the Ms on worker threads; this thread only reads them.
  const sum = (t) => t.reduce((x, y) => x + y, 0);
  const a = await ticks(page);
  await page.waitForFunction((a0) => [...document.querySelectorAll('.pcard .tick')]
    .reduce((x, e) => x + Number(e.textContent.replace(/\D/g, '')), 0) > a0, sum(a), { timeout: 5_000 }).catch(() => {});
  const b = await ticks(page);
  assert.ok(sum(b) > sum(a), `no progress in 5 s: ${a} -> ${b}`);
  const rafMs = await page.evaluate(() => new Promise((r) => {
    const t = performance.now(); requestAnimationFrame(() => r(performance.now() - t));
  }));
  assert.ok(rafMs < 500, `main thread blocked for ${rafMs} ms`);
  await shot(page, 'foundation-live');
  noErrors(page, assert);
});

test('served without COOP/COEP: says so plainly, and runs the deterministic driver', async () => {
  const page = await browser.newPage();
  await page.goto(plain.url);
  assert.equal(await page.evaluate(() => self.crossOriginIsolated), false);
  const notice = await page.waitForSelector('#status[data-state="not-isolated"]', { timeout: 20_000 });
  const text = await notice.textContent();
  assert.match(text, /not cross-origin isolated/);
  assert.match(text, /deterministic driver/);
  assert.match(await page.textContent('#driver-badge'), /deterministic/);
  await spawn(page, 'cpu', 5);
  await page.waitForFunction(() => /[1-9]/.test(document.querySelector('#schedtrace').textContent), null, { timeout: 20_000 });
  await shot(page, 'foundation-not-isolated');
  noErrors(page, assert);
});
