// The main thread under load (not a test: figures for the notes). Run after a release build:
//   node tests/e2e/bench-longtask.mjs
// 1. The learner's own program starting 100,000 goroutines that all park on one channel,
//    then closing it (bench/go/parked.go): run on the live driver (isolated: Ms on
//    workers) and on the deterministic one, to its end; the longest main-thread task (the browser's
//    `longtask` entries, PerformanceObserver) while it runs. Goal: none over 100 ms.
// 2. The spawn scenario opened at step=100000, then Step back (the `,` key) five times:
//    the time from the key until the step before is on screen. Goal: <= 50 ms.
import { serve } from './server.mjs';
import fs from 'node:fs';
import path from 'node:path';
import { launch, DIST, ROOT } from './browser.mjs';

const PROG = fs.readFileSync(path.join(ROOT, 'bench/go/parked.go'), 'utf8');
const browser = await launch();
const isolated = await serve(DIST, { isolated: true });
const plain = await serve(DIST, { isolated: false });
const observe = () => {
  window.__long = [];
  new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__long.push(e.duration); })
    .observe({ type: 'longtask', buffered: true });
};
try {
  for (const [driver, srv] of [['live', isolated], ['sim', plain]]) {
    const page = await browser.newPage();
    await page.goto(`${srv.url}?scenario=gosched&driver=${driver}&speed=1`);
    await page.waitForSelector('#src-edit');
    await page.evaluate(observe);
    await page.click('#src-edit');
    await page.click('#src-text');
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.press('Delete');
    await page.$eval('#src-text', (t, v) => { t.value = v; t.dispatchEvent(new InputEvent('input', { bubbles: true })); }, PROG);
    await page.evaluate(() => { window.__long = []; });
    const t0 = Date.now();
    await page.keyboard.press('Control+Enter');
    await page.waitForFunction(() => document.querySelector('#stdout')?.textContent.includes('all 100000 done'), null, { timeout: 300_000 });
    const took = Date.now() - t0;
    const long = await page.evaluate(() => window.__long);
    const max = long.length ? Math.max(...long) : 0;
    console.log(`${driver}: 100,000 goroutines of the learner's program: ran in ${took} ms; main-thread tasks over 50 ms: ${long.length}, longest ${max.toFixed(0)} ms (goal <= 100 ms)`);
    await page.close();
  }
  const page = await browser.newPage();
  await page.goto(`${plain.url}?scenario=spawn&driver=sim&step=100000`);
  await page.waitForFunction(() => document.querySelector('#stepno')?.textContent.replace(/\D/g, '') === '100000', null, { timeout: 300_000 });
  await page.evaluate(observe);
  const backs = [];
  for (let i = 0; i < 5; i++) {
    const before = await page.$eval('#stepno', (e) => e.textContent.replace(/\D/g, ''));
    await page.click('h1');
    const t0 = Date.now();
    await page.keyboard.press(',');
    await page.waitForFunction((b) => document.querySelector('#stepno')?.textContent.replace(/\D/g, '') !== b, before, { timeout: 30_000, polling: 'raf' });
    backs.push(Date.now() - t0);
  }
  const long = await page.evaluate(() => window.__long);
  console.log(`sim: step back from step=100000 (spawn), 5 times: ${backs.join(', ')} ms until on screen (frames of 16 ms included; goal <= 50 ms); main-thread tasks over 50 ms meanwhile: ${long.length}${long.length ? `, longest ${Math.max(...long).toFixed(0)} ms` : ''}`);
  if (page.errors?.length) console.log('page errors:', page.errors);
} finally {
  await browser.close(); await isolated.close(); await plain.close();
}
